package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * CongestionControlTable (attribute 0x0017, Get and Set on a CA port, 132 bytes;
 * {@code docs/congestion-control.md#congestioncontroltable}): one block of 64 entries of a port's table of injection
 * delays, the attribute modifier naming the block (entries {@code 64 * block} to {@code 64 * block + 63}), with the
 * table's CCTI_Limit, the highest valid index. An entry is {@code shift:multiplier}, 2 and 14 bits: the delay is the
 * multiplier shifted left by the shift. A port holds CongestionInfo.ControlTableCap blocks.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param cctiLimit CCTI_Limit, 16 bits
 * @param entries the 64 entries of the block, each the 16-bit {@code shift << 14 | multiplier}
 */
public record CongestionControlTable(int cctiLimit, int[] entries) {

    /** Attribute size in bytes. */
    public static final int SIZE = 132;
    /** Entries per block. */
    public static final int ENTRIES = 64;
    /** Offset of entry 0. */
    public static final int ENTRIES_OFFSET = 4;

    public static final Field CCTI_LIMIT = Field.u16("CCTI_Limit", 0);
    public static final Field CCT_SHIFT = Field.bits("CCT_Shift", 0, 7, 6);
    public static final Field CCT_MULTIPLIER = Field.bits("CCT_Multiplier", 2, 14);
    /** An entry as one 16-bit number, at {@code ENTRIES_OFFSET + 2 * index} of the block. */
    private static final Field ENTRY = Field.u16("CongestionControlTableEntry", 0);
    /** The attribute's head; the 64 entries follow at {@link #ENTRIES_OFFSET}, {@link #ENTRY_LAYOUT} each. */
    public static final Layout HEAD_LAYOUT = Layout.of("CongestionControlTable", ENTRIES_OFFSET, CCTI_LIMIT,
            Field.reservedBytes(2, 2));
    /** One entry (CongestionControlTableEntry, 2 bytes). */
    public static final Layout ENTRY_LAYOUT = Layout.of("CongestionControlTableEntry", 2, CCT_SHIFT,
            CCT_MULTIPLIER);

    /**
     * @throws IllegalArgumentException unless CCTI_Limit fits 16 bits and there are 64 entries of 16 bits
     */
    public CongestionControlTable {
        CcFields.check("CCTI_Limit", cctiLimit, 0xFFFF);
        if (entries.length != ENTRIES) {
            throw new IllegalArgumentException("CongestionControlTable needs " + ENTRIES + " entries, not "
                    + entries.length);
        }
        entries = entries.clone();
        for (int e : entries) {
            CcFields.check("CongestionControlTableEntry", e, 0xFFFF);
        }
    }

    /** A block whose entries are all {@code 0:0}, with {@code cctiLimit}. */
    public static CongestionControlTable empty(int cctiLimit) {
        return new CongestionControlTable(cctiLimit, new int[ENTRIES]);
    }

    /** The 16-bit entry {@code shift:multiplier} (shift 0..3, multiplier 0..16383). */
    public static int entry(int shift, int multiplier) {
        return CcFields.shiftMultiplier(shift, multiplier);
    }

    /** Decodes a block at {@code off}. */
    public static CongestionControlTable decode(byte[] b, int off) {
        int[] e = new int[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            e[i] = ENTRY.getInt(b, off + ENTRIES_OFFSET + 2 * i);
        }
        return new CongestionControlTable(CCTI_LIMIT.getInt(b, off), e);
    }

    /** Encodes the block at {@code off}, the reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        CCTI_LIMIT.put(b, off, cctiLimit);
        b[off + 2] = 0;
        b[off + 3] = 0;
        for (int i = 0; i < ENTRIES; i++) {
            ENTRY.put(b, off + ENTRIES_OFFSET + 2 * i, entries[i]);
        }
    }

    /** A copy of the 64 entries. */
    @Override
    public int[] entries() {
        return entries.clone();
    }

    /** Entry {@code index} (0..63) of the block. */
    public int entry(int index) {
        return entries[index];
    }

    /** The shift of entry {@code index}. */
    public int shift(int index) {
        return CcFields.shift(entries[index]);
    }

    /** The multiplier of entry {@code index}. */
    public int multiplier(int index) {
        return CcFields.multiplier(entries[index]);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CongestionControlTable other && cctiLimit == other.cctiLimit
                && Arrays.equals(entries, other.entries);
    }

    @Override
    public int hashCode() {
        return 31 * cctiLimit + Arrays.hashCode(entries);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("CongestionControlTable[CCTI_Limit=").append(cctiLimit);
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? " " : ",").append(shift(i)).append(':').append(multiplier(i));
        }
        return sb.append(']').toString();
    }
}
