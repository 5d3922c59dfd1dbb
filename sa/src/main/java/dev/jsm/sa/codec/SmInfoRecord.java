package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.smp.SmInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SMInfoRecord (SA attribute 0x0018, 32 bytes; IBA 15.2.5.10): the SMInfo of an SM known to the SA, keyed by its
 * port's LID.
 *
 * <p>Components: 0 LID, 1 reserved, 2 GUID, 3 SM_Key, 4 ActCount, 5 Priority, 6 SMState.
 *
 * <p>Immutable; safe to share.
 *
 * @param lid LID of the SM's port
 * @param smInfo the SM's SMInfo (SM_Key 0 for untrusted requesters)
 */
public record SmInfoRecord(int lid, SmInfo smInfo) {

    /** Record size in bytes (25 + 7 pad). */
    public static final int SIZE = 32;
    /** Component bit of SMInfo.SM_Key. */
    public static final int COMPONENT_SM_KEY = 3;

    public static final Field LID = Field.u16("LID", 0);
    public static final int SM_INFO_OFFSET = 4;

    public static final Layout LAYOUT = Layout.of("SMInfoRecord", SIZE, fields(true).toArray(new Field[0]));
    public static final Components COMPONENTS = Components.of(fields(false));

    /** Decodes the record at {@code off}. */
    public static SmInfoRecord decode(byte[] b, int off) {
        return new SmInfoRecord(LID.getInt(b, off), SmInfo.decode(b, off + SM_INFO_OFFSET));
    }

    /** Encodes the record at {@code off}, reserved and pad bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        smInfo.encodeTo(b, off + SM_INFO_OFFSET);
    }

    private static List<Field> fields(boolean withPad) {
        List<Field> f = new ArrayList<>();
        f.add(LID);
        f.add(Field.reservedBytes(2, 2));
        f.addAll(Components.embedded(SmInfo.LAYOUT, SM_INFO_OFFSET));
        if (withPad) {
            f.add(Field.reservedBytes(25, 7));
        }
        return f;
    }
}
