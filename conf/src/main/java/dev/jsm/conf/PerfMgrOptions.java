package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.POSITIVE;
import static dev.jsm.conf.OptionList.U31;

import java.util.List;

/**
 * Options of the {@link OptionGroup#PERFMGR} section: the performance manager. All need a restart. Each constant's
 * description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class PerfMgrOptions {

    private static final OptionList L = new OptionList(OptionGroup.PERFMGR);

    public static final Option<Boolean> PERFMGR = L.restart("perfmgr", BOOL, false,
            "Run the performance manager");
    public static final Option<Boolean> PERFMGR_REDIR = L.restart("perfmgr_redir", BOOL, true,
            "Follow redirection in PerfMgt ClassPortInfo");
    public static final Option<Long> PERFMGR_SWEEP_TIME_S = L.restart("perfmgr_sweep_time_s",
            IntType.range(1, 0xFFFF), 180L, "Seconds between two sweeps of the performance counters");
    public static final Option<Long> PERFMGR_MAX_OUTSTANDING_QUERIES = L.restart("perfmgr_max_outstanding_queries",
            POSITIVE, 500L, "Counter queries in flight at once");
    public static final Option<Boolean> PERFMGR_IGNORE_CAS = L.restart("perfmgr_ignore_cas", BOOL, false,
            "Read counters of switches only, not of CAs");
    public static final Option<Boolean> PERFMGR_RM_NODES = L.restart("perfmgr_rm_nodes", BOOL, true,
            "Forget the counters of nodes that left the fabric");
    public static final Option<Boolean> PERFMGR_LOG_ERRORS = L.restart("perfmgr_log_errors", BOOL, true,
            "Log increases of error counters");
    public static final Option<Boolean> PERFMGR_QUERY_CPI = L.restart("perfmgr_query_cpi", BOOL, true,
            "Ask each port's PerfMgt ClassPortInfo whether it has 64-bit counters and XmitWait");
    public static final Option<Boolean> PERFMGR_XMIT_WAIT_LOG = L.restart("perfmgr_xmit_wait_log", BOOL, false,
            "Log XmitWait increases");
    public static final Option<Long> PERFMGR_XMIT_WAIT_THRESHOLD = L.restart("perfmgr_xmit_wait_threshold", U31,
            65535L, "XmitWait increase that is logged when perfmgr_xmit_wait_log is TRUE");

    static final List<Option<?>> ALL = L.all();

    private PerfMgrOptions() {
    }
}
