package dev.jsm.partitions;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.VNodeAttributes;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;
import dev.jsm.subnet.VirtualizationAttributes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Small hand-built fabrics for the partition tests: switches with a given PartitionEnforcementCap and CAs/routers
 * with a given PartitionCap, cabled to switch ports in order.
 */
final class TestFabric {

    /** The SM's port GUID in {@link #examples()}. */
    static final long SM = 0x1L;
    /** The switch node (and port 0) GUID in {@link #examples()}. */
    static final long SWITCH = 0x5000L;
    /** The second switch in {@link #examples()}. */
    static final long SWITCH2 = 0x5001L;
    /** The router port GUID in {@link #examples()}. */
    static final long ROUTER = 0x7000L;

    private final Subnet subnet = new Subnet();

    /** Adds a switch with {@code ports} ports, PartitionCap 32 on port 0 and PartitionEnforcementCap {@code cap}. */
    TestFabric switchNode(long guid, int ports, int enforceCap) {
        return switchNode(guid, ports, 32, enforceCap);
    }

    /** Adds a switch with {@code ports} ports, PartitionCap {@code cap0} and PartitionEnforcementCap {@code cap}. */
    TestFabric switchNode(long guid, int ports, int cap0, int enforceCap) {
        return switchNode(guid, ports, cap0, enforceCap, 1, 1);
    }

    /** Adds a switch, also giving SwitchInfo.InboundEnforcementCap and OutboundEnforcementCap. */
    TestFabric switchNode(long guid, int ports, int cap0, int enforceCap, int inCap, int outCap) {
        Node n = subnet.addNode(NodeKind.SWITCH, guid, ports);
        n.setPartitionCap(cap0);
        subnet.addPort(n, 0, guid);
        for (int p = 1; p <= ports; p++) {
            subnet.addPort(n, p, guid);
        }
        n.asSwitch().setAttributes(new SwitchAttributes(49152, 0, 1024, 0, 0, 0, 0, 0, 0, 0, 1, enforceCap, inCap,
                outCap, 0, 0, 0, 0));
        return this;
    }

    /** Adds a one-port CA or router with PartitionCap {@code cap}, cabled to {@code switchGuid} port {@code port}. */
    TestFabric endNode(NodeKind kind, long portGuid, int cap, long switchGuid, int port) {
        Node n = subnet.addNode(kind, portGuid | 0x0100_0000_0000_0000L, 1);
        n.setPartitionCap(cap);
        PhysPort p = subnet.addPort(n, 1, portGuid);
        subnet.connect(p, subnet.node(switchGuid).port(port));
        return this;
    }

    /** Adds a CA with one port per GUID given (port 1, 2, ...), not cabled. */
    TestFabric ca(long nodeGuid, int cap, long... portGuids) {
        Node n = subnet.addNode(NodeKind.CA, nodeGuid, portGuids.length);
        n.setPartitionCap(cap);
        for (int p = 0; p < portGuids.length; p++) {
            subnet.addPort(n, p + 1, portGuids[p]);
        }
        return this;
    }

    /**
     * Gives the CA port {@code portGuid} vports 0..{@code count}, each with a P_Key table of {@code cap} entries; vport
     * {@code i >= 1} has GUID {@link #vport}{@code (portGuid, i)}.
     */
    TestFabric vports(long portGuid, int count, int cap) {
        EndPort ep = subnet.endPort(portGuid);
        ep.setVirtualization(new VirtualizationAttributes(count, count, true, false, 0));
        for (int i = 0; i <= count; i++) {
            VPort v = subnet.addVPort(ep, i, i == 0 ? portGuid : vport(portGuid, i),
                    new VPortAttributes(VPortAttributes.STATE_ACTIVE, false, 8, 1, 0, 0));
            v.setVNode(new VNodeAttributes(cap, 1, 1, vport(portGuid, i) ^ 0x4000L << 48));
        }
        return this;
    }

    /** The GUID of vport {@code i} of port {@code portGuid} in {@link #vports}. */
    static long vport(long portGuid, int i) {
        return portGuid | (long) (0x8000 | i) << 48;
    }

    /** Cables two switch ports. */
    TestFabric cable(long swA, int portA, long swB, int portB) {
        subnet.connect(subnet.node(swA).port(portA), subnet.node(swB).port(portB));
        return this;
    }

    /** Cables port {@code portA} of node {@code a} to port {@code portB} of node {@code b}. */
    TestFabric cableNodes(long a, int portA, long b, int portB) {
        subnet.connect(subnet.node(a).port(portA), subnet.node(b).port(portB));
        return this;
    }

    /** Sets the partition enforcement bits a switch port reports. */
    TestFabric enforcement(long sw, int port, int in, int out) {
        subnet.node(sw).port(port).setAttributes(attributes(in, out));
        return this;
    }

    SubnetSnapshot snapshot() {
        subnet.index();
        return SubnetSnapshot.of(subnet);
    }

    /**
     * The fabric the manual's examples talk about: switch 0x5000 (24 ports) with the SM's CA 0x1, CAs
     * 0x123451..0x12345d, 0x3456789034 and 0x2134af2306, router 0x7000, and a second switch 0x5001 on port 24.
     */
    static SubnetSnapshot examples() {
        TestFabric f = new TestFabric().switchNode(SWITCH, 24, 32).switchNode(SWITCH2, 4, 32);
        f.endNode(NodeKind.CA, SM, 64, SWITCH, 1);
        int port = 2;
        for (long g = 0x123451L; g <= 0x12345dL; g++) {
            f.endNode(NodeKind.CA, g, 64, SWITCH, port++);
        }
        f.endNode(NodeKind.CA, 0x3456789034L, 64, SWITCH, port++);
        f.endNode(NodeKind.CA, 0x2134af2306L, 64, SWITCH, port++);
        f.endNode(NodeKind.ROUTER, ROUTER, 64, SWITCH, port);
        f.cable(SWITCH, 24, SWITCH2, 1);
        return f.snapshot();
    }

    static PortAttributes attributes(int in, int out) {
        return new PortAttributes(0L, 0L, 0, 0, 0L, 0, 0, 0, 0, 0, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                in, out, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
