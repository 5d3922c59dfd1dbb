package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Layout;

/**
 * VPortPKeyTable (vendor attribute 0xFFB6, 64 bytes; {@code docs/virtualization.md}): one block of 32 partition keys
 * of a vport, the vport form of P_KeyTable with the same payload. The vport has VNodeInfo.VPartitionCap entries.
 * Attribute modifier: bits 31:16 the vport index, bits 15:0 the block ({@link #modifier}).
 *
 * <p>Immutable; safe to share.
 *
 * @param block the 32 P_Keys, as a P_KeyTable block
 */
public record VPortPKeyTable(PKeyTable block) {

    /** Entries per block. */
    public static final int ENTRIES = PKeyTable.ENTRIES;

    public static final Layout LAYOUT = Layout.of("VPortPKeyTable", 64, PKeyTable.P_KEY);

    /** A block of the 32 {@code pKeys}. */
    public VPortPKeyTable(int[] pKeys) {
        this(new PKeyTable(pKeys));
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VPortPKeyTable decode(byte[] b, int off) {
        return new VPortPKeyTable(PKeyTable.decode(b, off));
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        block.encodeTo(b, off);
    }

    /** Entry {@code index} (0..31), membership bit included. */
    public int pKey(int index) {
        return block.pKey(index);
    }

    /** Attribute modifier selecting block {@code blockNumber} of vport {@code index}. */
    public static long modifier(int index, int blockNumber) {
        BlockFields.checkRange("VPortPKeyTable vport index", index, 0, VPortInfo.MAX_INDEX);
        BlockFields.checkRange("VPortPKeyTable block", blockNumber, 0, PKeyTable.MAX_BLOCK);
        return ((long) index << 16) | blockNumber;
    }

    /** The vport index (bits 31:16) of an attribute modifier. */
    public static int index(long attributeModifier) {
        return (int) ((attributeModifier >>> 16) & 0xFFFF);
    }

    /** The block (bits 15:0) of an attribute modifier. */
    public static int blockNumber(long attributeModifier) {
        return (int) (attributeModifier & 0xFFFF);
    }
}
