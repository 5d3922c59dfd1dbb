package dev.jsm.partitions;

/**
 * What each virtual port holds now in its P_Key table (read with VPortPKeyTable Get, or what the SM last programmed),
 * for {@code keep_pkey_indexes} and the block diff; named by the GUID of the end port the vport is behind and its
 * index, so that the lookup survives re-indexing between sweeps.
 *
 * <p>Implementations are read on the calling thread only.
 */
@FunctionalInterface
public interface HeldVPortPKeyTables {

    /** Nothing known: every block is sent and no index is kept. */
    HeldVPortPKeyTables NONE = (portGuid, vportIndex) -> null;

    /** The table vport {@code vportIndex} of end port {@code portGuid} holds, or {@code null} if unknown. */
    PortPKeyTable held(long portGuid, int vportIndex);
}
