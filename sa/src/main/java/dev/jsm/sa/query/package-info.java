/**
 * The SA query engine: Get/GetTable over an immutable {@link dev.jsm.sa.query.SaView} (the published
 * {@link dev.jsm.subnet.snapshot.SubnetSnapshot} with its programmed LFTs, the routing engine's path SLs, QoS levels
 * and partition membership). Component-mask matching for the snapshot records; PathRecords computed by walking the
 * programmed LFTs. {@link dev.jsm.sa.query.QosLevels} and {@link dev.jsm.sa.query.PartitionMembership} are the
 * interfaces the qos and partitions modules implement.
 */
package dev.jsm.sa.query;
