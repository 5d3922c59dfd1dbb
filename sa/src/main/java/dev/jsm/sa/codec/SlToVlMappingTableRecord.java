package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * SLtoVLMappingTableRecord (SA attribute 0x0013, 16 bytes; IBA 15.2.5.4): the SL to VL table of one (input, output)
 * port pair of a switch, or of a CA port (ports 0): byte i holds SL 2i in bits 7:4 and SL 2i+1 in bits 3:0.
 *
 * <p>Components: 0 LID, 1 InputPortNum, 2 OutputPortNum.
 *
 * <p>Immutable; safe to share.
 *
 * @param lid LID of the end port (switch: port 0)
 * @param inputPortNum input port
 * @param outputPortNum output port
 * @param table the 8 table bytes as one big-endian long (SL0 in the top nibble)
 */
public record SlToVlMappingTableRecord(int lid, int inputPortNum, int outputPortNum, long table) {

    /** Record size in bytes. */
    public static final int SIZE = 16;

    public static final Field LID = Field.u16("LID", 0);
    public static final Field INPUT_PORT_NUM = Field.u8("InputPortNum", 2);
    public static final Field OUTPUT_PORT_NUM = Field.u8("OutputPortNum", 3);
    public static final Field SL_TO_VL_TABLE = Field.u64("SLtoVLMappingTable", 8);

    public static final Layout LAYOUT = Layout.of("SLtoVLMappingTableRecord", SIZE, LID, INPUT_PORT_NUM,
            OUTPUT_PORT_NUM, Field.reservedBytes(4, 4), SL_TO_VL_TABLE);
    public static final Components COMPONENTS = Components.of(LID, INPUT_PORT_NUM, OUTPUT_PORT_NUM);

    /** The VL of {@code sl} (0..15). */
    public int vl(int sl) {
        return (int) (table >>> (60 - 4 * sl)) & 0xF;
    }

    /** Decodes the record at {@code off}. */
    public static SlToVlMappingTableRecord decode(byte[] b, int off) {
        return new SlToVlMappingTableRecord(LID.getInt(b, off), INPUT_PORT_NUM.getInt(b, off),
                OUTPUT_PORT_NUM.getInt(b, off), SL_TO_VL_TABLE.getLong(b, off));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        INPUT_PORT_NUM.put(b, off, inputPortNum);
        OUTPUT_PORT_NUM.put(b, off, outputPortNum);
        SL_TO_VL_TABLE.put(b, off, table);
    }
}
