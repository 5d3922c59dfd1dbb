package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The component-mask table of an SA record (IBA 15.2.5): component bit {@code n} names the {@code n}-th field of
 * the record, reserved fields included. A query matches a record when every field whose bit is set in the
 * ComponentMask has the same bits in both; reserved components always match.
 *
 * <p>Fields are in record coordinates; {@link #embedded} shifts an SMP attribute's layout to where a record embeds
 * it (NodeInfo in NodeRecord, PortInfo in PortInfoRecord ...), whose components are that layout's fields in order.
 *
 * <p>Immutable; safe to share.
 */
public final class Components {

    private final Field[] byBit;

    private Components(Field[] byBit) {
        this.byBit = byBit;
    }

    /**
     * A table from fields in component-bit order.
     *
     * @throws IllegalArgumentException for more than 64 components
     */
    public static Components of(List<Field> fields) {
        if (fields.size() > 64) {
            throw new IllegalArgumentException(fields.size() + " components do not fit a 64-bit mask");
        }
        return new Components(fields.toArray(new Field[0]));
    }

    /** A table from fields in component-bit order. */
    public static Components of(Field... fields) {
        return of(List.of(fields));
    }

    /** Every field of {@code layout} (reserved ones included), in bit order, moved to {@code byteOffset}. */
    public static List<Field> embedded(Layout layout, int byteOffset) {
        List<Field> out = new ArrayList<>(layout.fields().size());
        for (Field f : layout.fields()) {
            out.add(shifted(f, byteOffset));
        }
        return out;
    }

    /** {@code f} moved by {@code byteOffset} bytes. */
    public static Field shifted(Field f, int byteOffset) {
        int bit = f.bitOffset() + byteOffset * 8;
        return switch (f.kind()) {
            case UINT -> Field.bits(f.name(), bit, f.bitWidth());
            case BYTES -> Field.bytes(f.name(), bit / 8, f.byteLength());
            case TEXT -> Field.text(f.name(), bit / 8, f.byteLength());
            case RESERVED -> Field.reserved(bit, f.bitWidth());
        };
    }

    /** Number of components (bits above it are not defined for this record). */
    public int count() {
        return byBit.length;
    }

    /** The field of component {@code bit}. */
    public Field field(int bit) {
        return byBit[bit];
    }

    /** The mask bits beyond the record's components (requests setting them are invalid). */
    public long undefinedBits(long mask) {
        return byBit.length == 64 ? 0 : mask & (-1L << byBit.length);
    }

    /**
     * Whether the record at {@code rec[rOff]} has, in every component of {@code mask}, the same bits as the
     * template at {@code query[qOff]}.
     */
    public boolean matches(long mask, byte[] query, int qOff, byte[] rec, int rOff) {
        long m = mask;
        while (m != 0) {
            int bit = Long.numberOfTrailingZeros(m);
            m &= m - 1;
            if (bit >= byBit.length) {
                continue;
            }
            Field f = byBit[bit];
            switch (f.kind()) {
                case UINT -> {
                    if (f.getLong(query, qOff) != f.getLong(rec, rOff)) {
                        return false;
                    }
                }
                case BYTES, TEXT -> {
                    int a = qOff + f.byteOffset();
                    int b = rOff + f.byteOffset();
                    if (!Arrays.equals(query, a, a + f.byteLength(), rec, b, b + f.byteLength())) {
                        return false;
                    }
                }
                case RESERVED -> {
                    // reserved components carry no information
                }
            }
        }
        return true;
    }
}
