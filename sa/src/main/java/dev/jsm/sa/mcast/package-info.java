/**
 * Multicast groups kept by the SA (IBA 15.2.5.17, docs/reference/opensm-behaviour.md#multicast): MCMemberRecord joins,
 * leaves and queries, MLID
 * allocation, the well-known groups of the partitions, and the {@link dev.jsm.sa.mcast.McastMembershipListener}
 * through which the SM learns which ports its MFTs must reach.
 */
package dev.jsm.sa.mcast;
