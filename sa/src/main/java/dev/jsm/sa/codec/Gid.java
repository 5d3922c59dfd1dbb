package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;

/**
 * A 128-bit GID (IBA 4.1.1) as subnet prefix and interface ID (the port GUID for the default GID).
 *
 * <p>Immutable; safe to share.
 *
 * @param prefix the upper 64 bits (subnet prefix, or ff.. for multicast GIDs)
 * @param interfaceId the lower 64 bits
 */
public record Gid(long prefix, long interfaceId) {

    /** The all-zero GID. */
    public static final Gid ZERO = new Gid(0, 0);
    /** Size in bytes. */
    public static final int SIZE = 16;

    /** Reads the 16-byte GID {@code field} of the record at {@code base}. */
    public static Gid read(Field field, byte[] b, int base) {
        int off = base + field.byteOffset();
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = hi << 8 | (b[off + i] & 0xFFL);
            lo = lo << 8 | (b[off + 8 + i] & 0xFFL);
        }
        return new Gid(hi, lo);
    }

    /** Writes this GID into the 16-byte {@code field} of the record at {@code base}. */
    public void write(Field field, byte[] b, int base) {
        int off = base + field.byteOffset();
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (prefix >>> (56 - 8 * i));
            b[off + 8 + i] = (byte) (interfaceId >>> (56 - 8 * i));
        }
    }

    /** Whether this is a multicast GID (first byte 0xff). */
    public boolean isMulticast() {
        return (prefix >>> 56) == 0xFF;
    }

    /** {@code fe80:0000:0000:0000:0002:c903:00a1:b2c3}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            long half = i < 4 ? prefix : interfaceId;
            int shift = 48 - 16 * (i & 3);
            if (i > 0) {
                sb.append(':');
            }
            sb.append(String.format("%04x", (half >>> shift) & 0xFFFF));
        }
        return sb.toString();
    }

    // equals and hashCode written out: a record's generated ones are linked through method handles at their first
    // call, and the first such link in a JVM costs the daemon's first sweep about 25 ms.
    @Override
    public boolean equals(Object o) {
        return o instanceof Gid g && g.prefix == prefix && g.interfaceId == interfaceId;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(prefix) * 31 + Long.hashCode(interfaceId);
    }
}
