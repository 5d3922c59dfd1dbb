package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.smp.SwitchInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SwitchInfoRecord (SA attribute 0x0014, 24 bytes; IBA 15.2.5.4): a switch's LID and SwitchInfo.
 *
 * <p>Components: 0 LID, 1 reserved, then the SwitchInfo fields in order (reserved ones included).
 *
 * <p>Immutable; safe to share.
 *
 * @param lid LID of the switch (port 0)
 * @param switchInfo the switch's SwitchInfo
 */
public record SwitchInfoRecord(int lid, SwitchInfo switchInfo) {

    /** Record size in bytes. */
    public static final int SIZE = 24;

    public static final Field LID = Field.u16("LID", 0);
    public static final int SWITCH_INFO_OFFSET = 4;

    public static final Layout LAYOUT = Layout.of("SwitchInfoRecord", SIZE, fields().toArray(new Field[0]));
    public static final Components COMPONENTS = Components.of(fields());

    /** Decodes the record at {@code off}. */
    public static SwitchInfoRecord decode(byte[] b, int off) {
        return new SwitchInfoRecord(LID.getInt(b, off), SwitchInfo.decode(b, off + SWITCH_INFO_OFFSET));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        switchInfo.encodeTo(b, off + SWITCH_INFO_OFFSET);
    }

    private static List<Field> fields() {
        List<Field> f = new ArrayList<>();
        f.add(LID);
        f.add(Field.reservedBytes(2, 2));
        f.addAll(Components.embedded(SwitchInfo.LAYOUT, SWITCH_INFO_OFFSET));
        return f;
    }
}
