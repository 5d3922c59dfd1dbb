package dev.jsm.sa.query;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.LidRange;
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
 * A small configured fabric for the SA tests, as the SM leaves it at SUBNET UP: switch A (LID 2) and switch B
 * (LID 1) cabled A[1]-B[1] at 4x DDR with NeighborMTU 2048; hosts H1 on A[3] (LIDs 4-5, LMC 1), H2 on A[4] (LID 8),
 * H3 on B[3] (LID 9), H4 on B[4] (LID 10), all 4x QDR, MTUCap 4096; every port Active; LFTs programmed for
 * shortest paths, except that switch A has no entry for LID 10 when {@code breakLid10} is set; switch A (MFT cap
 * 64) forwards MLID 0xC001 to ports 1, 3 and 4.
 *
 * <p>Stateless.
 */
final class SaTestFabric {

    static final long SW_A = 0x0002c90000000200L;
    static final long SW_B = 0x0002c90000000100L;
    static final long H1 = 0x0002c90000001000L;
    static final long H2 = 0x0002c90000002000L;
    static final long H3 = 0x0002c90000003000L;
    static final long H4 = 0x0002c90000004000L;
    static final long PREFIX = 0xfe80000000000000L;

    private SaTestFabric() {
    }

    /** The snapshot of the fabric; with {@code breakLid10} switch A has no route to LID 10. */
    static SubnetSnapshot snapshot(boolean breakLid10) {
        return snapshot(breakLid10, 5);
    }

    /**
     * The snapshot with H3's cable (H3[1] - B[3]) running FDR: both ports with legacy LinkSpeedSupported, -Active and
     * -Enabled 1 (SDR) and LinkSpeedExtActive, -Supported and -Enabled 1 (14 Gb/s), and
     * IsExtendedSpeedsSupported in the CapabilityMask of H3's port and of switch B's port 0 (B[3]'s own says nothing,
     * as a switch external port's).
     */
    static SubnetSnapshot snapshotWithFdrH3() {
        Subnet s = subnet(false, 5);
        PhysPort h3 = s.node(H3).port(1);
        h3.setAttributes(extended(h3.attributes(), h3.attributes().capabilityMask() | EXTENDED_SPEEDS, 1));
        PhysPort b0 = s.node(SW_B).port(0);
        b0.setAttributes(extended(b0.attributes(), b0.attributes().capabilityMask() | EXTENDED_SPEEDS, 0));
        PhysPort b3 = s.node(SW_B).port(3);
        b3.setAttributes(extended(b3.attributes(), b3.attributes().capabilityMask(), 1));
        s.index();
        return SubnetSnapshot.of(s);
    }

    private static final long EXTENDED_SPEEDS = 0x4000L;

    /** {@code a} with another CapabilityMask, legacy speeds SDR and LinkSpeedExt fields {@code ext}. */
    private static PortAttributes extended(PortAttributes a, long capabilityMask, int ext) {
        return new PortAttributes(a.mKey(), a.gidPrefix(), a.lid(), a.masterSmLid(), capabilityMask,
                a.mKeyLeasePeriod(), a.linkWidthEnabled(), a.linkWidthSupported(), a.linkWidthActive(),
                1, a.portState(), a.portPhysicalState(), a.mKeyProtectBits(), a.lmc(),
                1, 1, a.neighborMtu(), a.masterSmSl(), a.vlCap(),
                a.vlHighLimit(), a.vlArbitrationHighCap(), a.vlArbitrationLowCap(), a.mtuCap(), a.vlStallCount(),
                a.hoqLife(), a.operationalVls(), a.partitionEnforcementInbound(), a.partitionEnforcementOutbound(),
                a.filterRawInbound(), a.filterRawOutbound(), a.guidCap(), a.subnetTimeout(), a.localPhyErrors(),
                a.overrunErrors(), a.capabilityMask2(), ext, ext, ext, a.localPortNum(), a.linkDownDefaultState(),
                a.respTimeValue());
    }

    /** The snapshot with H1 a Mellanox Tavor HCA (DeviceID 23108). */
    static SubnetSnapshot snapshotWithTavorH1() {
        Subnet s = subnet(false, 5);
        s.node(H1).setDeviceId(23108);
        s.index();
        return SubnetSnapshot.of(s);
    }

    /** The snapshot after the hosts with node GUIDs {@code gone} left the fabric (their cables and LIDs with them). */
    static SubnetSnapshot snapshotWithout(long... gone) {
        Subnet s = subnet(false, 5);
        for (long guid : gone) {
            Node n = s.node(guid);
            s.releaseLids(s.endPort(n.port(1).portGuid()));
            s.disconnect(n.port(1));
            s.removeNode(n);
        }
        s.index();
        return SubnetSnapshot.of(s);
    }

    /** H2's vport 1 (own LID 20, up), vport 2 (no LID of its own, up); H3's vport 1 (own LID 21, down). */
    static final long H2_V1 = 0x8001c90000002001L;
    static final long H2_V2 = 0x8002c90000002001L;
    static final long H3_V1 = 0x8001c90000003001L;

    /**
     * The snapshot with virtual ports (docs/virtualization.md): H2 (LID 8) has vports 0, 1 ({@link #H2_V1}, LID 20,
     * Active, "host 2c90000002000 vm1") and 2 ({@link #H2_V2}, no LID of its own, Init); H3 has vports 0 and 1
     * ({@link #H3_V1}, LID 21, Down: its VM stopped); the LFTs route LIDs 20 and 21 as 8 and 9.
     */
    static SubnetSnapshot snapshotWithVPorts() {
        Subnet s = subnet(false, 5);
        addVPorts(s, H2 + 1, new int[] {VPortAttributes.STATE_ACTIVE, VPortAttributes.STATE_ACTIVE,
            VPortAttributes.STATE_INIT}, new int[] {0, 20, 0});
        addVPorts(s, H3 + 1, new int[] {VPortAttributes.STATE_ACTIVE, VPortAttributes.STATE_DOWN},
                new int[] {0, 21});
        //                           LID:   0    1  2  3    4  5  6    7    8  9  10 11-19 ... 20 21
        program(s.node(SW_A), lft(new int[] {255, 1, 0, 255, 3, 3, 255, 255, 4, 1, 1}, 4, 1));
        program(s.node(SW_B), lft(new int[] {255, 0, 1, 255, 1, 1, 255, 255, 1, 3, 4}, 1, 3));
        s.index();
        return SubnetSnapshot.of(s);
    }

    private static int[] lft(int[] upTo10, int lid20, int lid21) {
        int[] out = java.util.Arrays.copyOf(upTo10, 22);
        java.util.Arrays.fill(out, 11, 20, 255);
        out[20] = lid20;
        out[21] = lid21;
        return out;
    }

    private static void addVPorts(Subnet s, long portGuid, int[] states, int[] lids) {
        EndPort ep = s.endPort(portGuid);
        ep.setVirtualization(new VirtualizationAttributes(states.length - 1, states.length - 1, true, false, 0));
        for (int i = 0; i < states.length; i++) {
            long guid = i == 0 ? portGuid : portGuid & 0x0000ffffffffffffL | (long) (0x8000 | i) << 48;
            VPort v = s.addVPort(ep, i, guid, new VPortAttributes(states[i], lids[i] != 0, 8, 1, lids[i], 0));
            v.setVNode(new VNodeAttributes(32, 1, 1, i == 0 ? ep.node().nodeGuid()
                    : portGuid & 0x0000ffffffffffffL | (long) (0x4000 | i) << 48));
            v.setDescription(ep.node().description() + (i == 0 ? "" : " vm" + i));
            if (lids[i] != 0) {
                s.assignLid(v, lids[i]);
            }
        }
    }

    /** The snapshot with the switches' port 0 MTUCap set to {@code port0MtuCap} (ibsim's switches say 1024). */
    static SubnetSnapshot snapshot(boolean breakLid10, int port0MtuCap) {
        Subnet s = subnet(breakLid10, port0MtuCap);
        s.index();
        return SubnetSnapshot.of(s);
    }

    private static Subnet subnet(boolean breakLid10, int port0MtuCap) {
        Subnet s = new Subnet();
        Node a = addSwitch(s, SW_A, 2, port0MtuCap);
        Node b = addSwitch(s, SW_B, 1, port0MtuCap);
        s.connect(a.port(1), b.port(1));
        Node h1 = addCa(s, H1, a, 3, 4, 1);
        Node h2 = addCa(s, H2, a, 4, 8, 0);
        Node h3 = addCa(s, H3, b, 3, 9, 0);
        addCa(s, H4, b, 4, 10, 0);
        a.port(1).setAttributes(attrs(0, 0, 2, 2, 4, 4));
        b.port(1).setAttributes(attrs(0, 0, 2, 2, 4, 4));
        s.assignLids(s.endPort(SW_B), LidRange.single(1));
        s.assignLids(s.endPort(SW_A), LidRange.single(2));
        s.assignLids(s.endPort(H1 + 1), LidRange.of(4, 1));
        s.assignLids(s.endPort(H2 + 1), LidRange.single(8));
        s.assignLids(s.endPort(H3 + 1), LidRange.single(9));
        s.assignLids(s.endPort(H4 + 1), LidRange.single(10));
        //            LID:   0    1  2  3    4  5  6    7    8  9  10
        program(a, new int[] {255, 1, 0, 255, 3, 3, 255, 255, 4, 1, breakLid10 ? 255 : 1});
        program(b, new int[] {255, 0, 1, 255, 1, 1, 255, 255, 1, 3, 4});
        a.asSwitch().setAttributes(new SwitchAttributes(0xC000, 0, 64, 10, 0, 255, 255, 19, 0, 0, 1, 32, 1, 1, 0,
                0, 0, 0xC001));
        a.asSwitch().mft().setWantedPort(0xC001, 1, true);
        a.asSwitch().mft().setWantedPort(0xC001, 3, true);
        a.asSwitch().mft().setWantedPort(0xC001, 4, true);
        a.asSwitch().mft().markProgrammed(0, 0);
        return s;
    }

    /** A view of {@link #snapshot} with default policies and the SM on switch B. */
    static SaView view(boolean breakLid10) {
        return view(snapshot(breakLid10));
    }

    /** A view of {@code snapshot} with default policies and the SM on switch B. */
    static SaView view(SubnetSnapshot snapshot) {
        return SaView.of(snapshot, new SmIdentity(1, new dev.jsm.mad.smp.SmInfo(SW_B, 0x0123L, 7, 5,
                dev.jsm.mad.smp.SmInfo.STATE_MASTER)), SaSettings.defaults());
    }

    private static Node addSwitch(Subnet s, long guid, int lid, int port0MtuCap) {
        Node n = s.addNode(NodeKind.SWITCH, guid, 8);
        for (int p = 0; p <= 8; p++) {
            PhysPort port = s.addPort(n, p, guid);
            port.setAttributes(p == 0 ? attrs(lid, 0, 2, 4, port0MtuCap, 0) : attrs(0, 0, 2, 4, 5, 5));
        }
        n.setDescription("switch " + Long.toHexString(guid));
        return n;
    }

    private static Node addCa(Subnet s, long guid, Node sw, int swPort, int lid, int lmc) {
        Node n = s.addNode(NodeKind.CA, guid, 1);
        PhysPort p = s.addPort(n, 1, guid + 1);
        p.setAttributes(attrs(lid, lmc, 2, 4, 5, 5));
        s.connect(p, sw.port(swPort));
        n.setDescription("host " + Long.toHexString(guid));
        n.setVendorId(0x02c9);
        return n;
    }

    private static void program(Node sw, int[] ports) {
        byte[] lft = new byte[ports.length];
        for (int i = 0; i < ports.length; i++) {
            lft[i] = (byte) ports[i];
        }
        sw.asSwitch().lft().setWanted(lft);
        sw.asSwitch().lft().markProgrammed(0);
    }

    /** Active port attributes: width code, speed code, MTUCap, NeighborMTU. */
    static PortAttributes attrs(int lid, int lmc, int width, int speed, int mtuCap, int neighborMtu) {
        return new PortAttributes(0x1111L, PREFIX, lid, 1, 0x02510a68L, 0, width, 3, width, 7,
                PortAttributes.STATE_ACTIVE, 5, 0, lmc, speed, speed, neighborMtu, 0, 4, 0, 8, 8, mtuCap, 0, 16, 4,
                0, 0, 0, 0, 1, 18, 8, 8, 0, 0, 0, 0, 0, 0, 0);
    }
}
