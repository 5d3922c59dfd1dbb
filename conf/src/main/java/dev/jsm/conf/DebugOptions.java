package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.PATH;
import static dev.jsm.conf.OptionList.TEXT;
import static dev.jsm.conf.OptionList.U31;

import dev.jsm.conf.IntType.Style;
import java.util.List;

/**
 * Options of the {@link OptionGroup#DEBUG} section (logging, dumps, quirks, the console) and the
 * {@link OptionGroup#LOG_PREFIX} option OpenSM writes last. Each constant's description string is its
 * documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class DebugOptions {

    private static final OptionList L = new OptionList(OptionGroup.DEBUG);

    public static final Option<Long> LOG_FLAGS = L.live("log_flags", IntType.range(0, 255, Style.HEX2), 3L,
            "Log levels as a mask: 0x01 error, 0x02 info, 0x04 verbose, 0x08 debug, 0x10 function trace, "
                    + "0x20 MAD frames, 0x40 routing dumps, 0x80 system events");
    public static final Option<Boolean> FORCE_LOG_FLUSH = L.live("force_log_flush", BOOL, false,
            "Flush the log file after every message");
    public static final Option<String> LOG_FILE = L.restart("log_file", PATH, "/var/log/opensm.log",
            "Log file; stdout writes to standard output");
    public static final Option<Long> LOG_MAX_SIZE = L.live("log_max_size", U31, 0L,
            "Size limit of the log file in MB, after which it starts over; 0 means no limit");
    /** Read at start only (OpenSM re-reads it, but also opens the file at start only). */
    public static final Option<Boolean> ACCUM_LOG_FILE = L.restart("accum_log_file", BOOL, true,
            "Append to the log file across runs instead of truncating it at start-up");
    public static final Option<String> PER_MODULE_LOGGING_FILE = L.restart("per_module_logging_file", PATH,
            "/etc/opensm/per-module-logging.conf", "File of per-module log masks, one module and mask per line");
    public static final Option<String> DUMP_FILES_DIR = L.restart("dump_files_dir", PATH, "/var/log/",
            "Directory the dump files are written to");
    public static final Option<Boolean> ENABLE_QUIRKS = L.live("enable_quirks", BOOL, false,
            "Turn on risky behaviour and device-specific work-arounds");
    public static final Option<Boolean> NO_CLIENTS_REREG = L.live("no_clients_rereg", BOOL, false,
            "Never set ClientReregister to make clients renew their SA registrations");
    public static final Option<Boolean> DISABLE_MULTICAST = L.live("disable_multicast", BOOL, false,
            "Program no multicast tables and tell SA clients (ClassPortInfo) that multicast is not supported");
    public static final Option<Boolean> EXIT_ON_FATAL = L.live("exit_on_fatal", BOOL, true,
            "Exit on fatal subnet problems such as duplicate port GUIDs");
    public static final Option<String> CONSOLE = L.restart("console", ChoiceType.of("off", "local", "loopback",
            "socket"), "off", "Console, /metrics and /status on console_port: off, loopback (127.0.0.1) or socket "
                    + "(all addresses); local means a console on this terminal");
    public static final Option<Long> CONSOLE_PORT = L.restart("console_port", IntType.range(1, 0xFFFF), 10000L,
            "TCP port of the loopback and socket consoles (also /metrics and /status)");
    /**
     * Extension: the web console's own port, HTTP only, on the address {@code console} chooses (a browser's silent
     * preconnected sockets would be taken for telnet users on {@code console_port}); docs/operations.md, "Web console".
     */
    public static final Option<Long> WEB_CONSOLE_PORT = L.extension("web_console_port", IntType.range(0, 0xFFFF), 0L,
            "TCP port of the web console (HTTP only: pages, /metrics, /status) beside console_port, on the address "
                    + "console chooses (loopback or socket); 0: no web console");
    /** Extension: whether the web console offers its actions (docs/operations.md, "Web console"). */
    public static final Option<Boolean> WEB_CONSOLE_ACTIONS = L.extension("web_console_actions", BOOL, false,
            "Let the web console resweep and turn sweeping on or off (POST with the X-Jsm-Action header); FALSE: "
                    + "read-only");

    /** Seed option: what the activity report ({@code opensm-activity.dump} in dump_files_dir) records. */
    public static final Option<String> ACTIVITY_REPORT_SUBJECTS = L.liveExtension("activity_report_subjects", TEXT,
            "none", "Subjects the activity report opensm-activity.dump in dump_files_dir records, comma separated: "
                    + "mc, prtn, virt, routing, or all; none writes no report (seed)");

    static {
        L.group(OptionGroup.LOG_PREFIX);
    }

    public static final Option<String> LOG_PREFIX = L.live("log_prefix", TEXT, null,
            "Text put in front of every log message");

    static final List<Option<?>> ALL = L.all();

    private DebugOptions() {
    }
}
