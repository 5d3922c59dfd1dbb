package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * P_KeyTable (attribute 0x0016, 64 bytes; IBA 14.2.5.7): one block of 32 partition keys of a port. Bit 15 of a
 * P_Key is the membership type (1 full, 0 limited), bits 14:0 the base; 0x0000 is an unused entry and 0xFFFF the
 * default full-member key.
 *
 * <p>Attribute modifier bits 15:0 are the block number; on a switch bits 31:16 are the port (OpenSM writes
 * {@code port << 16 | block}). A CA port has NodeInfo.PartitionCap entries, a switch external port
 * SwitchInfo.PartitionEnforcementCap.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param pKeys the 32 P_Keys of the block, 16 bits each
 */
public record PKeyTable(int[] pKeys) {

    /** Entries per block. */
    public static final int ENTRIES = 32;
    /** The default partition key, full member. */
    public static final int DEFAULT_PKEY = 0xFFFF;
    /** Membership bit: set for full members, clear for limited members. */
    public static final int FULL_MEMBER = 0x8000;
    /** Highest block number (16 bits). */
    public static final int MAX_BLOCK = 0xFFFF;

    /** {@code P_Key[i]}: entry {@code i} of the block, membership bit included. */
    public static final Field[] P_KEY = BlockFields.repeat("P_Key[", "]", ENTRIES, 0, 16, 16);
    public static final Layout LAYOUT = Layout.of("P_KeyTable", 64, P_KEY);

    /**
     * @throws IllegalArgumentException unless {@code pKeys} has 32 entries of 16 bits
     */
    public PKeyTable {
        BlockFields.checkLength("P_KeyTable", pKeys.length, ENTRIES);
        pKeys = pKeys.clone();
        for (int k : pKeys) {
            BlockFields.checkRange("P_Key", k, 0, 0xFFFF);
        }
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static PKeyTable decode(byte[] b, int off) {
        int[] keys = new int[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            keys[i] = P_KEY[i].getInt(b, off);
        }
        return new PKeyTable(keys);
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < ENTRIES; i++) {
            P_KEY[i].put(b, off, pKeys[i]);
        }
    }

    /** Entry {@code index} (0..31), membership bit included. */
    public int pKey(int index) {
        BlockFields.checkIndex("P_KeyTable", index, ENTRIES);
        return pKeys[index];
    }

    /** Whether entry {@code index} is a full-member key. */
    public boolean isFullMember(int index) {
        return (pKey(index) & FULL_MEMBER) != 0;
    }

    /** The 15-bit base of entry {@code index}, without the membership bit. */
    public int pKeyBase(int index) {
        return pKey(index) & ~FULL_MEMBER;
    }

    /** A copy of the 32 P_Keys. */
    @Override
    public int[] pKeys() {
        return pKeys.clone();
    }

    /**
     * Attribute modifier selecting a block of a port's table.
     *
     * @param block block number (32 entries each)
     * @param port switch port, 0 for CA and router ports (they ignore it)
     */
    public static long modifier(int block, int port) {
        BlockFields.checkRange("P_KeyTable block", block, 0, MAX_BLOCK);
        BlockFields.checkRange("P_KeyTable port", port, 0, 255);
        return ((long) port << 16) | block;
    }

    /** The block (bits 15:0) of an attribute modifier. */
    public static int block(long attributeModifier) {
        return (int) (attributeModifier & MAX_BLOCK);
    }

    /** The switch port (bits 31:16) of an attribute modifier. */
    public static int port(long attributeModifier) {
        return (int) ((attributeModifier >>> 16) & 0xFFFF);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PKeyTable other && Arrays.equals(pKeys, other.pKeys);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(pKeys);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("PKeyTable[");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("%04x", pKeys[i]));
        }
        return sb.append(']').toString();
    }
}
