package dev.jsm.partitions;

import java.util.List;

/**
 * One statement of partitions.conf ({@code name=PKey,flags : port list and mgid lines ;}) after parsing: the P_Key
 * it applies to (explicit or generated, low 15 bits), its flags, its port specifiers in file order and the multicast
 * groups it creates. Statements with the same P_Key merge when resolved, in file order.
 *
 * <p>Immutable; safe to share.
 *
 * @param name the partition name ("" when omitted)
 * @param pkey the P_Key without the membership bit (1..0x7FFF)
 * @param indx0 whether the statement's ports get this P_Key at block 0 index 0
 * @param ipoib whether the statement asked for an IPoIB broadcast group
 * @param flags the group flags of the definition (for the broadcast group and as the partition SL)
 * @param ports the port specifiers in file order
 * @param groups the multicast groups to create, broadcast group first
 * @param line 1-based line of the definition (0 for the built-in default rule)
 */
public record PartitionStatement(String name, int pkey, boolean indx0, boolean ipoib, GroupFlags flags,
                                 List<PortSelector> ports, List<McastGroupSpec> groups, int line) {

    /** Copies the lists. */
    public PartitionStatement {
        ports = List.copyOf(ports);
        groups = List.copyOf(groups);
    }
}
