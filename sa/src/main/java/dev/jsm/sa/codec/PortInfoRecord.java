package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.smp.PortInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * PortInfoRecord (SA attribute 0x0012, 72 bytes; IBA 15.2.5.3): the PortInfo of one port, keyed by the end port's
 * LID and the port number (switches: every physical port under the LID of port 0).
 *
 * <p>Components: 0 EndportLID, 1 PortNum, 2 Options, then one per PortInfo field in order, reserved ones included
 * (3 M_Key .. 57 LinkSpeedExtEnabled, docs/reference/mad-formats.md#portinforecord); byte 56 of PortInfo, reserved
 * before the second extended speeds field of XDR, stays one component (51) as OpenSM numbers them.
 *
 * <p>Immutable; safe to share.
 *
 * @param endportLid base LID of the end port (switch: port 0's LID)
 * @param portNum port number
 * @param options Options byte ({@link #OPTION_EXTENDED_SPEEDS})
 * @param portInfo the port's PortInfo
 */
public record PortInfoRecord(int endportLid, int portNum, int options, PortInfo portInfo) {

    /** Record size in bytes (68 + 4 pad). */
    public static final int SIZE = 72;
    /** Options bit: the requester understands the extended speed fields. */
    public static final int OPTION_EXTENDED_SPEEDS = 0x80;
    /** Component bit of the first PortInfo field (M_Key). */
    public static final int FIRST_PORT_INFO_COMPONENT = 3;
    /** Component bit of PortInfo.M_Key (hidden from untrusted requesters). */
    public static final int COMPONENT_M_KEY = 3;
    /** Component bit of PortInfo.CapabilityMask (matched as "all these bits set" by OpenSM). */
    public static final int COMPONENT_CAPABILITY_MASK = 7;

    public static final Field ENDPORT_LID = Field.u16("EndportLID", 0);
    public static final Field PORT_NUM = Field.u8("PortNum", 2);
    public static final Field OPTIONS = Field.u8("Options", 3);
    public static final int PORT_INFO_OFFSET = 4;
    /** PortInfo's byte of the second extended speeds field: one component for the whole byte. */
    private static final int EXT_SPEEDS_2_BYTE = 56;

    public static final Layout LAYOUT = Layout.of("PortInfoRecord", SIZE, fields(true).toArray(new Field[0]));
    public static final Components COMPONENTS = Components.of(fields(false));

    /** Decodes the record at {@code off}. */
    public static PortInfoRecord decode(byte[] b, int off) {
        return new PortInfoRecord(ENDPORT_LID.getInt(b, off), PORT_NUM.getInt(b, off), OPTIONS.getInt(b, off),
                PortInfo.decode(b, off + PORT_INFO_OFFSET));
    }

    /** Encodes the record at {@code off}, pad bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        ENDPORT_LID.put(b, off, endportLid);
        PORT_NUM.put(b, off, portNum);
        OPTIONS.put(b, off, options);
        portInfo.encodeTo(b, off + PORT_INFO_OFFSET);
    }

    /**
     * The record's fields: for the layout, every field and the pad; for the components, byte 56 of PortInfo as one
     * reserved component, no pad.
     */
    private static List<Field> fields(boolean layout) {
        List<Field> f = new ArrayList<>();
        f.add(ENDPORT_LID);
        f.add(PORT_NUM);
        f.add(OPTIONS);
        for (Field p : Components.embedded(PortInfo.LAYOUT, PORT_INFO_OFFSET)) {
            if (layout || p.bitOffset() / 8 != PORT_INFO_OFFSET + EXT_SPEEDS_2_BYTE) {
                f.add(p);
            } else if (p.kind() == Field.Kind.RESERVED) {
                f.add(Field.reservedBytes(PORT_INFO_OFFSET + EXT_SPEEDS_2_BYTE, 1));
            }
        }
        if (layout) {
            f.add(Field.reservedBytes(68, 4));
        }
        return f;
    }
}
