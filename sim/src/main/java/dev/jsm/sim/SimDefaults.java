package dev.jsm.sim;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;

/**
 * The attribute values a simulated node reports before an SM has touched it. They mirror what Debian's ibsim 0.10
 * answers (read with {@code smpquery} and raw SMPs against {@code ibsim -s}), so that a contract test can compare the
 * two simulators field by field: 4x SDR links with QDR supported, 8-entry VLArb tables, VLCap VL0-7, an LFT of 30720
 * LIDs (49152 on switches of more than 36 ports, {@code Topology#linearFdbCap}), 64 P_Keys per CA port and switch
 * external port, 8 on switch port 0.
 *
 * <p>Templates are built once, field by field, and copied into each port's PortInfo image; the per-port values
 * (LocalPortNum, states) are patched in afterwards.
 *
 * <p>Immutable; safe to share.
 */
final class SimDefaults {

    /** MulticastFDBCap of every switch. */
    static final int MULTICAST_FDB_CAP = 1024;
    /** PartitionEnforcementCap: P_Key entries of a switch external port. */
    static final int SWITCH_PARTITION_ENFORCEMENT_CAP = 64;
    /** NodeInfo.PartitionCap of a CA (entries per port). */
    static final int CA_PARTITION_CAP = 64;
    /** NodeInfo.PartitionCap of a switch (entries of port 0). */
    static final int SWITCH_PARTITION_CAP = 8;
    /** NodeInfo.Revision of every node. */
    static final int REVISION = 0xA1;
    /** Default SL to VL map of every port pair: SL i to VL i, SL 15 to VL 7 (one nibble per SL). */
    static final byte[] SL2VL = {0x01, 0x23, 0x45, 0x67, (byte) 0x89, (byte) 0xAB, (byte) 0xCD, (byte) 0xE7};
    /** VLArbitrationHighCap and LowCap of every port. */
    static final int VL_ARB_CAP = 8;

    /** PortInfo of a cabled CA port. */
    static final byte[] CA_PORT = caPort(0x0050C048L);
    /** PortInfo of a CA port that was not cabled when the fabric was built. */
    static final byte[] CA_PORT_UNCABLED = caPort(0x0010C048L);
    /** PortInfo of switch port 0 (the switch management port). */
    static final byte[] SWITCH_PORT0 = switchPort0();
    /** PortInfo of a cabled switch external port. */
    static final byte[] SWITCH_PORT = switchPort(0);
    /** PortInfo of a switch external port that was not cabled when the fabric was built. */
    static final byte[] SWITCH_PORT_UNCABLED = switchPort(4);

    private SimDefaults() {
    }

    /** Writes the NodeInfo of a node (without PortGUID and LocalPortNum, which depend on the arrival port). */
    static void nodeInfo(byte[] b, int off, int nodeType, int numPorts, long sysImageGuid, long nodeGuid,
                         int deviceId, int vendorId) {
        NodeInfo.BASE_VERSION.put(b, off, 1);
        NodeInfo.CLASS_VERSION.put(b, off, 1);
        NodeInfo.NODE_TYPE.put(b, off, nodeType);
        NodeInfo.NUM_PORTS.put(b, off, numPorts);
        NodeInfo.SYSTEM_IMAGE_GUID.put(b, off, sysImageGuid);
        NodeInfo.NODE_GUID.put(b, off, nodeGuid);
        NodeInfo.PARTITION_CAP.put(b, off, nodeType == 2 ? SWITCH_PARTITION_CAP : CA_PARTITION_CAP);
        NodeInfo.DEVICE_ID.put(b, off, deviceId);
        NodeInfo.REVISION.put(b, off, REVISION);
        NodeInfo.VENDOR_ID.put(b, off, vendorId);
    }

    /** Writes the SwitchInfo of a switch as it powers up. */
    static void switchInfo(byte[] b, int off, boolean anyPortCabled, int linearFdbCap) {
        SwitchInfo.LINEAR_FDB_CAP.put(b, off, linearFdbCap);
        SwitchInfo.MULTICAST_FDB_CAP.put(b, off, MULTICAST_FDB_CAP);
        SwitchInfo.PORT_STATE_CHANGE.put(b, off, anyPortCabled ? 1 : 0);
        SwitchInfo.PARTITION_ENFORCEMENT_CAP.put(b, off, SWITCH_PARTITION_ENFORCEMENT_CAP);
        SwitchInfo.FILTER_RAW_INBOUND_CAP.put(b, off, 1);
        SwitchInfo.FILTER_RAW_OUTBOUND_CAP.put(b, off, 1);
    }

    /** Default VLArbitrationTable block {@code block} (1-4) of a port: high VL0 weight 4, low VL1-7 weight 4. */
    static void vlArbBlock(byte[] b, int off, int block) {
        boolean high = block >= 3;
        for (int i = 0; i < VL_ARB_CAP; i++) {
            b[off + 2 * i] = (byte) i;
            b[off + 2 * i + 1] = (byte) (high ? (i == 0 ? 4 : 0) : (i == 0 ? 0 : 4));
        }
    }

    private static byte[] caPort(long capabilityMask) {
        byte[] b = common();
        PortInfo.CAPABILITY_MASK.put(b, 0, capabilityMask);
        PortInfo.M_KEY_LEASE_PERIOD.put(b, 0, 0x0FF9);
        PortInfo.NEIGHBOR_MTU.put(b, 0, 4);
        PortInfo.MTU_CAP.put(b, 0, 4);
        PortInfo.VL_STALL_COUNT.put(b, 0, 7);
        PortInfo.GUID_CAP.put(b, 0, 32);
        PortInfo.SUBNET_TIMEOUT.put(b, 0, 31);
        PortInfo.CAPABILITY_MASK2.put(b, 0, 0x0030);
        return b;
    }

    private static byte[] switchPort0() {
        byte[] b = common();
        PortInfo.CAPABILITY_MASK.put(b, 0, 0x0000C048L);
        PortInfo.M_KEY_LEASE_PERIOD.put(b, 0, 0x0FF9);
        PortInfo.NEIGHBOR_MTU.put(b, 0, 1);
        PortInfo.MTU_CAP.put(b, 0, 3);
        PortInfo.GUID_CAP.put(b, 0, 1);
        PortInfo.SUBNET_TIMEOUT.put(b, 0, 31);
        PortInfo.RESP_TIME_VALUE.put(b, 0, 8);
        PortInfo.CAPABILITY_MASK2.put(b, 0, 0x0030);
        PortInfo.PORT_STATE.put(b, 0, PortInfo.STATE_ACTIVE);
        PortInfo.PORT_PHYSICAL_STATE.put(b, 0, FabricState.PHYS_LINK_UP);
        return b;
    }

    private static byte[] switchPort(int localPhyErrors) {
        byte[] b = common();
        PortInfo.NEIGHBOR_MTU.put(b, 0, 4);
        PortInfo.MTU_CAP.put(b, 0, 4);
        PortInfo.VL_STALL_COUNT.put(b, 0, 7);
        PortInfo.LOCAL_PHY_ERRORS.put(b, 0, localPhyErrors);
        return b;
    }

    /** The fields every port shares: 4x of 1x-12x, SDR of SDR-QDR, VL0-7, LinkDownDefault Polling. */
    private static byte[] common() {
        byte[] b = new byte[PortInfo.LAYOUT.size()];
        put(b, PortInfo.LINK_WIDTH_ENABLED, 2);
        put(b, PortInfo.LINK_WIDTH_SUPPORTED, 0x1F);
        put(b, PortInfo.LINK_WIDTH_ACTIVE, 2);
        put(b, PortInfo.LINK_SPEED_SUPPORTED, 7);
        put(b, PortInfo.LINK_SPEED_ENABLED, 1);
        put(b, PortInfo.LINK_SPEED_ACTIVE, 1);
        put(b, PortInfo.LINK_DOWN_DEFAULT_STATE, 2);
        put(b, PortInfo.VL_CAP, 4);
        put(b, PortInfo.OPERATIONAL_VLS, 4);
        put(b, PortInfo.VL_ARBITRATION_HIGH_CAP, VL_ARB_CAP);
        put(b, PortInfo.VL_ARBITRATION_LOW_CAP, VL_ARB_CAP);
        put(b, PortInfo.PORT_STATE, PortInfo.STATE_DOWN);
        put(b, PortInfo.PORT_PHYSICAL_STATE, FabricState.PHYS_POLLING);
        return b;
    }

    private static void put(byte[] b, Field f, long v) {
        f.put(b, 0, v);
    }
}
