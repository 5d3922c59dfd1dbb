package dev.jsm.mad.ibsim;

import dev.jsm.mad.codec.DrPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a test needs to know about the fabric an ibsim net file describes, read from the file itself so that the
 * expectations do not come from the code under test: the nodes with their GUIDs and cables, the shortest directed
 * route from the SM's port (port 1 of the first node, where ibsim attaches its first client) to every node, and the
 * minimum-hop egress ports an LFT needs.
 *
 * <p>Reads the subset of ibsim's format the project's fabrics use: {@code switchguid=}/{@code caguid=} lines (ibsim
 * gives a switch that GUID for the node and every port, a CA that node GUID and port N the GUID + N), node lines
 * {@code Switch <ports> "name"} / {@code Hca <ports> "name"}, cable lines {@code [port] "peer"[peerPort]};
 * comments and trailing text are ignored. Each cable is listed at both ends.
 *
 * <p>Immutable after construction; safe to share.
 */
public final class IbsimFabric {

    private static final Pattern NODE = Pattern.compile("^(Switch|Hca)\\s+(\\d+)\\s+\"([^\"]+)\".*");
    private static final Pattern CABLE = Pattern.compile("^\\[(\\d+)]\\s+\"([^\"]+)\"\\[(\\d+)].*");
    private static final Pattern GUID = Pattern.compile("^(switchguid|caguid)\\s*=\\s*(0x[0-9a-fA-F]+)\\s*$");

    private final List<String> names = new ArrayList<>();
    private final List<Boolean> switches = new ArrayList<>();
    private final List<Long> guids = new ArrayList<>();
    private final List<int[]> peerNode = new ArrayList<>();
    private final List<int[]> peerPort = new ArrayList<>();
    private DrPath[] pathTo;
    private int[] nodeAtHops;

    private IbsimFabric() {
    }

    /**
     * Reads {@code file}.
     *
     * @throws IOException if unreadable, or {@code file:line: what was expected} for a line it cannot use
     */
    public static IbsimFabric read(Path file) throws IOException {
        IbsimFabric f = new IbsimFabric();
        List<String> lines = Files.readAllLines(file);
        Map<String, Integer> index = new HashMap<>();
        List<String[]> cables = new ArrayList<>();
        long guid = -1;
        int current = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String where = file + ":" + (i + 1) + ": ";
            Matcher m;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            } else if ((m = GUID.matcher(line)).matches()) {
                guid = Long.parseUnsignedLong(m.group(2).substring(2), 16);
            } else if ((m = NODE.matcher(line)).matches()) {
                if (guid < 0) {
                    throw new IOException(where + "expected a switchguid=/caguid= line before node " + m.group(3));
                }
                current = f.names.size();
                if (index.put(m.group(3), current) != null) {
                    throw new IOException(where + "node \"" + m.group(3) + "\" defined twice");
                }
                int ports = Integer.parseInt(m.group(2));
                f.names.add(m.group(3));
                f.switches.add(m.group(1).equals("Switch"));
                f.guids.add(guid);
                f.peerNode.add(filled(ports + 1));
                f.peerPort.add(filled(ports + 1));
                guid = -1;
            } else if ((m = CABLE.matcher(line)).matches()) {
                if (current < 0) {
                    throw new IOException(where + "expected a Switch or Hca line before cable " + line);
                }
                cables.add(new String[] {String.valueOf(current), m.group(1), m.group(2), m.group(3), where});
            } else {
                throw new IOException(where + "expected switchguid=, caguid=, Switch, Hca or [port] \"peer\"[port]");
            }
        }
        for (String[] c : cables) {
            int node = Integer.parseInt(c[0]);
            int port = Integer.parseInt(c[1]);
            Integer peer = index.get(c[2]);
            if (peer == null || port >= f.peerNode.get(node).length) {
                throw new IOException(c[4] + "cable from port " + port + " to unknown node \"" + c[2] + "\"");
            }
            f.peerNode.get(node)[port] = peer;
            f.peerPort.get(node)[port] = Integer.parseInt(c[3]);
        }
        if (f.names.isEmpty() || f.switches.get(0)) {
            throw new IOException(file + ": expected a Hca as the first node (ibsim attaches the SM there)");
        }
        f.findRoutes();
        return f;
    }

    /** Number of nodes. */
    public int nodeCount() {
        return names.size();
    }

    /** The node's name in the file. */
    public String name(int node) {
        return names.get(node);
    }

    /** Whether the node is a switch. */
    public boolean isSwitch(int node) {
        return switches.get(node);
    }

    /** The node's NodeGuid. */
    public long nodeGuid(int node) {
        return guids.get(node);
    }

    /** The number of ports of the node. */
    public int numPorts(int node) {
        return peerNode.get(node).length - 1;
    }

    /** The node at the other end of {@code port}, or -1 if the port has no cable. */
    public int peerNode(int node, int port) {
        return peerNode.get(node)[port];
    }

    /** The shortest directed route from the SM's port to {@code node}, or null if unreachable. */
    public DrPath pathTo(int node) {
        return pathTo[node];
    }

    /** The longest of the shortest routes. */
    public int maxHops() {
        return nodeAtHops.length - 1;
    }

    /** The shortest route to a node exactly {@code hops} hops away. */
    public DrPath route(int hops) {
        return pathTo[nodeAtHops[hops]];
    }

    /** The node a directed route from the SM's port ends at, walking the cables (-1 if it leaves the fabric). */
    public int nodeAt(DrPath route) {
        int node = 0;
        for (int i = 1; i <= route.hopCount() && node >= 0; i++) {
            node = route.port(i) < peerNode.get(node).length ? peerNode(node, route.port(i)) : -1;
        }
        return node;
    }

    /** A route leaving a reachable switch through one of its uncabled ports (ibsim cannot deliver it). */
    public DrPath unroutableRoute() {
        for (int u = 0; u < nodeCount(); u++) {
            for (int p = 1; pathTo[u] != null && isSwitch(u) && p <= numPorts(u); p++) {
                if (peerNode(u, p) < 0) {
                    return pathTo[u].extend(p);
                }
            }
        }
        throw new IllegalStateException("every reachable switch port is cabled");
    }

    /**
     * The first-hop port at switch {@code sw} of a shortest path to every node (0 for the switch itself, -1 when
     * unreachable): the LFT entry for that node's LID.
     */
    public int[] egressPorts(int sw) {
        int[] egress = filled(nodeCount());
        int[] queue = new int[nodeCount()];
        int tail = 0;
        egress[sw] = 0;
        queue[tail++] = sw;
        for (int head = 0; head < tail; head++) {
            int u = queue[head];
            for (int p = 1; isSwitch(u) && p <= numPorts(u); p++) {
                int v = peerNode(u, p);
                if (v >= 0 && egress[v] < 0) {
                    egress[v] = u == sw ? p : egress[u];
                    queue[tail++] = v;
                }
            }
        }
        return egress;
    }

    /** Breadth first from port 1 of node 0; only switches forward. */
    private void findRoutes() {
        int n = nodeCount();
        pathTo = new DrPath[n];
        int[] byDistance = filled(n + 1);
        int[] queue = new int[n];
        int tail = 0;
        pathTo[0] = DrPath.local();
        byDistance[0] = 0;
        int maxHops = 0;
        int first = numPorts(0) >= 1 ? peerNode(0, 1) : -1;
        if (first > 0) {
            pathTo[first] = DrPath.of(1);
            byDistance[1] = first;
            maxHops = 1;
            queue[tail++] = first;
        }
        for (int head = 0; head < tail; head++) {
            int u = queue[head];
            for (int p = 1; isSwitch(u) && p <= numPorts(u); p++) {
                int v = peerNode(u, p);
                if (v >= 0 && pathTo[v] == null) {
                    pathTo[v] = pathTo[u].extend(p);
                    int d = pathTo[v].hopCount();
                    if (byDistance[d] < 0) {
                        byDistance[d] = v;
                    }
                    maxHops = Math.max(maxHops, d);
                    queue[tail++] = v;
                }
            }
        }
        nodeAtHops = Arrays.copyOf(byDistance, maxHops + 1);
    }

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }
}
