package dev.jsm.daemon.mgmt;

import dev.jsm.conf.ConfWriter;
import dev.jsm.conf.DebugOptions;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.perfmgr.PerfMgrCommands;
import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;

/**
 * The commands of OpenSM's text console, independent of where the lines come from (a TCP session,
 * {@link ConsoleSession}, or the daemon's terminal, {@link LocalConsole}): one line in, the text to print out. It
 * also keeps the session's {@code status loop}: while it runs, {@link #loopTick} gives the status to print every
 * {@link #LOOP_SECONDS} seconds and every line but {@code q} is answered with a reminder, as OpenSM's console does.
 *
 * <p>One instance per session. Thread-safe (the local console's reader and its loop timer are two threads).
 */
final class ConsoleCommands {

    /** How often {@code status loop} prints the status: OpenSM's 2 seconds. */
    static final int LOOP_SECONDS = 2;
    static final String LOOP_REMINDER = "use \"q<ret>\" to quit loop\n";
    private static final String HELP = """
            Commands:
              help                    this list
              status [loop]           SM state, fabric size, routing engine, sweeps, MAD counters
                                      (loop: again every 2 s until a line "q")
              loglevel [MASK]         show or set the log_flags mask (e.g. 0x03; 0x0f adds verbose and debug)
              permodlog               print the per-module logging file (per_module_logging_file)
              priority [N]            show or set the SM priority (0-15) reported in SMInfo
              resweep [heavy|light]   request a sweep (heavy if not said)
              reroute                 request a heavy sweep that computes the routes again
              sweep [on|off]          enable or disable sweeping ([off] inhibits all sweeping)
              logflush [on|off]       write every log line at once (on), or buffer them (off)
              querylid LID            the port with that LID, its node and the health of the node's ports
              portstatus              cabled ports by state, width and speed; links below their capability
              switchbalance [verbose] [GUID]  CA LIDs per switch-to-switch port of each switch
              lidbalance              switches whose switch ports carry unequal numbers of CA LIDs
              dump_conf               print the options in effect, in opensm.conf format
              update_desc             read every node's NodeDescription again (by a heavy sweep)
              version                 the SM's version
              dump_portguid [file FILE] REGEXP...  port GUIDs of the nodes whose name matches
              plan [CONF]             what a HUP to CONF (the daemon's opensm.conf) as it is on disk would
                                      change, planned on a private copy of the fabric
            """ + "  " + PerfMgrCommands.HELP + "\n" + """
              quit, exit              close this session
            """;

    private final Management management;
    private boolean looping;

    ConsoleCommands(Management management) {
        this.management = management;
    }

    /** What to do after a line's text is printed. */
    enum Next {
        /** Print the prompt and wait for the next line. */
        PROMPT,
        /** Wait for the next line without a prompt ({@code status loop} runs). */
        LOOP,
        /** End the session. */
        CLOSE
    }

    /**
     * The answer to one line.
     *
     * @param text what to print
     * @param next what the session does then
     * @param later the rest of the answer, printed when it is done and before the prompt ({@code plan}); or
     *     {@code null}
     */
    record Reply(String text, Next next, CompletableFuture<String> later) {
        Reply(String text, Next next) {
            this(text, next, null);
        }
    }

    /** The greeting a new session prints before its first prompt. */
    String greeting() {
        return management.version() + " console; type 'help' for the commands\n";
    }

    /** Runs one line. */
    synchronized Reply execute(String line) {
        List<String> words = Arrays.stream(line.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
        String command = words.isEmpty() ? "" : words.get(0).toLowerCase(Locale.ROOT);
        if (looping) {
            if (command.equals("q")) {
                looping = false;
                return new Reply("", Next.PROMPT);
            }
            return new Reply(LOOP_REMINDER, Next.LOOP);
        }
        List<String> args = words.isEmpty() ? List.of() : words.subList(1, words.size());
        String arg = args.isEmpty() ? "" : args.get(0).toLowerCase(Locale.ROOT);
        ManagedSm sm = management.sm();
        if (command.equals("plan")) {
            return plan(sm, args);
        }
        String reply = switch (command) {
            case "" -> "";
            case "help" -> HELP;
            case "quit", "exit" -> {
                looping = false;
                yield null;
            }
            case "status" -> status(arg);
            case "loglevel" -> loglevel(arg);
            case "permodlog" -> permodlog(sm.options().get(DebugOptions.PER_MODULE_LOGGING_FILE));
            case "resweep" -> resweep(sm, arg);
            case "reroute" -> {
                sm.reroute("console reroute");
                yield "heavy sweep with rerouting requested\n";
            }
            case "sweep" -> sweep(sm, arg);
            case "logflush" -> logflush(arg);
            case "dump_conf" -> ConfWriter.render(sm.options());
            case "priority" -> priority(sm, arg);
            case "querylid" -> ConsoleQueries.queryLid(sm.view().snapshot(), sm.nodeNames(), args);
            case "portstatus" -> FabricReports.portStatus(sm.view().snapshot(), sm.nodeNames());
            case "switchbalance" -> ConsoleQueries.switchBalance(sm.view().snapshot(), sm.nodeNames(), args);
            case "lidbalance" -> FabricReports.lidBalance(sm.view().snapshot(), sm.nodeNames());
            case "update_desc" -> {
                sm.requestHeavySweep("console update_desc");
                yield "";
            }
            case "version" -> management.version() + "\n";
            case "dump_portguid" -> ConsoleQueries.dumpPortGuid(sm.view().snapshot(), sm.nodeNames(), args,
                    management.sweeps().lastUpSweep() > 0);
            case "perfmgr", "pm" -> sm.perfMgr(line.strip().substring(command.length()));
            default -> "unknown command '" + command + "'; try help\n";
        };
        if (reply == null) {
            return new Reply("Bye\n", Next.CLOSE);
        }
        return new Reply(looping ? reply + LOOP_REMINDER : reply, looping ? Next.LOOP : Next.PROMPT);
    }

    /** {@code plan [CONF]}: starts the plan and prints it when it has run, or says why it did not. */
    private static Reply plan(ManagedSm sm, List<String> args) {
        if (args.size() > 1) {
            return new Reply("plan [CONF]: one configuration file at most\n", Next.PROMPT);
        }
        CompletableFuture<String> later = sm.plan(args.isEmpty() ? null : args.get(0))
                .thenApply(a -> a.outcome() == PlanAnswer.Outcome.DONE ? a.text() : "plan: " + a.text() + "\n")
                .exceptionally(e -> "plan: " + e.getMessage() + "\n");
        return new Reply("planning; the answer follows when the plan has run\n", Next.PROMPT, later);
    }

    /** While {@code status loop} runs, the status to print now; else {@code null}. */
    synchronized String loopTick() {
        return looping ? statusText() : null;
    }

    private String status(String arg) {
        if (arg.isEmpty()) {
            return statusText();
        }
        if (!arg.equals("loop")) {
            return "status [loop]\n   loop -- type \"q<ret>\" to quit\n";
        }
        looping = true;
        return "Looping on status command...\n" + statusText();
    }

    private String statusText() {
        ManagedSm managed = management.sm();
        SweepCounters sweeps = management.sweeps();
        FabricView view = managed.view();
        SubnetSnapshot snap = view.snapshot();
        TransactionStats mads = managed.madStats();
        RoutingResult routing = view.routing();
        String engine = routing == null ? "(none yet)" : routing.engineUsed().orElse("(none: no engine routed)");
        StringBuilder out = new StringBuilder();
        row(out, "Version", management.version());
        SmSummary sm = managed.sm();
        row(out, "SM State", sm.state().name());
        row(out, "SM Priority", Integer.toString(sm.priority()));
        row(out, "Master SM", sm.master() ? "this SM" : sm.masterGuid() == 0 ? "(none known)"
                : Guid.toString(sm.masterGuid()));
        for (RemoteSm other : sm.others()) {
            row(out, "Other SM", Guid.toString(other.guid()) + " " + other.state().name() + ", priority "
                    + other.priority() + ", LID " + other.lid());
        }
        row(out, "Subnet", sweeps.lastUpSweep() > 0 ? "UP since heavy sweep " + sweeps.lastUpSweep() : "not up yet");
        row(out, "Sweeping enabled", managed.sweeping() ? "1" : "0");
        row(out, "Fabric", snap.nodes().size() + " nodes, " + snap.switches().size() + " switches, "
                + snap.endPorts().size() + " end ports, " + snap.links().size() + " links");
        row(out, "Routing Engine", engine);
        row(out, "Heavy sweeps", (sweeps.heavy.ok.get() + sweeps.heavy.failed.get()) + " ("
                + sweeps.heavy.failed.get() + " failed), last " + sweeps.heavy.lastNanos / 1_000_000 + " ms");
        row(out, "Incremental sweeps", sweeps.of(SweepKind.INCREMENTAL).total() + ", "
                + sweeps.of(SweepKind.RECONFIGURE).total() + " reconfigurations");
        row(out, "Light sweeps", Long.toString(sweeps.light.ok.get() + sweeps.light.failed.get()));
        row(out, "MADs", mads.sent() + " sent, " + mads.received() + " received, " + mads.retries()
                + " retries, " + mads.timeouts() + " timeouts, " + mads.outstanding() + " outstanding");
        return out.toString();
    }

    private static String resweep(ManagedSm sm, String arg) {
        if (arg.isEmpty() || arg.equals("heavy")) {
            sm.requestHeavySweep("console");
            return "heavy sweep requested\n";
        }
        if (arg.equals("light")) {
            sm.requestLightSweep("console");
            return "light sweep requested\n";
        }
        return "resweep: expected heavy or light, found '" + arg + "'\n";
    }

    /** {@code sweep on|off}: silent when done, as OpenSM's. */
    private static String sweep(ManagedSm sm, String arg) {
        if (!arg.equals("on") && !arg.equals("off")) {
            return "Invalid sweep command\nsweep [on|off]\nenable or disable sweeping\n   [on] sweep normally\n"
                    + "   [off] inhibit all sweeping\n";
        }
        sm.setSweeping(arg.equals("on"));
        return "";
    }

    /** {@code logflush on|off}: silent when done, as OpenSM's. */
    private static String logflush(String arg) {
        if (!arg.equals("on") && !arg.equals("off")) {
            return "Invalid logflush command\nlogflush [on|off] -- toggle opensm.log file flushing\n";
        }
        return LogSetup.setFlush(arg.equals("on")) ? "" : "logflush: the daemon does not log to a file\n";
    }

    /** {@code permodlog}: the per-module logging file as it is, nothing if there is none (OpenSM's output). */
    static String permodlog(String file) {
        if (file == null || file.isEmpty()) {
            return "";
        }
        try {
            String text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
            return "Per module logging file: " + file + "\n" + text + "\n";
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException | RuntimeException e) {
            return "fopen(" + file + ") failed: " + e.getMessage() + "\n";
        }
    }

    private static String priority(ManagedSm sm, String arg) {
        if (arg.isEmpty()) {
            return "SM priority " + sm.sm().priority() + "\n";
        }
        try {
            sm.setPriority(Integer.parseInt(arg));
            return "SM priority " + sm.sm().priority() + " until the next start or reload\n";
        } catch (IllegalArgumentException e) {
            return "priority: expected a number 0..15, found '" + arg + "'\n";
        }
    }

    private static String loglevel(String arg) {
        OptionalInt now = LogSetup.flags();
        if (now.isEmpty()) {
            return "loglevel: the daemon's log is not started\n";
        }
        if (arg.isEmpty()) {
            return String.format("log_flags 0x%02x%n", now.getAsInt());
        }
        int flags;
        try {
            flags = Integer.decode(arg);
        } catch (NumberFormatException e) {
            flags = -1;
        }
        if (flags < 0 || flags > 0xFF) {
            return "loglevel: expected a mask in 0x00..0xff (OpenSM's log_flags bits), found '" + arg + "'\n";
        }
        LogSetup.setFlags(flags);
        return String.format("log_flags 0x%02x until the next start (then opensm.conf's log_flags applies)%n",
                LogSetup.flags().orElse(flags));
    }

    private static void row(StringBuilder out, String name, String value) {
        out.append(String.format("   %-20s : %s%n", name, value));
    }
}
