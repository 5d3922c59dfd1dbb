package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The console's look-ups in the snapshot of the last SUBNET UP, in the layout of OpenSM's console commands of the
 * same names: {@code querylid LID} (a port's node and the health of its node's ports), {@code switchbalance
 * [verbose] [GUID]} (per switch, the CA LIDs its LFT sends out of each port that leads to another switch) and
 * {@code dump_portguid [file FILE] REGEXP...} (the port GUIDs of the nodes whose name matches). Nodes are called by
 * their name in the node name map ({@code node_name_map_name}), else by their NodeDescription, as OpenSM prints them.
 *
 * <p>Stateless; thread-safe.
 */
final class ConsoleQueries {

    static final String QUERYLID_HELP = "querylid lid -- print internal information about the lid specified\n";
    static final String SWITCHBALANCE_HELP = """
            switchbalance [verbose] [guid]
            output switch balancing information
              [verbose] -- verbose output
              [guid] -- limit results to specified guid
            """;
    static final String DUMP_PORTGUID_HELP = """
            dump_portguid [file filename] regexp1 [regexp2 [regexp3 ...]] -- Dump port GUID matching a regexp
               [file filename] -- Send the port GUID list to the specified file instead of regular output
            """;

    private ConsoleQueries() {
    }

    /** {@code querylid LID}: the port holding the LID, its node, and whether each of the node's ports is healthy. */
    static String queryLid(SubnetSnapshot s, NodeNameMap names, List<String> args) {
        if (args.isEmpty()) {
            return "no LID specified\n" + QUERYLID_HELP;
        }
        OptionalLong parsed = CNumber.tryParseUnsigned(args.get(0), 0xFFFF);
        int lid = (int) parsed.orElse(0);
        EndPortView ep = lid == 0 ? null : s.endPortByLid(lid);
        if (ep == null) {
            return "Invalid lid " + lid + "\n";
        }
        NodeView node = s.nodes().get(ep.nodeIndex());
        StringBuilder out = new StringBuilder();
        out.append("Query results for LID ").append(lid).append('\n');
        out.append(String.format(Locale.ROOT, "   GUID                : 0x%016x%n", ep.portGuid()));
        out.append("   Node Desc           : ").append(name(names, node)).append('\n');
        out.append("   Node Type           : ").append(typeName(node)).append('\n');
        out.append("   Num Ports           : ").append(node.numPorts()).append('\n');
        for (int p = node.isSwitch() ? 0 : 1; p <= node.numPorts(); p++) {
            PortView pv = s.port(node.index(), p);
            boolean healthy = pv == null || pv.healthy();
            out.append(String.format(Locale.ROOT, "   Port %d health       : %s%n", p, healthy ? "OK" : "ERROR"));
        }
        return out.toString();
    }

    /**
     * {@code switchbalance [verbose] [GUID]}: for each switch (or the one named), the CA LIDs - every LID of each
     * CA's range - that its LFT sends out of each healthy port leading to another switch; a switch whose busiest
     * such port carries more than one LID more than the least busy one is "Unbalanced", the others are listed only
     * with {@code verbose}.
     */
    static String switchBalance(SubnetSnapshot s, NodeNameMap names, List<String> args) {
        boolean verbose = !args.isEmpty() && args.get(0).equals("verbose");
        List<String> rest = verbose ? args.subList(1, args.size()) : args;
        long guid = 0;
        if (!rest.isEmpty()) {
            guid = CNumber.tryParseUnsigned(rest.get(0), -1L).orElse(0);
            if (guid == 0) {
                return "Invalid guid specified\n" + SWITCHBALANCE_HELP;
            }
        }
        StringBuilder out = new StringBuilder();
        boolean found = false;
        for (SwitchView sw : s.switches()) {
            if (guid == 0 || sw.nodeGuid() == guid) {
                found = true;
                switchBalance(s, names, sw, verbose, out);
            }
        }
        return found || guid == 0 ? out.toString() : "guid not found\n";
    }

    private static void switchBalance(SubnetSnapshot s, NodeNameMap names, SwitchView sw, boolean verbose,
                                      StringBuilder out) {
        NodeView node = s.nodes().get(sw.nodeIndex());
        int[] count = caLidsPerPort(s, sw, true);
        List<Integer> ports = new ArrayList<>();
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int p = 1; p <= node.numPorts(); p++) {
            PortView pv = s.port(node.index(), p);
            if (pv == null || !pv.healthy() || !pv.isConnected() || !s.nodeOf(s.peer(pv)).isSwitch()) {
                continue;
            }
            ports.add(p);
            min = Math.min(min, count[p]);
            max = Math.max(max, count[p]);
        }
        boolean unbalanced = !ports.isEmpty() && max - min > 1;
        if (!verbose && !unbalanced) {
            return;
        }
        out.append(String.format(Locale.ROOT, "%s: 0x%016x (%s)%n", unbalanced ? "Unbalanced Switch" : "Switch",
                sw.nodeGuid(), name(names, node)));
        for (int p : ports) {
            out.append("Port ").append(p).append(": ").append(count[p]).append('\n');
        }
    }

    /**
     * How many CA (and router) LIDs the switch's LFT sends out of each of its ports, indexed by port number: every
     * LID of each range ({@code allLids}) or only the base LIDs.
     */
    static int[] caLidsPerPort(SubnetSnapshot s, SwitchView sw, boolean allLids) {
        int[] count = new int[s.nodes().get(sw.nodeIndex()).numPorts() + 1];
        for (EndPortView ep : s.endPorts()) {
            if (!ep.hasLids() || s.nodes().get(ep.nodeIndex()).isSwitch()) {
                continue;
            }
            int last = allLids ? ep.lidRange().last() : ep.lidRange().base();
            for (int lid = ep.lidRange().base(); lid <= last; lid++) {
                int port = sw.lftPort(lid);
                if (port != SwitchLft.NO_PATH && port < count.length) {
                    count[port]++;
                }
            }
        }
        return count;
    }

    /**
     * {@code dump_portguid [file FILE] REGEXP...}: the GUID of every end port whose node's name one of the
     * expressions finds (anywhere in it), one {@code 0x...} per line in GUID order, to the console or to FILE.
     *
     * @param upSweep whether a SUBNET UP has published the snapshot (else the subnet is not ready)
     */
    static String dumpPortGuid(SubnetSnapshot s, NodeNameMap names, List<String> args, boolean upSweep) {
        StringBuilder out = new StringBuilder();
        Path file = null;
        List<Pattern> patterns = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("file")) {
                if (i + 1 < args.size()) {
                    file = Path.of(args.get(++i));
                } else {
                    out.append("No file name passed\n");
                }
                continue;
            }
            try {
                patterns.add(Pattern.compile(a));
            } catch (PatternSyntaxException e) {
                out.append("Cannot parse regular expression '").append(a).append("'. Skipping\n");
            }
        }
        if (patterns.isEmpty()) {
            return out.append("No valid expression provided. Aborting\n").toString();
        }
        if (!upSweep) {
            return out.append("Subnet is not ready yet. Try again later\n").toString();
        }
        StringBuilder guids = new StringBuilder();
        s.endPorts().stream().map(EndPortView::portGuid).sorted(Long::compareUnsigned).forEach(g -> {
            String n = name(names, s.nodes().get(s.endPort(g).nodeIndex()));
            if (patterns.stream().anyMatch(p -> p.matcher(n).find())) {
                guids.append("0x").append(Long.toHexString(g)).append('\n');
            }
        });
        if (file == null) {
            return out.append(guids).toString();
        }
        try {
            Files.writeString(file, guids, StandardCharsets.UTF_8);
        } catch (IOException e) {
            out.append("Could not open file ").append(file).append(": ").append(e.getMessage()).append('\n');
            out.append(guids);
        }
        return out.toString();
    }

    /** The node's name as the console prints it: from the node name map, else its NodeDescription. */
    static String name(NodeNameMap names, NodeView node) {
        return names.name(node.nodeGuid(), node.description());
    }

    /** OpenSM's words for the node type. */
    private static String typeName(NodeView node) {
        return switch (node.kind()) {
            case CA -> "Channel Adapter";
            case SWITCH -> "Switch";
            case ROUTER -> "Router";
        };
    }
}
