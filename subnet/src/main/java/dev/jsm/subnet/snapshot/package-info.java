/**
 * The immutable copy of the fabric model published after each sweep, and the read-only views built from it.
 *
 * <p>{@link dev.jsm.subnet.snapshot.SubnetSnapshot#of(dev.jsm.subnet.Subnet)} copies the mutable model into
 * index-ordered records ({@link dev.jsm.subnet.snapshot.NodeView}, {@link dev.jsm.subnet.snapshot.PortView},
 * {@link dev.jsm.subnet.snapshot.EndPortView}, {@link dev.jsm.subnet.snapshot.SwitchView},
 * {@link dev.jsm.subnet.snapshot.LinkView}, {@link dev.jsm.subnet.snapshot.VPortView}). Readers on any thread (SA,
 * console, metrics, dumps) use it without locks. {@link dev.jsm.subnet.snapshot.LidMap} finds the end port (and the
 * vport) that holds a LID.
 * {@link dev.jsm.subnet.snapshot.SubnetDiff} compares two snapshots so a heavy sweep reroutes only on change.
 *
 * <p>Everything here is immutable and safe to share.
 */
package dev.jsm.subnet.snapshot;
