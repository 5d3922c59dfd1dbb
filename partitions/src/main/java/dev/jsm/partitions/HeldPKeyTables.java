package dev.jsm.partitions;

/**
 * What each port holds now (read at discovery with P_KeyTable Get, or what the SM last programmed), for
 * {@code keep_pkey_indexes} and the block diff. Ports are named by node GUID and port number so the lookup survives
 * re-indexing between sweeps.
 *
 * <p>Implementations are read on the calling thread only.
 */
@FunctionalInterface
public interface HeldPKeyTables {

    /** Nothing known: every block is sent and no index is kept. */
    HeldPKeyTables NONE = (nodeGuid, portNum) -> null;

    /** The table port {@code portNum} of node {@code nodeGuid} holds, or {@code null} if unknown. */
    PortPKeyTable held(long nodeGuid, int portNum);
}
