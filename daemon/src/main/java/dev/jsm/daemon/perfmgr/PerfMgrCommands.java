package dev.jsm.daemon.perfmgr;

import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.ZoneId;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * OpenSM's console command {@code perfmgr} (also {@code pm}) on the performance manager: with no argument its
 * status; {@code enable|disable}, {@code sweep}, {@code sweep_time <s>}, {@code clear_counters},
 * {@code dump_counters [mach]} (to {@code event_db_dump_file}, else {@code opensm_port_counters.log} in the dump
 * directory), {@code print_counters|pc [<name|guid>][:<port>]}, {@code print_errors|pe [<name|guid>]},
 * {@code set_rm_nodes|clear_rm_nodes}, {@code set_query_cpi|clear_query_cpi}, {@code clear_inactive},
 * {@code dump_redir|clear_redir [<name|guid>]}. The output has OpenSM's shape.
 *
 * <p>Stateless; {@link #run} goes through {@link PerfManager#call}, so each command runs on the manager's thread.
 */
public final class PerfMgrCommands {

    /** The help line, as OpenSM's {@code help}. */
    public static final String HELP = "perfmgr(pm) [enable|disable|clear_counters|dump_counters|print_counters(pc)"
            + "|print_errors(pe)|set_rm_nodes|clear_rm_nodes|clear_inactive|set_query_cpi|clear_query_cpi"
            + "|dump_redir|clear_redir|sweep|sweep_time[seconds]]";

    private PerfMgrCommands() {
    }

    /**
     * Runs {@code perfmgr <args>}.
     *
     * @param args what followed the command word, as typed (names may hold blanks)
     * @return the output
     */
    public static String run(PerfManager pm, String args) {
        String rest = args.strip();
        int blank = rest.indexOf(' ');
        String sub = (blank < 0 ? rest : rest.substring(0, blank)).toLowerCase(Locale.ROOT);
        String arg = blank < 0 ? "" : rest.substring(blank + 1).strip();
        return pm.call(() -> switch (sub) {
            case "" -> status(pm);
            case "enable", "disable" -> {
                pm.setEnabled(sub.equals("enable"));
                yield "";
            }
            case "sweep" -> {
                pm.sweepNow();
                yield "sweep initiated...\n";
            }
            case "sweep_time" -> sweepTime(pm, arg);
            case "clear_counters" -> {
                pm.clearCounters();
                yield "";
            }
            case "dump_counters" -> dump(pm, arg.equalsIgnoreCase("mach"));
            case "print_counters", "pc" -> print(pm, arg, false);
            case "print_errors", "pe" -> print(pm, arg, true);
            case "set_rm_nodes", "clear_rm_nodes" -> {
                pm.setRmNodes(sub.startsWith("set"));
                yield "";
            }
            case "set_query_cpi", "clear_query_cpi" -> {
                pm.setQueryCpi(sub.startsWith("set"));
                yield "";
            }
            case "clear_inactive" -> "Removed " + pm.clearInactive() + " nodes from Database\n";
            case "dump_redir" -> PerfMgrRedirects.dump(pm, arg);
            case "clear_redir" -> PerfMgrRedirects.clear(pm, arg);
            default -> "\"" + sub + "\" option not found\n";
        });
    }

    private static String status(PerfManager pm) {
        return String.format("Performance Manager status:%n"
                        + "state                        : %s%n"
                        + "sweep state                  : %s%n"
                        + "sweep time                   : %ds%n"
                        + "outstanding queries/max      : %d/%d%n"
                        + "remove missing nodes from DB : %s%n"
                        + "query ClassPortInfo          : %s%n",
                pm.enabled() ? "Enabled" : "Disabled", pm.sweepState().words(), pm.sweepTimeS(), pm.outstanding(),
                pm.maxOutstanding(), pm.rmNodes() ? "TRUE" : "FALSE", pm.queryCpi() ? "TRUE" : "FALSE");
    }

    private static String sweepTime(PerfManager pm, String arg) {
        if (arg.isEmpty()) {
            return "sweep_time requires a time period (in seconds) to be specified\n";
        }
        OptionalLong s = CNumber.tryParseUnsigned(arg, 0xFFFF);
        if (s.isEmpty() || s.getAsLong() < 1) {
            return "sweep_time requires a positive time period (in seconds) to be specified\n";
        }
        pm.setSweepTime((int) s.getAsLong());
        return "";
    }

    private static String dump(PerfManager pm, boolean machine) {
        ZoneId zone = ZoneId.systemDefault();
        StringBuilder out = new StringBuilder();
        for (MonitoredNode n : pm.nodes()) {
            if (machine) {
                CounterPrint.machine(out, n, zone);
            } else {
                CounterPrint.human(out, n, -1, false, zone);
            }
        }
        try {
            Files.writeString(pm.settings().dumpFile(), out, StandardCharsets.UTF_8);
            return "";
        } catch (IOException e) {
            return "Failed to dump file " + pm.settings().dumpFile() + " : " + e.getMessage() + "\n";
        }
    }

    /** print_counters / print_errors: every node, or the one named by name or GUID (and one port). */
    private static String print(PerfManager pm, String arg, boolean errorsOnly) {
        ZoneId zone = ZoneId.systemDefault();
        StringBuilder out = new StringBuilder();
        if (arg.isEmpty()) {
            pm.nodes().forEach(n -> CounterPrint.human(out, n, -1, errorsOnly, zone));
            return out.toString();
        }
        String who = arg;
        int port = -1;
        int colon = arg.lastIndexOf(':');
        if (!errorsOnly && colon >= 0) {
            who = arg.substring(0, colon);
            String p = arg.substring(colon + 1);
            OptionalLong n = CNumber.tryParseUnsigned(p, 0xFF);
            port = n.isPresent() ? (int) n.getAsLong() : -2;
            if (port == -2) {
                out.append("Warning: \"").append(p).append("\" is not a valid port\n");
            }
        }
        MonitoredNode n = find(pm, who);
        if (n == null) {
            return out.append(notFound(who)).toString();
        }
        if (port < -1 || port >= 0 && (port < n.firstPort() || port > n.numPorts)) {
            if (port >= 0) {
                out.append("Warning: \"").append(port).append("\" is not a valid port\n");
            }
            port = -1;
        }
        CounterPrint.human(out, n, port, errorsOnly, zone);
        return out.toString();
    }

    /** The node named {@code who} (its name, else its GUID as a C number), or null. */
    static MonitoredNode find(PerfManager pm, String who) {
        OptionalLong guid = CNumber.tryParseUnsigned(who, -1L);
        for (MonitoredNode n : pm.nodes()) {
            if (guid.isPresent() ? n.guid == guid.getAsLong() : n.name.equals(who)) {
                return n;
            }
        }
        return null;
    }

    /** {@code Node name not found...} or {@code Node 0x... not found...}. */
    static String notFound(String who) {
        OptionalLong guid = CNumber.tryParseUnsigned(who, -1L);
        return guid.isPresent() ? "Node 0x" + Long.toHexString(guid.getAsLong()) + " not found...\n"
                : "Node " + who + " not found...\n";
    }
}
