package dev.jsm.daemon.perfmgr;

import dev.jsm.conf.EventOptions;
import dev.jsm.conf.PerfMgrOptions;
import dev.jsm.conf.SmOptions;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The performance manager's options at start ({@code perfmgr*}, all read once, as OpenSM reads them), with the
 * MAD timeout and retries it shares with the SM and where {@code perfmgr dump_counters} writes.
 *
 * <p>Immutable; safe to share.
 *
 * @param enabled {@code perfmgr}
 * @param sweepTimeS {@code perfmgr_sweep_time_s}
 * @param maxOutstanding {@code perfmgr_max_outstanding_queries}
 * @param ignoreCas {@code perfmgr_ignore_cas}
 * @param rmNodes {@code perfmgr_rm_nodes}
 * @param logErrors {@code perfmgr_log_errors}
 * @param queryCpi {@code perfmgr_query_cpi}
 * @param redirect {@code perfmgr_redir}
 * @param xmitWaitLog {@code perfmgr_xmit_wait_log}
 * @param xmitWaitThreshold {@code perfmgr_xmit_wait_threshold}
 * @param timeout {@code transaction_timeout}: how long one transmission waits
 * @param retries {@code transaction_retries}
 * @param dumpFile {@code event_db_dump_file}, else {@code opensm_port_counters.log} in the dump directory
 */
public record PerfMgrSettings(boolean enabled, int sweepTimeS, int maxOutstanding, boolean ignoreCas,
                              boolean rmNodes, boolean logErrors, boolean queryCpi, boolean redirect,
                              boolean xmitWaitLog, long xmitWaitThreshold, Duration timeout, int retries,
                              Path dumpFile) {

    /** OpenSM's counter dump in the dump directory when {@code event_db_dump_file} is not set. */
    public static final String DEFAULT_DUMP_FILE = "opensm_port_counters.log";

    /** The settings {@code options} give, with dumps going to {@code dumpDir} unless {@code event_db_dump_file}. */
    public static PerfMgrSettings of(SmOptions options, Path dumpDir) {
        String file = options.get(EventOptions.EVENT_DB_DUMP_FILE);
        return new PerfMgrSettings(options.get(PerfMgrOptions.PERFMGR),
                options.getInt(PerfMgrOptions.PERFMGR_SWEEP_TIME_S),
                options.getInt(PerfMgrOptions.PERFMGR_MAX_OUTSTANDING_QUERIES),
                options.get(PerfMgrOptions.PERFMGR_IGNORE_CAS), options.get(PerfMgrOptions.PERFMGR_RM_NODES),
                options.get(PerfMgrOptions.PERFMGR_LOG_ERRORS), options.get(PerfMgrOptions.PERFMGR_QUERY_CPI),
                options.get(PerfMgrOptions.PERFMGR_REDIR), options.get(PerfMgrOptions.PERFMGR_XMIT_WAIT_LOG),
                options.get(PerfMgrOptions.PERFMGR_XMIT_WAIT_THRESHOLD),
                Duration.ofMillis(options.transactionTimeoutMs()), options.transactionRetries(),
                file == null ? dumpDir.resolve(DEFAULT_DUMP_FILE) : Path.of(file));
    }
}
