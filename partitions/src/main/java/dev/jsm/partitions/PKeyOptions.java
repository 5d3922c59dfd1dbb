package dev.jsm.partitions;

/**
 * The options that shape P_Key tables: {@code allow_both_pkeys}, {@code keep_pkey_indexes} and {@code part_enforce}
 * (with the deprecated {@code no_partition_enforcement} folded in, see {@link PartEnforce#fromOptions}).
 *
 * <p>Immutable; safe to share.
 *
 * @param allowBothPKeys a port may hold both the full and the limited key of one partition
 * @param keepPKeyIndexes keys stay at the index a port already holds them at
 * @param partEnforce enforcement on switch ports facing CAs and routers
 */
public record PKeyOptions(boolean allowBothPKeys, boolean keepPKeyIndexes, PartEnforce partEnforce) {

    /** OpenSM's defaults: no both-keys, keep indexes, enforce both directions. */
    public static final PKeyOptions DEFAULTS = new PKeyOptions(false, true, PartEnforce.BOTH);
}
