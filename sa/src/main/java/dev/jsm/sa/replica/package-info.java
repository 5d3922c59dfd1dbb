/**
 * The SA's state from master to standby (docs/operations.md, "SA state across restarts and failovers"): the master
 * keeps a {@link dev.jsm.sa.replica.ReplicaStream} per standby, which sends a snapshot first and then every change
 * of a group, member, ServiceRecord or subscription as numbered {@link dev.jsm.sa.replica.ReplicaFrame frames},
 * coalesced per key, resent until acknowledged; the standby's {@link dev.jsm.sa.replica.ReplicaReceiver} applies
 * them in order to its registries, without a Set to the fabric, and asks for a snapshot when it has fallen out of
 * the stream. {@link dev.jsm.sa.replica.ReplicaCodec} is the frames' wire format, which the daemon carries in vendor
 * MADs between the SMs' ports.
 *
 * <p>Above {@code state}; only the {@code agent} package uses it.
 */
package dev.jsm.sa.replica;
