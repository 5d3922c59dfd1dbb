package dev.jsm.daemon;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.HandoverOptions;
import dev.jsm.conf.Option;
import dev.jsm.conf.OptionStatus;
import dev.jsm.conf.OptionStatusTable;
import dev.jsm.conf.ReloadResult;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.TimingOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.log.LogSettings;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Says what jsm makes of the options ({@link OptionStatusTable}) and hands a re-read config file's changes to the
 * parts of the daemon that keep a value of their own rather than reading the {@code StageServices}' options where
 * they use them: the log ({@code log_flags}, {@code log_prefix}, {@code log_max_size}), the SMP window
 * ({@code max_wire_smps}, {@code max_wire_smps2}, {@code max_smps_timeout}), the election ({@code sm_priority}) and
 * the activity report ({@code activity_report_subjects}).
 * The routing engines set themselves up again when the options change ({@code UnicastRouting}); every other
 * reloadable option is read from the options in force where it is used.
 *
 * <p>Confined to the event loop thread.
 *
 * <p>In detail: docs/design/daemon.md#optionchanges.
 */
final class OptionChanges {

    private static final Logger LOG = LogManager.getLogger(OptionChanges.class);

    private final MadTransactions transactions;
    private final SmpSender smps;
    private final HighAvailability ha;
    private final ActivityReport activity;

    /**
     * @param transactions the SMP window to widen or narrow
     * @param smps the SMP sender, whose backlog follows the window
     * @param ha the election, told about a changed priority
     * @param activity the activity report, told about changed subjects
     */
    OptionChanges(MadTransactions transactions, SmpSender smps, HighAvailability ha, ActivityReport activity) {
        this.transactions = transactions;
        this.smps = smps;
        this.ha = ha;
        this.activity = activity;
    }

    /** Warns once about each option {@code options} set to a value jsm does not honour. */
    static void warnUnhonoured(SmOptions options) {
        for (OptionStatus s : OptionStatusTable.unhonoured(options)) {
            warn(s, options.format(s.option()));
        }
    }

    /** Logs the changes of a re-read file and applies the reloadable ones that need applying. */
    void apply(ReloadResult r) {
        for (ReloadResult.Change c : r.applied()) {
            OptionStatus s = OptionStatusTable.of(c.option());
            if (s.level() == OptionStatus.Level.NOT_IMPLEMENTED) {
                notImplemented(s, c);
                continue;
            }
            LOG.info("option {} (reloaded)", c);
            if (s.unhonoured(c.newValue())) {
                warn(s, c.newValue());
            }
        }
        for (ReloadResult.Change c : r.restartRequired()) {
            OptionStatus s = OptionStatusTable.of(c.option());
            if (s.level() == OptionStatus.Level.NOT_IMPLEMENTED) {
                notImplemented(s, c);
            } else {
                LOG.warn("MAIN-0806 option {} needs a restart to take effect", c);
            }
        }
        SmOptions o = r.options();
        LogSettings log = LogSettings.of(o);
        if (changed(r, DebugOptions.LOG_FLAGS)) {
            LogSetup.setFlags(log.flags());
        }
        if (changed(r, DebugOptions.LOG_PREFIX)) {
            LogSetup.setPrefix(log.prefix());
        }
        if (changed(r, DebugOptions.LOG_MAX_SIZE)) {
            LogSetup.setMaxBytes(log.maxBytes());
        }
        if (changed(r, TimingOptions.MAX_WIRE_SMPS) || changed(r, TimingOptions.MAX_WIRE_SMPS2)
                || changed(r, TimingOptions.MAX_SMPS_TIMEOUT)) {
            TransactionSettings window = Daemon.transactionSettings(o);
            transactions.setWindow(window);
            smps.fitWindow(window);
        }
        if (changed(r, HandoverOptions.SM_PRIORITY)) {
            ha.setPriority(o.smPriority());
        }
        if (changed(r, DebugOptions.ACTIVITY_REPORT_SUBJECTS)) {
            activity.configure(o.get(DebugOptions.ACTIVITY_REPORT_SUBJECTS));
        }
    }

    /** A change to an option nothing reads: a warning if the value asks for something, else a note. */
    private static void notImplemented(OptionStatus s, ReloadResult.Change c) {
        if (s.unhonoured(c.newValue())) {
            warn(s, c.newValue());
        } else {
            LOG.info("option {} (not implemented in jsm: no effect)", c);
        }
    }

    private static void warn(OptionStatus s, String value) {
        String id = s.level() == OptionStatus.Level.NOT_IMPLEMENTED ? "MAIN-0816" : "MAIN-0817";
        LOG.warn("{} {}", id, s.warning(value));
    }

    private static boolean changed(ReloadResult r, Option<?> option) {
        return r.applied().stream().anyMatch(c -> c.option() == option);
    }
}
