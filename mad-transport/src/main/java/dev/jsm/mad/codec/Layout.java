package dev.jsm.mad.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;

/**
 * The field table of one attribute or header: the single source that decode, encode and the human-readable dump
 * of that attribute use (the Java form of libibmad's {@code fields.c}).
 *
 * <p>Construction checks that fields do not overlap and lie inside the attribute. {@link #uncoveredBits()} lets the
 * layout tests assert that every bit is either a named field or explicitly reserved.
 *
 * <p>Immutable; safe to share.
 */
public final class Layout {

    private final String name;
    private final int size;
    private final List<Field> fields;

    private Layout(String name, int size, List<Field> fields) {
        this.name = name;
        this.size = size;
        this.fields = fields;
    }

    /**
     * Builds a layout.
     *
     * @param name attribute name as the spec writes it
     * @param size attribute size in bytes
     * @param fields fields in any order, reserved ones included
     * @throws IllegalArgumentException if two fields overlap or a field lies outside the attribute
     */
    public static Layout of(String name, int size, Field... fields) {
        List<Field> list = new ArrayList<>(List.of(fields));
        list.sort((a, b) -> Integer.compare(a.bitOffset(), b.bitOffset()));
        int end = 0;
        for (Field f : list) {
            if (f.bitOffset() < end) {
                throw new IllegalArgumentException(name + ": field " + f + " overlaps the previous field");
            }
            end = f.bitOffset() + f.bitWidth();
            if (end > size * 8) {
                throw new IllegalArgumentException(name + ": field " + f + " ends beyond " + size + " bytes");
            }
        }
        return new Layout(name, size, Collections.unmodifiableList(list));
    }

    public String name() {
        return name;
    }

    /** Size of the attribute in bytes. */
    public int size() {
        return size;
    }

    /** Fields in bit order, reserved ones included. */
    public List<Field> fields() {
        return fields;
    }

    /** Finds a field by name. */
    public Field field(String fieldName) {
        for (Field f : fields) {
            if (f.name().equals(fieldName)) {
                return f;
            }
        }
        throw new IllegalArgumentException(name + " has no field " + fieldName);
    }

    /** Number of bits covered by no field (neither named nor reserved); zero for a complete layout. */
    public int uncoveredBits() {
        int covered = 0;
        for (Field f : fields) {
            covered += f.bitWidth();
        }
        return size * 8 - covered;
    }

    /**
     * Prints {@code name=value} lines for every non-reserved field, the way libibmad dumps an attribute.
     *
     * @param b buffer holding the attribute
     * @param base offset of the attribute in {@code b}
     */
    public String dump(byte[] b, int base) {
        StringBuilder sb = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (Field f : fields) {
            switch (f.kind()) {
                case RESERVED -> {
                    continue;
                }
                case UINT -> {
                    long v = f.getLong(b, base);
                    int digits = Math.max(1, (f.bitWidth() + 3) / 4);
                    sb.append(f.name()).append('=').append(Long.toUnsignedString(v));
                    if (f.bitWidth() > 4) {
                        sb.append(" (0x").append(String.format("%0" + digits + "x", v)).append(')');
                    }
                }
                case BYTES -> sb.append(f.name()).append("=0x")
                        .append(hex.formatHex(b, base + f.byteOffset(), base + f.byteOffset() + f.byteLength()));
                case TEXT -> sb.append(f.name()).append("='").append(f.getText(b, base)).append('\'');
                default -> throw new IllegalStateException();
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return name + "[" + size + " bytes, " + fields.size() + " fields]";
    }
}
