package dev.jsm.mad.codec;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One field of a MAD attribute in the IBA specification's bit coordinates.
 *
 * <p>Immutable; safe to share.
 *
 * @param name the field's name in the specification
 * @param bitOffset offset of its most significant bit from the attribute's first bit
 * @param bitWidth width in bits
 * @param kind how its bits are interpreted
 *
 * <p>In detail: docs/design/mad-transport.md#field.
 */
public record Field(String name, int bitOffset, int bitWidth, Kind kind) {

    /** How a field's bits are interpreted when printed. */
    public enum Kind {
        /** Unsigned integer of 1..64 bits. */
        UINT,
        /** Opaque bytes (tables, GIDs), printed as hex. */
        BYTES,
        /** Text (NodeDescription), printed as a quoted string. */
        TEXT,
        /** Reserved bits: written as zero, not printed. */
        RESERVED
    }

    /**
     * Checks the coordinates: a positive width, an integer of at most 64 bits within 8 bytes, byte and text fields
     * byte aligned.
     *
     * @throws IllegalArgumentException if they are not
     */
    public Field {
        Objects.requireNonNull(name);
        Objects.requireNonNull(kind);
        if (bitOffset < 0 || bitWidth <= 0) {
            throw new IllegalArgumentException(name + ": bad offset/width " + bitOffset + "/" + bitWidth);
        }
        if (kind == Kind.UINT && bitWidth > 64) {
            throw new IllegalArgumentException(name + ": integer wider than 64 bits");
        }
        if (kind == Kind.UINT && (bitOffset & 7) + bitWidth > 64) {
            throw new IllegalArgumentException(name + ": integer spans more than 8 bytes");
        }
        if ((kind == Kind.BYTES || kind == Kind.TEXT) && (bitOffset % 8 != 0 || bitWidth % 8 != 0)) {
            throw new IllegalArgumentException(name + ": byte field not byte aligned");
        }
    }

    /** An unsigned integer field at an arbitrary bit position. */
    public static Field bits(String name, int bitOffset, int bitWidth) {
        return new Field(name, bitOffset, bitWidth, Kind.UINT);
    }

    /** A sub-byte field given as the spec writes it: byte offset and bit range {@code msb:lsb} (7 = 0x80). */
    public static Field bits(String name, int byteOffset, int msb, int lsb) {
        if (msb < lsb || msb > 7 || lsb < 0) {
            throw new IllegalArgumentException(name + ": bad bit range " + msb + ":" + lsb);
        }
        return new Field(name, byteOffset * 8 + (7 - msb), msb - lsb + 1, Kind.UINT);
    }

    /** An unsigned 8-bit field. */
    public static Field u8(String name, int byteOffset) {
        return new Field(name, byteOffset * 8, 8, Kind.UINT);
    }

    /** An unsigned 16-bit big-endian field. */
    public static Field u16(String name, int byteOffset) {
        return new Field(name, byteOffset * 8, 16, Kind.UINT);
    }

    /** An unsigned 32-bit big-endian field. */
    public static Field u32(String name, int byteOffset) {
        return new Field(name, byteOffset * 8, 32, Kind.UINT);
    }

    /** A 64-bit big-endian field (GUIDs, keys). */
    public static Field u64(String name, int byteOffset) {
        return new Field(name, byteOffset * 8, 64, Kind.UINT);
    }

    /** An opaque byte array field. */
    public static Field bytes(String name, int byteOffset, int length) {
        return new Field(name, byteOffset * 8, length * 8, Kind.BYTES);
    }

    /** A text field (UTF-8, NUL padded). */
    public static Field text(String name, int byteOffset, int length) {
        return new Field(name, byteOffset * 8, length * 8, Kind.TEXT);
    }

    /** Reserved bits, given as a bit range. */
    public static Field reserved(int bitOffset, int bitWidth) {
        return new Field("reserved@" + bitOffset, bitOffset, bitWidth, Kind.RESERVED);
    }

    /** Reserved whole bytes. */
    public static Field reservedBytes(int byteOffset, int length) {
        return reserved(byteOffset * 8, length * 8);
    }

    /** Byte offset of the first byte this field touches. */
    public int byteOffset() {
        return bitOffset >>> 3;
    }

    /** Length in bytes, for byte-aligned fields. */
    public int byteLength() {
        return bitWidth >>> 3;
    }

    /** Reads the field as an unsigned value; {@code base} is the offset of the attribute in {@code b}. */
    public long getLong(byte[] b, int base) {
        int first = base + (bitOffset >>> 3);
        int lead = bitOffset & 7;
        int totalBits = lead + bitWidth;
        int nbytes = (totalBits + 7) >>> 3;
        if (nbytes > 8) {
            throw new IllegalStateException(name + " spans more than 8 bytes");
        }
        long acc = 0;
        for (int i = 0; i < nbytes; i++) {
            acc = (acc << 8) | (b[first + i] & 0xFFL);
        }
        int trailing = nbytes * 8 - totalBits;
        acc >>>= trailing;
        return bitWidth == 64 ? acc : acc & ((1L << bitWidth) - 1);
    }

    /** Reads a field of at most 32 bits as an int (u32 values above 2^31 come back negative; use getLong). */
    public int getInt(byte[] b, int base) {
        return (int) getLong(b, base);
    }

    /** Writes the low {@code bitWidth} bits of {@code value}; other bits of the touched bytes are preserved. */
    public void put(byte[] b, int base, long value) {
        int first = base + (bitOffset >>> 3);
        if (((bitOffset | bitWidth) & 7) == 0) {
            // whole bytes (every MAD header field): written straight, nothing around them to keep
            long v = value;
            for (int i = (bitWidth >>> 3) - 1; i >= 0; i--) {
                b[first + i] = (byte) v;
                v >>>= 8;
            }
            return;
        }
        int lead = bitOffset & 7;
        int totalBits = lead + bitWidth;
        int nbytes = (totalBits + 7) >>> 3;
        int trailing = nbytes * 8 - totalBits;
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        long acc = 0;
        for (int i = 0; i < nbytes; i++) {
            acc = (acc << 8) | (b[first + i] & 0xFFL);
        }
        acc = (acc & ~(mask << trailing)) | ((value & mask) << trailing);
        for (int i = nbytes - 1; i >= 0; i--) {
            b[first + i] = (byte) acc;
            acc >>>= 8;
        }
    }

    /** Copies a byte field out. */
    public byte[] getBytes(byte[] b, int base) {
        byte[] out = new byte[byteLength()];
        System.arraycopy(b, base + byteOffset(), out, 0, out.length);
        return out;
    }

    /** Copies {@code value} into a byte field; shorter values are zero padded, longer ones truncated. */
    public void putBytes(byte[] b, int base, byte[] value) {
        int len = byteLength();
        int n = Math.min(len, value.length);
        System.arraycopy(value, 0, b, base + byteOffset(), n);
        for (int i = n; i < len; i++) {
            b[base + byteOffset() + i] = 0;
        }
    }

    /** Reads a text field up to its first NUL. */
    public String getText(byte[] b, int base) {
        int start = base + byteOffset();
        int len = byteLength();
        int n = 0;
        while (n < len && b[start + n] != 0) {
            n++;
        }
        return new String(b, start, n, StandardCharsets.UTF_8);
    }

    /** Writes a text field, NUL padded, truncated to the field length. */
    public void putText(byte[] b, int base, String value) {
        putBytes(b, base, value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return name + "@" + bitOffset + "/" + bitWidth;
    }
}
