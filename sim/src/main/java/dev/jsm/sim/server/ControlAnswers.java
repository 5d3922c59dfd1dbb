package dev.jsm.sim.server;

import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;

/**
 * Fills the data of GET_* control answers from the attributes the node's SMA reports, laid out as ibsim lays them
 * out (docs/sim-server.md): attribute copies in wire order, the small structs' integers in host order.
 *
 * <p>Stateless; thread-safe.
 */
final class ControlAnswers {

    static final int ATTR_NODE_INFO = 0x0011;
    static final int ATTR_PORT_INFO = 0x0015;
    static final int ATTR_P_KEY_TABLE = 0x0016;

    /** What GET_VENDOR reports as firmware version (ibsim's constant). */
    private static final long FW_VERSION = 1;

    private ControlAnswers() {
    }

    /** GET_NODEINFO, GET_PORTINFO, GET_PKEYS: the attribute's 64 bytes as they are. */
    static void copy(CtlMessage m, byte[] attribute) {
        m.clearData();
        m.putData(0, attribute, CtlMessage.DATA_SIZE);
    }

    /** GET_PORT: the LID (16 bits) and the PortState (8 bits). */
    static void port(CtlMessage m, byte[] portInfo) {
        m.clearData();
        m.putDataShort(0, PortInfo.LID.getInt(portInfo, 0));
        m.putDataByte(2, PortInfo.PORT_STATE.getInt(portInfo, 0));
    }

    /** GET_VENDOR: VendorID, DeviceID and Revision from NodeInfo (32 bits each), then a 64-bit firmware version. */
    static void vendor(CtlMessage m, byte[] nodeInfo) {
        m.clearData();
        m.putDataInt(0, NodeInfo.VENDOR_ID.getInt(nodeInfo, 0));
        m.putDataInt(4, NodeInfo.DEVICE_ID.getInt(nodeInfo, 0));
        m.putDataInt(8, (int) NodeInfo.REVISION.getLong(nodeInfo, 0));
        m.putDataLong(16, FW_VERSION);
    }

    /**
     * GET_GID: the port's GID prefix in wire order, then the node GUID in host order (as ibsim fills it; umad2sim
     * does not ask for it).
     */
    static void gid(CtlMessage m, byte[] portInfo, byte[] nodeInfo) {
        m.clearData();
        System.arraycopy(portInfo, 8, m.bytes(), CtlMessage.DATA, 8);
        m.putDataLong(8, NodeInfo.NODE_GUID.getLong(nodeInfo, 0));
    }

    /** GET_GUID: the node GUID in host order. */
    static void guid(CtlMessage m, byte[] nodeInfo) {
        m.clearData();
        m.putDataLong(0, NodeInfo.NODE_GUID.getLong(nodeInfo, 0));
    }
}
