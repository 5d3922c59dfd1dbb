package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;

/**
 * Builds the repeated fields of table attributes (LFT ports, P_Keys, VLArb entries...), so that their layouts list
 * every entry in spec bit coordinates without 64 hand-written constants.
 *
 * <p>Stateless.
 */
final class BlockFields {

    private BlockFields() {
    }

    /**
     * Unsigned fields {@code count} times, entry {@code i} at {@code firstBit + i * strideBits}.
     *
     * @param before the entry name's text before the index, e.g. {@code "P_Key["}
     * @param after the text after it, e.g. {@code "]"} (concatenated rather than formatted: these layouts are built
     *     at start-up, where String.format is slow)
     */
    static Field[] repeat(String before, String after, int count, int firstBit, int strideBits, int bitWidth) {
        Field[] fields = new Field[count];
        for (int i = 0; i < count; i++) {
            fields[i] = Field.bits(before + i + after, firstBit + i * strideBits, bitWidth);
        }
        return fields;
    }

    /** Reserved bits {@code count} times, entry {@code i} at {@code firstBit + i * strideBits}. */
    static Field[] reserved(int count, int firstBit, int strideBits, int bitWidth) {
        Field[] fields = new Field[count];
        for (int i = 0; i < count; i++) {
            fields[i] = Field.reserved(firstBit + i * strideBits, bitWidth);
        }
        return fields;
    }

    /** The fields of all arrays in one array, for {@code Layout.of}. */
    static Field[] concat(Field[]... parts) {
        int n = 0;
        for (Field[] p : parts) {
            n += p.length;
        }
        Field[] all = new Field[n];
        int at = 0;
        for (Field[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }

    /** Checks an entry index, with a message naming the attribute. */
    static void checkIndex(String attribute, int index, int entries) {
        if (index < 0 || index >= entries) {
            throw new IndexOutOfBoundsException(attribute + ": entry " + index + " outside 0.." + (entries - 1));
        }
    }

    /** Checks a value for an attribute-modifier part. */
    static void checkRange(String what, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " " + value + " outside " + min + ".." + max);
        }
    }

    /** Checks the length of a block array given to a record constructor. */
    static void checkLength(String attribute, int length, int entries) {
        if (length != entries) {
            throw new IllegalArgumentException(attribute + ": expected " + entries + " entries, got " + length);
        }
    }
}
