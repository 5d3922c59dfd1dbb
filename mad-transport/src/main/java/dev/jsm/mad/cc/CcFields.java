package dev.jsm.mad.cc;

import java.math.BigInteger;

/**
 * Checks and conversions the congestion control records share: field ranges, the 256-bit port masks, and the
 * 16-bit {@code shift:multiplier} values of CongestionControlTable entries and CS_ReturnDelay.
 *
 * <p>Stateless.
 */
final class CcFields {

    /** Bytes of a 256-bit port mask. */
    static final int MASK_BYTES = 32;
    private static final int MULTIPLIER_BITS = 14;
    private static final int MULTIPLIER_MASK = (1 << MULTIPLIER_BITS) - 1;

    private CcFields() {
    }

    /**
     * @throws IllegalArgumentException unless {@code 0 <= value <= max}
     */
    static void check(String field, long value, long max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(field + " " + value + " out of range 0.." + max);
        }
    }

    /**
     * @throws IllegalArgumentException unless {@code mask} is a non-negative number below 2^256
     */
    static BigInteger checkMask(String field, BigInteger mask) {
        if (mask.signum() < 0 || mask.bitLength() > MASK_BYTES * 8) {
            throw new IllegalArgumentException(field + " is not a 256-bit mask: " + mask.toString(16));
        }
        return mask;
    }

    /** A port mask from its 32 wire bytes (bit n, port n, is bit n of the big-endian number). */
    static BigInteger mask(byte[] b, int off) {
        byte[] bytes = new byte[MASK_BYTES];
        System.arraycopy(b, off, bytes, 0, MASK_BYTES);
        return new BigInteger(1, bytes);
    }

    /** Writes a port mask as 32 big-endian bytes at {@code off}. */
    static void putMask(byte[] b, int off, BigInteger mask) {
        byte[] bytes = mask.toByteArray();
        int n = Math.min(bytes.length, MASK_BYTES);
        for (int i = 0; i < MASK_BYTES - n; i++) {
            b[off + i] = 0;
        }
        System.arraycopy(bytes, bytes.length - n, b, off + MASK_BYTES - n, n);
    }

    /** The 16-bit value of {@code shift:multiplier}: shift in bits 15:14, multiplier in 13:0. */
    static int shiftMultiplier(int shift, int multiplier) {
        check("CCT_Shift", shift, 3);
        check("CCT_Multiplier", multiplier, MULTIPLIER_MASK);
        return shift << MULTIPLIER_BITS | multiplier;
    }

    /** The shift (bits 15:14) of a 16-bit {@code shift:multiplier} value. */
    static int shift(int value) {
        return value >>> MULTIPLIER_BITS & 3;
    }

    /** The multiplier (bits 13:0) of a 16-bit {@code shift:multiplier} value. */
    static int multiplier(int value) {
        return value & MULTIPLIER_MASK;
    }
}
