package dev.jsm.subnet;

/**
 * Abstraction of a table the SM programs block by block: the content it wants and the content the port or switch is
 * known to hold, compared one block at a time so that only the blocks that differ are sent. A block is what one
 * SubnSet() carries, in the attribute's wire layout, {@link #blockBytes()} bytes. The daemon's block-sync helper
 * works on this interface alone: it sends a block that {@link #blockDiffers differs} with the
 * {@link #copyWanted wanted content}, and records what the answer says is now held with {@link #setHeld}.
 *
 * <p>Implemented by {@link SwitchLft} (LinearForwardingTable), {@link SwitchMft} (MulticastForwardingTable) and
 * {@link BlockTable} (a port's P_KeyTable, SLtoVLMappingTable and VLArbitrationTable). Each numbers its blocks its
 * own way; the caller maps a block to its attribute modifier.
 *
 * <p>Implementations are confined to the sweep thread.
 */
public interface ProgrammableTable {

    /** Bytes of one block in wire layout. */
    int blockBytes();

    /** Whether {@code block} must be sent: its held content is unknown or differs from the wanted one. */
    boolean blockDiffers(int block);

    /** Copies the wanted content of {@code block} to {@code dst[off..off+blockBytes-1]} (the SMP payload). */
    void copyWanted(int block, byte[] dst, int off);

    /** Records that the port or switch holds {@code src[off..off+blockBytes-1]} in {@code block}. */
    void setHeld(int block, byte[] src, int off);
}
