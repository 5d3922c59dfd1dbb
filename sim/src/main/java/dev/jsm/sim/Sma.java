package dev.jsm.sim;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.util.Arrays;

/**
 * The subnet management agent of every simulated node: answers Get and Set of the SMP attributes in place, in the
 * 64-byte payload of the request, and returns the MAD status.
 *
 * <p>Handled here: NodeDescription and NodeInfo (Get only), SwitchInfo (switches; Set writes LinearFDBTop, DefaultPort,
 * the default multicast ports, LifeTimeValue, MulticastFDBTop and clears PortStateChange by writing 1); PortInfo is
 * {@link SmaPortInfo}'s, the tables {@link SmaTables}', the virtualization and enhanced-QoS vendor attributes
 * {@link SmaVirtualization}'s, Mellanox's ExtendedPortInfo (FDR10) {@link SmaMlnxExtPortInfo}'s. Status codes (IBA
 * 13.4.7): a class version other than 1 gets 0x0004, methods other than Get/Set get 0x0008, an attribute the node does
 * not implement or a method it does not allow on it 0x000C (ibsim drops unknown attributes and answers 0x0008 to
 * Set(NodeInfo)), a bad modifier or value 0x001C.
 *
 * <p>Confined to the simulator thread.
 */
final class Sma {

    static final int STATUS_OK = 0;
    static final int STATUS_BAD_VERSION = 0x0004;
    static final int STATUS_METHOD_UNSUPPORTED = 0x0008;
    static final int STATUS_ATTR_UNSUPPORTED = 0x000C;
    static final int STATUS_INVALID_FIELD = 0x001C;
    static final int METHOD_GET = 0x01;
    static final int METHOD_SET = 0x02;

    static final int ATTR_NODE_DESCRIPTION = 0x0010;
    static final int ATTR_NODE_INFO = 0x0011;
    static final int ATTR_SWITCH_INFO = 0x0012;
    static final int ATTR_GUID_INFO = 0x0014;
    static final int ATTR_PORT_INFO = 0x0015;
    static final int ATTR_P_KEY_TABLE = 0x0016;
    static final int ATTR_SL_TO_VL = 0x0017;
    static final int ATTR_VL_ARBITRATION = 0x0018;
    static final int ATTR_LFT = 0x0019;
    static final int ATTR_MFT = 0x001B;
    static final int ATTR_SM_INFO = 0x0020;
    static final int ATTR_MLNX_EXT_PORT_INFO = 0xFF90;

    private static final int D = Smp.DATA_OFFSET;

    private final FabricState s;
    private final SmaPortInfo portInfo;
    private final SmaTables tables;
    private final SmaVirtualization virtualization;
    private final SmaMlnxExtPortInfo mlnxExtPortInfo;

    Sma(FabricState s, LinkControl links) {
        this.s = s;
        this.portInfo = new SmaPortInfo(s, links);
        this.mlnxExtPortInfo = new SmaMlnxExtPortInfo(s);
        this.tables = new SmaTables(s);
        this.virtualization = new SmaVirtualization(s);
    }

    /**
     * Processes a Get or Set that arrived at {@code slot}; the payload is read and answered in place.
     *
     * @return the MAD status (0 on success)
     */
    int handle(int slot, byte[] mad) {
        if (MadBytes.classVersion(mad) != 1) {
            return STATUS_BAD_VERSION;
        }
        int method = MadBytes.method(mad);
        if (method != METHOD_GET && method != METHOD_SET) {
            return STATUS_METHOD_UNSUPPORTED;
        }
        boolean set = method == METHOD_SET;
        int attr = MadBytes.attributeId(mad);
        long mod = MadBytes.attributeModifier(mad);
        int n = s.portNode[slot];
        return switch (attr) {
            case ATTR_NODE_DESCRIPTION -> set ? STATUS_ATTR_UNSUPPORTED : nodeDescription(n, mad);
            case ATTR_NODE_INFO -> set ? STATUS_ATTR_UNSUPPORTED : nodeInfo(slot, mad);
            case ATTR_SWITCH_INFO -> s.isSwitch[n] ? switchInfo(n, set, mad) : STATUS_ATTR_UNSUPPORTED;
            case ATTR_PORT_INFO -> portInfo.handle(slot, set, mod, mad);
            case ATTR_GUID_INFO -> tables.guidInfo(slot, set, mod, mad);
            case ATTR_P_KEY_TABLE -> tables.pKeyTable(slot, set, mod, mad);
            case ATTR_SL_TO_VL -> tables.sl2vl(slot, set, mod, mad);
            case ATTR_VL_ARBITRATION -> tables.vlArb(slot, set, mod, mad);
            case ATTR_LFT -> s.isSwitch[n] ? tables.lft(n, set, mod, mad) : STATUS_ATTR_UNSUPPORTED;
            case ATTR_MFT -> s.isSwitch[n] ? tables.mft(n, set, mod, mad) : STATUS_ATTR_UNSUPPORTED;
            case ATTR_MLNX_EXT_PORT_INFO -> mlnxExtPortInfo.handle(slot, set, mod, mad);
            default -> SmaVirtualization.handles(attr) ? virtualization.handle(slot, attr, set, mod, mad)
                    : STATUS_ATTR_UNSUPPORTED;
        };
    }

    private int nodeDescription(int n, byte[] mad) {
        System.arraycopy(s.nodeDescription(n), 0, mad, D, Smp.DATA_SIZE);
        return STATUS_OK;
    }

    private int nodeInfo(int slot, byte[] mad) {
        int n = s.portNode[slot];
        System.arraycopy(s.nodeInfo, n * FabricState.NODE_INFO_SIZE, mad, D, FabricState.NODE_INFO_SIZE);
        Arrays.fill(mad, D + FabricState.NODE_INFO_SIZE, D + Smp.DATA_SIZE, (byte) 0);
        NodeInfo.PORT_GUID.put(mad, D, s.portGuid[slot]);
        NodeInfo.LOCAL_PORT_NUM.put(mad, D, s.portNum(slot));
        return STATUS_OK;
    }

    private int switchInfo(int n, boolean set, byte[] mad) {
        int off = s.siOff(n);
        if (set) {
            int top = SwitchInfo.LINEAR_FDB_TOP.getInt(mad, D);
            if (top >= SwitchInfo.LINEAR_FDB_CAP.getInt(s.switchInfo, off)) {
                return STATUS_INVALID_FIELD;
            }
            byte[] si = s.switchInfo;
            SwitchInfo.LINEAR_FDB_TOP.put(si, off, top);
            SwitchInfo.DEFAULT_PORT.put(si, off, SwitchInfo.DEFAULT_PORT.getLong(mad, D));
            SwitchInfo.DEFAULT_MULTICAST_PRIMARY_PORT.put(si, off,
                    SwitchInfo.DEFAULT_MULTICAST_PRIMARY_PORT.getLong(mad, D));
            SwitchInfo.DEFAULT_MULTICAST_NOT_PRIMARY_PORT.put(si, off,
                    SwitchInfo.DEFAULT_MULTICAST_NOT_PRIMARY_PORT.getLong(mad, D));
            SwitchInfo.LIFE_TIME_VALUE.put(si, off, SwitchInfo.LIFE_TIME_VALUE.getLong(mad, D));
            SwitchInfo.MULTICAST_FDB_TOP.put(si, off, SwitchInfo.MULTICAST_FDB_TOP.getLong(mad, D));
            if (SwitchInfo.PORT_STATE_CHANGE.getInt(mad, D) == 1) {
                SwitchInfo.PORT_STATE_CHANGE.put(si, off, 0);
            }
        }
        System.arraycopy(s.switchInfo, off, mad, D, FabricState.SWITCH_INFO_SIZE);
        Arrays.fill(mad, D + FabricState.SWITCH_INFO_SIZE, D + Smp.DATA_SIZE, (byte) 0);
        return STATUS_OK;
    }
}
