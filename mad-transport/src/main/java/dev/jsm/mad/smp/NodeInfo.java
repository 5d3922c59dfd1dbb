package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * NodeInfo (attribute 0x0011, 40 bytes; IBA 14.2.5.3): identity and capabilities of a node, read-only.
 *
 * @param baseVersion MAD base version supported
 * @param classVersion SMP class version supported
 * @param nodeType 1 CA, 2 switch, 3 router (see {@link NodeType})
 * @param numPorts number of physical ports (switch port 0 not counted)
 * @param systemImageGuid system image GUID
 * @param nodeGuid node GUID
 * @param portGuid GUID of the port the SMP arrived on (switches: port 0's GUID)
 * @param partitionCap number of P_Key table entries of a CA/router port
 * @param deviceId vendor's device ID
 * @param revision device revision (unsigned 32 bits)
 * @param localPortNum port the SMP arrived on
 * @param vendorId IEEE OUI of the vendor (24 bits)
 */
public record NodeInfo(int baseVersion, int classVersion, int nodeType, int numPorts, long systemImageGuid,
                       long nodeGuid, long portGuid, int partitionCap, int deviceId, long revision,
                       int localPortNum, int vendorId) {

    public static final Field BASE_VERSION = Field.u8("BaseVersion", 0);
    public static final Field CLASS_VERSION = Field.u8("ClassVersion", 1);
    public static final Field NODE_TYPE = Field.u8("NodeType", 2);
    public static final Field NUM_PORTS = Field.u8("NumPorts", 3);
    public static final Field SYSTEM_IMAGE_GUID = Field.u64("SystemImageGUID", 4);
    public static final Field NODE_GUID = Field.u64("NodeGUID", 12);
    public static final Field PORT_GUID = Field.u64("PortGUID", 20);
    public static final Field PARTITION_CAP = Field.u16("PartitionCap", 28);
    public static final Field DEVICE_ID = Field.u16("DeviceID", 30);
    public static final Field REVISION = Field.u32("Revision", 32);
    public static final Field LOCAL_PORT_NUM = Field.u8("LocalPortNum", 36);
    public static final Field VENDOR_ID = Field.bits("VendorID", 37 * 8, 24);

    public static final Layout LAYOUT = Layout.of("NodeInfo", 40, BASE_VERSION, CLASS_VERSION, NODE_TYPE,
            NUM_PORTS, SYSTEM_IMAGE_GUID, NODE_GUID, PORT_GUID, PARTITION_CAP, DEVICE_ID, REVISION, LOCAL_PORT_NUM,
            VENDOR_ID);

    /** Decodes NodeInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static NodeInfo decode(byte[] b, int off) {
        return new NodeInfo(BASE_VERSION.getInt(b, off), CLASS_VERSION.getInt(b, off), NODE_TYPE.getInt(b, off),
                NUM_PORTS.getInt(b, off), SYSTEM_IMAGE_GUID.getLong(b, off), NODE_GUID.getLong(b, off),
                PORT_GUID.getLong(b, off), PARTITION_CAP.getInt(b, off), DEVICE_ID.getInt(b, off),
                REVISION.getLong(b, off), LOCAL_PORT_NUM.getInt(b, off), VENDOR_ID.getInt(b, off));
    }

    /** Encodes this record at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        BASE_VERSION.put(b, off, baseVersion);
        CLASS_VERSION.put(b, off, classVersion);
        NODE_TYPE.put(b, off, nodeType);
        NUM_PORTS.put(b, off, numPorts);
        SYSTEM_IMAGE_GUID.put(b, off, systemImageGuid);
        NODE_GUID.put(b, off, nodeGuid);
        PORT_GUID.put(b, off, portGuid);
        PARTITION_CAP.put(b, off, partitionCap);
        DEVICE_ID.put(b, off, deviceId);
        REVISION.put(b, off, revision);
        LOCAL_PORT_NUM.put(b, off, localPortNum);
        VENDOR_ID.put(b, off, vendorId);
    }

    /** The node type as a closed enum ({@link NodeType#UNKNOWN} for values outside the spec). */
    public NodeType type() {
        return NodeType.of(nodeType);
    }
}
