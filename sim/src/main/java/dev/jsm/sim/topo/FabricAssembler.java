package dev.jsm.sim.topo;

import java.util.Arrays;

/**
 * Collects the switches, hosts and cables a generator produces and turns them into a {@link Topology} with the
 * example fabrics' conventions:
 * <ul>
 *   <li>switch {@code s} (in the order added) has node GUID {@link #SWITCH_GUID_BASE} + {@code 0x10 * s}, host
 *       {@code h} has {@link #HOST_GUID_BASE} + {@code 0x10 * h}: GUIDs are a pure function of position, so a
 *       degraded variant keeps them; port GUIDs follow ibsim's default;</li>
 *   <li>node order is host 0, then every switch, then hosts 1.. (ibsim attaches the SM to the first node in the
 *       file, so it lands on a host).</li>
 * </ul>
 * Cables are kept in primitive arrays. Confined to the generating thread.
 */
final class FabricAssembler {

    /** Node GUID of generated switch 0. */
    static final long SWITCH_GUID_BASE = 0x0002c90100000000L;
    /** Node GUID of generated host 0. */
    static final long HOST_GUID_BASE = 0x0002c90200000000L;
    /** Distance between consecutive generated node GUIDs. */
    static final long GUID_STRIDE = 0x10;

    private final String[] switchNames;
    private final int[] switchPorts;
    private final String[] hostNames;
    private int switches;
    private int hosts;
    /** Cable endpoints; a negative node is host {@code -node - 1}, otherwise a switch index. */
    private int[] cables = new int[64];
    private int cableInts;

    FabricAssembler(int expectedSwitches, int expectedHosts) {
        switchNames = new String[expectedSwitches];
        switchPorts = new int[expectedSwitches];
        hostNames = new String[expectedHosts];
    }

    /** Adds the next switch and returns its number. */
    int addSwitch(String name, int numPorts) {
        switchNames[switches] = name;
        switchPorts[switches] = numPorts;
        return switches++;
    }

    /** Adds a one-port host and returns its number. */
    int addHost(String name) {
        hostNames[hosts] = name;
        return hosts++;
    }

    /** Cables port {@code portA} of switch {@code a} to port {@code portB} of switch {@code b}. */
    void switchLink(int a, int portA, int b, int portB) {
        add(a, portA, b, portB);
    }

    /** Cables host {@code h}'s port 1 to port {@code port} of switch {@code s}. */
    void hostLink(int h, int s, int port) {
        add(-h - 1, 1, s, port);
    }

    /** The topology, in the node order described above. */
    Topology build() {
        Topology.Builder b = Topology.builder();
        if (hosts > 0) {
            b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, hostNames[0], HOST_GUID_BASE, 1));
        }
        int switchBase = b.nodeCount();
        for (int s = 0; s < switches; s++) {
            b.addNode(TopoNode.withDefaultGuids(NodeKind.SWITCH, switchNames[s], SWITCH_GUID_BASE + GUID_STRIDE * s,
                    switchPorts[s]));
        }
        for (int h = 1; h < hosts; h++) {
            b.addNode(TopoNode.withDefaultGuids(NodeKind.CA, hostNames[h], HOST_GUID_BASE + GUID_STRIDE * h, 1));
        }
        for (int i = 0; i < cableInts; i += 4) {
            b.link(index(cables[i], switchBase), cables[i + 1], index(cables[i + 2], switchBase), cables[i + 3]);
        }
        return b.build();
    }

    private int index(int node, int switchBase) {
        if (node >= 0) {
            return switchBase + node;
        }
        int h = -node - 1;
        return h == 0 ? 0 : switchBase + switches + h - 1;
    }

    private void add(int a, int portA, int b, int portB) {
        if (cableInts + 4 > cables.length) {
            cables = Arrays.copyOf(cables, cables.length * 2);
        }
        cables[cableInts++] = a;
        cables[cableInts++] = portA;
        cables[cableInts++] = b;
        cables[cableInts++] = portB;
    }

    /** Decimal digits needed to write {@code count - 1} (at least 1): the zero-padding width of an index. */
    static int width(int count) {
        return Integer.toString(Math.max(count - 1, 0)).length();
    }

    /** {@code value} in decimal, zero-padded to {@code width}. */
    static String pad(int value, int width) {
        String s = Integer.toString(value);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    /** Fails with "{@code shape}: {@code what}" unless {@code ok}. */
    static void require(boolean ok, String shape, String what) {
        if (!ok) {
            throw new IllegalArgumentException(shape + ": " + what);
        }
    }
}
