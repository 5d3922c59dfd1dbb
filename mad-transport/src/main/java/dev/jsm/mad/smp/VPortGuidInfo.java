package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Layout;

/**
 * VPortGUIDInfo (vendor attribute 0xFFB5, 64 bytes; {@code docs/virtualization.md}): one block of 8 GUIDs of a vport,
 * the vport form of GUIDInfo with the same payload. Entry 0 of block 0 is the vport's own GUID (read-only); the
 * others are alias GUIDs the SM assigns, VPortInfo.VGUIDCap of them. Attribute modifier: bits 31:16 the vport index,
 * bits 15:0 the block ({@link #modifier}).
 *
 * <p>Immutable; safe to share.
 *
 * @param block the 8 GUIDs, as a GUIDInfo block
 */
public record VPortGuidInfo(GuidInfo block) {

    /** Entries per block. */
    public static final int ENTRIES = GuidInfo.ENTRIES;
    /** Highest block number: VGUIDCap is 8 bits. */
    public static final int MAX_BLOCK = GuidInfo.MAX_BLOCK;

    public static final Layout LAYOUT = Layout.of("VPortGUIDInfo", 64, GuidInfo.GUID);

    /** A block of the 8 {@code guids}. */
    public VPortGuidInfo(long[] guids) {
        this(new GuidInfo(guids));
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VPortGuidInfo decode(byte[] b, int off) {
        return new VPortGuidInfo(GuidInfo.decode(b, off));
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        block.encodeTo(b, off);
    }

    /** Entry {@code index} (0..7). */
    public long guid(int index) {
        return block.guid(index);
    }

    /** Attribute modifier selecting block {@code blockNumber} of vport {@code index}. */
    public static long modifier(int index, int blockNumber) {
        BlockFields.checkRange("VPortGUIDInfo vport index", index, 0, VPortInfo.MAX_INDEX);
        BlockFields.checkRange("VPortGUIDInfo block", blockNumber, 0, MAX_BLOCK);
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
