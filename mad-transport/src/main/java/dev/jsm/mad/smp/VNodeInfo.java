package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * VNodeInfo (vendor attribute 0xFFB2, 64 bytes; {@code docs/virtualization.md}): the virtual node (a virtual machine's
 * HCA) a vport belongs to. The attribute modifier is the vport index (bits 15:0); read-only.
 *
 * <p>Immutable; safe to share.
 *
 * @param vpartitionCap entries of the vport's P_Key table (VPortPKeyTable)
 * @param vlocalPortNum the vnode port the vport is (the "arrival" port of the virtual node)
 * @param vnumPorts number of ports of the vnode
 * @param vnodeGuid the vnode's node GUID
 */
public record VNodeInfo(int vpartitionCap, int vlocalPortNum, int vnumPorts, long vnodeGuid) {

    public static final Field VPARTITION_CAP = Field.u16("VPartitionCap", 0);
    public static final Field VLOCAL_PORT_NUM = Field.u8("VLocalPortNum", 2);
    public static final Field VNUM_PORTS = Field.u8("VNumPorts", 3);
    public static final Field VNODE_GUID = Field.u64("VNodeGUID", 4);

    public static final Layout LAYOUT = Layout.of("VNodeInfo", 64, VPARTITION_CAP, VLOCAL_PORT_NUM, VNUM_PORTS,
            VNODE_GUID, Field.reservedBytes(12, 52));

    /** Decodes VNodeInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VNodeInfo decode(byte[] b, int off) {
        return new VNodeInfo(VPARTITION_CAP.getInt(b, off), VLOCAL_PORT_NUM.getInt(b, off), VNUM_PORTS.getInt(b, off),
                VNODE_GUID.getLong(b, off));
    }

    /** Encodes the 64 bytes at {@code off}; reserved bytes are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        VPARTITION_CAP.put(b, off, vpartitionCap);
        VLOCAL_PORT_NUM.put(b, off, vlocalPortNum);
        VNUM_PORTS.put(b, off, vnumPorts);
        VNODE_GUID.put(b, off, vnodeGuid);
    }

    /** Attribute modifier selecting the vnode of vport {@code index}. */
    public static long modifier(int index) {
        return VPortInfo.modifier(index);
    }
}
