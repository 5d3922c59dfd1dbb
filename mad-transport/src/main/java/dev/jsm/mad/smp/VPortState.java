package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * VPortState (vendor attribute 0xFFB3, 64 bytes; {@code docs/virtualization.md}): the states of one block of 128
 * vports of a physical CA port, 4 bits each (even index in the high nibble). The attribute modifier is the block
 * number: block {@code b} holds vports {@code 128 b .. 128 b + 127}. Read-only. The SM reads it when
 * VirtualizationInfo.VPortStateChange is set, to find the vports whose state moved.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param states the 128 states (VPortInfo.STATE_*; 0 beyond the port's vports)
 */
public record VPortState(int[] states) {

    /** Entries per block. */
    public static final int ENTRIES = 128;
    /** Highest block number: vport indexes are 16 bits. */
    public static final int MAX_BLOCK = VPortInfo.MAX_INDEX / ENTRIES;

    /** {@code VPortState[i]}: the state of vport {@code 128 b + i}. */
    public static final Field[] STATE = BlockFields.repeat("VPortState[", "]", ENTRIES, 0, 4, 4);
    public static final Layout LAYOUT = Layout.of("VPortState", 64, STATE);

    /**
     * @throws IllegalArgumentException unless {@code states} has 128 entries of 4 bits
     */
    public VPortState {
        BlockFields.checkLength("VPortState", states.length, ENTRIES);
        states = states.clone();
        for (int s : states) {
            BlockFields.checkRange("VPortState", s, 0, 15);
        }
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VPortState decode(byte[] b, int off) {
        int[] s = new int[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            s[i] = STATE[i].getInt(b, off);
        }
        return new VPortState(s);
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < ENTRIES; i++) {
            STATE[i].put(b, off, states[i]);
        }
    }

    /** The state of entry {@code index} (0..127) of the block. */
    public int state(int index) {
        BlockFields.checkIndex("VPortState", index, ENTRIES);
        return states[index];
    }

    /** A copy of the 128 states. */
    @Override
    public int[] states() {
        return states.clone();
    }

    /** Attribute modifier selecting a block. */
    public static long modifier(int block) {
        BlockFields.checkRange("VPortState block", block, 0, MAX_BLOCK);
        return block;
    }

    /** The block an attribute modifier selects; values above {@link #MAX_BLOCK} are invalid requests. */
    public static long block(long attributeModifier) {
        return attributeModifier & 0xFFFF_FFFFL;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VPortState other && Arrays.equals(states, other.states);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(states);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("VPortState[");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(Character.forDigit(states[i], 16));
        }
        return sb.append(']').toString();
    }
}
