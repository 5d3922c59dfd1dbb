package dev.jsm.partitions;

/**
 * One multicast group a partition statement asks the SM to create up front: the IPoIB broadcast group of an
 * {@code ipoib} partition, or an {@code mgid=} line, expanded to one spec per scope and with the P_Key and Q_Key of
 * IP groups filled in. The resolver turns the specs of non-empty partitions into {@link PartitionGroup}s.
 *
 * <p>Immutable; safe to share.
 *
 * @param mgid the group's MGID with its final scope nibble (and, for IP groups, P_Key bits)
 * @param flags the group's flags; {@link GroupFlags#scopeMask()} is not used any more
 * @param scope the scope nibble of {@code mgid}
 * @param line 1-based line of the definition in the file (0 for built-in rules)
 */
public record McastGroupSpec(Mgid mgid, GroupFlags flags, int scope, int line) {
}
