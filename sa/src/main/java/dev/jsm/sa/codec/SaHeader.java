package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * The SA class header (IBA 15.2.1.1): bytes 36..55 of every SA MAD, after the common MAD header (0..23) and the RMPP
 * header (24..35, {@link RmppHeader}); the records follow at {@link #DATA_OFFSET}.
 *
 * <p>SM_Key is 0 or the SA key (non-zero = "trusted" requester); AttributeOffset is the size of one record in 8-byte
 * words (set in GetTable responses); ComponentMask says which record fields of a query are significant (bit n =
 * the n-th component of the record, LSB = bit 0).
 *
 * <p>Immutable; safe to share.
 *
 * @param smKey SM_Key
 * @param attributeOffset record size in 8-byte words
 * @param componentMask component mask
 */
public record SaHeader(long smKey, int attributeOffset, long componentMask) {

    /** SA class version. */
    public static final int CLASS_VERSION = 2;
    /** Offset of the first record in an SA MAD. */
    public static final int DATA_OFFSET = 56;
    /** Record bytes one SA MAD (or one RMPP segment) carries. */
    public static final int DATA_SIZE = 200;
    /** Size of the SA class header proper (SM_Key to ComponentMask), counted in RMPP PayloadLength. */
    public static final int CLASS_HEADER_SIZE = 20;

    public static final Field SM_KEY = Field.u64("SM_Key", 36);
    public static final Field ATTRIBUTE_OFFSET = Field.u16("AttributeOffset", 44);
    public static final Field COMPONENT_MASK = Field.u64("ComponentMask", 48);

    /** The whole 56-byte header of an SA MAD: common header, RMPP header, SA header. */
    public static final Layout LAYOUT = buildLayout();

    /** Decodes the SA header of {@code mad}. */
    public static SaHeader decode(byte[] mad) {
        return new SaHeader(SM_KEY.getLong(mad, 0), ATTRIBUTE_OFFSET.getInt(mad, 0), COMPONENT_MASK.getLong(mad, 0));
    }

    /** Writes bytes 36..55 of {@code mad} (reserved bytes 46..47 zeroed). */
    public void encodeTo(byte[] mad) {
        SM_KEY.put(mad, 0, smKey);
        ATTRIBUTE_OFFSET.put(mad, 0, attributeOffset);
        mad[46] = 0;
        mad[47] = 0;
        COMPONENT_MASK.put(mad, 0, componentMask);
    }

    /** Whether component {@code bit} is set in the mask. */
    public boolean hasComponent(int bit) {
        return (componentMask & (1L << bit)) != 0;
    }

    private static Layout buildLayout() {
        List<Field> fields = new ArrayList<>(MadHeader.LAYOUT.fields());
        fields.addAll(RmppHeader.LAYOUT.fields());
        fields.add(SM_KEY);
        fields.add(ATTRIBUTE_OFFSET);
        fields.add(Field.reservedBytes(46, 2));
        fields.add(COMPONENT_MASK);
        return Layout.of("SA MAD header", DATA_OFFSET, fields.toArray(new Field[0]));
    }
}
