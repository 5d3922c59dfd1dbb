/**
 * Partitions (P_Keys) without MAD I/O: OpenSM's partitions.conf and what it means for a fabric.
 *
 * <ul>
 *   <li>{@link dev.jsm.partitions.PartitionConfig} parses the file (hand-written reader, errors as
 *       {@link dev.jsm.partitions.PartitionsParseException} with {@code file:line:column}) on top of the built-in
 *       default rule;</li>
 *   <li>{@link dev.jsm.partitions.PartitionPolicy} keeps the last good policy in force across re-reads;</li>
 *   <li>{@link dev.jsm.partitions.PartitionResolver} applies a policy to a
 *       {@link dev.jsm.subnet.snapshot.SubnetSnapshot}, giving the {@link dev.jsm.partitions.PartitionSet} in force
 *       (members, per-port keys, the well-known {@link dev.jsm.partitions.PartitionGroup}s for the SA);</li>
 *   <li>{@link dev.jsm.partitions.PKeyPlanner} turns a set into per-port P_Key tables, changed 32-entry blocks and
 *       switch enforcement bits ({@link dev.jsm.partitions.PKeyPlan}), checked against what the reference OpenSM
 *       programs on ibsim ({@code scripts/partitions-reference.sh}), and into the tables of virtual ports
 *       ({@link dev.jsm.partitions.VPortPKeyPlan}, docs/virtualization.md), which are members by their own GUIDs
 *       ({@code ALL}, {@code ALL_VCAS}, a vport GUID).</li>
 * </ul>
 *
 * <p>The daemon's programming stage reads the file through a {@code PartitionPolicy} each heavy sweep, resolves and
 * plans, and sends the P_KeyTable and PortInfo Sets the plan lists.
 */
package dev.jsm.partitions;
