/**
 * Answering SA requests from an immutable {@link dev.jsm.sa.query.SaView} (the published
 * {@link dev.jsm.subnet.snapshot.SubnetSnapshot} with its programmed LFTs, the routing engine's path SLs, QoS levels
 * and partition membership), and the SA table that routes every request: {@link dev.jsm.sa.query.SaDispatch} maps
 * each (attribute, method) pair to its {@link dev.jsm.sa.query.SaHandler}, answers the pairs it does not serve, and
 * holds the one-record rule of Get; {@link dev.jsm.sa.query.SaHandlers} lists its rows - the records read from the
 * view, served by this package's queries (component-mask matching for the snapshot records, PathRecords computed by
 * walking the programmed LFTs), and the records the agent keeps, handed in as {@link dev.jsm.sa.query.KeptRecords}.
 * {@link dev.jsm.sa.query.SaQueryEngine} answers from a view alone, without an agent.
 * {@link dev.jsm.sa.query.QosLevels} and {@link dev.jsm.sa.query.PartitionMembership} are the interfaces the qos and
 * partitions modules implement. Virtual ports (docs/virtualization.md) are answered as ports of their own where they
 * are up: NodeRecords and PortInfoRecords of those with a LID of their own, GUIDInfoRecords, PathRecords by GID or LID
 * (resolved to their physical port for the walk, {@link dev.jsm.sa.query.VPortEnds}) and multicast joins.
 */
package dev.jsm.sa.query;
