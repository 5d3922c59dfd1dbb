package dev.jsm.subnet;

/**
 * Small hand-built fabrics shared by the model and snapshot tests.
 *
 * <p>{@link #twoSwitchesFourCas()}: switch A (GUID 0x...0200, 8 ports) and switch B (GUID 0x...0100, added after A
 * so that index order differs from insertion order), cabled A[1]-B[1]; CAs H1, H2 on A[3], A[4] and H3, H4 on
 * B[3], B[4] (one port each). LIDs: B=1, A=2, H1=4-7 (LMC 2), H2=8, H3=9, H4=10.
 */
public final class TestFabric {

    public static final long SW_A = 0x0002c90000000200L;
    public static final long SW_B = 0x0002c90000000100L;
    public static final long H1 = 0x0002c90000001000L;
    public static final long H2 = 0x0002c90000002000L;
    public static final long H3 = 0x0002c90000003000L;
    public static final long H4 = 0x0002c90000004000L;

    private TestFabric() {
    }

    /** The port GUID used for a node: node GUID + 1 (CAs) or the node GUID itself (switch port 0). */
    public static long portGuid(long nodeGuid, NodeKind kind) {
        return kind == NodeKind.SWITCH ? nodeGuid : nodeGuid + 1;
    }

    /** Adds a switch with port 0 and all external ports. */
    public static Node addSwitch(Subnet s, long guid, int numPorts) {
        Node n = s.addNode(NodeKind.SWITCH, guid, numPorts);
        for (int p = 0; p <= numPorts; p++) {
            s.addPort(n, p, guid);
        }
        n.setDescription("switch " + Long.toHexString(guid));
        return n;
    }

    /** Adds a one-port CA cabled to {@code sw[swPort]}. */
    public static Node addCa(Subnet s, long guid, Node sw, int swPort) {
        Node n = s.addNode(NodeKind.CA, guid, 1);
        PhysPort p = s.addPort(n, 1, portGuid(guid, NodeKind.CA));
        s.connect(p, sw.port(swPort));
        n.setDescription("host " + Long.toHexString(guid));
        return n;
    }

    /**
     * The GUID the simulator gives vport {@code index} (1 and up) of the port with GUID {@code portGuid}
     * (docs/virtualization.md).
     */
    public static long vportGuid(long portGuid, int index) {
        return portGuid & 0x0000ffffffffffffL | (long) (0x8000 | index) << 48;
    }

    /**
     * Gives the CA port {@code portGuid} vports 0..{@code count} (VirtualizationInfo with VPortIndexTop {@code count}),
     * Active, every odd one needing a LID of its own, and returns them in index order.
     */
    public static java.util.List<VPort> addVPorts(Subnet s, long portGuid, int count) {
        EndPort ep = s.endPort(portGuid);
        ep.setVirtualization(new VirtualizationAttributes(count, count, true, false, 0));
        java.util.List<VPort> out = new java.util.ArrayList<>();
        for (int i = 0; i <= count; i++) {
            VPort v = s.addVPort(ep, i, i == 0 ? portGuid : vportGuid(portGuid, i),
                    new VPortAttributes(VPortAttributes.STATE_ACTIVE, i % 2 == 1, 8, 1, 0, 0));
            v.setVNode(new VNodeAttributes(32, 1, 1, i == 0 ? ep.node().nodeGuid()
                    : portGuid & 0x0000ffffffffffffL | (long) (0x4000 | i) << 48));
            v.setDescription(ep.node().description() + (i == 0 ? "" : " vm" + i));
            out.add(v);
        }
        return out;
    }

    /** The fabric described in the class comment, with LIDs assigned. */
    public static Subnet twoSwitchesFourCas() {
        Subnet s = new Subnet();
        Node a = addSwitch(s, SW_A, 8);
        Node b = addSwitch(s, SW_B, 8);
        s.connect(a.port(1), b.port(1));
        addCa(s, H1, a, 3);
        addCa(s, H2, a, 4);
        addCa(s, H3, b, 3);
        addCa(s, H4, b, 4);
        s.assignLids(s.endPort(SW_B), LidRange.single(1));
        s.assignLids(s.endPort(SW_A), LidRange.single(2));
        s.assignLids(s.endPort(H1 + 1), LidRange.of(4, 2));
        s.assignLids(s.endPort(H2 + 1), LidRange.single(8));
        s.assignLids(s.endPort(H3 + 1), LidRange.single(9));
        s.assignLids(s.endPort(H4 + 1), LidRange.single(10));
        return s;
    }
}
