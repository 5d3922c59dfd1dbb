/**
 * The immutable copy of the fabric model published after each sweep, and the read-only views built from it.
 *
 * <p>{@link dev.jsm.subnet.snapshot.SubnetSnapshot#of(dev.jsm.subnet.Subnet)} copies the mutable model into
 * index-ordered records ({@link dev.jsm.subnet.snapshot.NodeView}, {@link dev.jsm.subnet.snapshot.PortView},
 * {@link dev.jsm.subnet.snapshot.EndPortView}, {@link dev.jsm.subnet.snapshot.SwitchView},
 * {@link dev.jsm.subnet.snapshot.LinkView}). Readers on any thread (SA, console, metrics, dumps) use it without
 * locks. Routing uses its primitive-array views: {@link dev.jsm.subnet.snapshot.SwitchGraph} (switch-to-switch
 * adjacency in CSR form) and {@link dev.jsm.subnet.snapshot.LidMap} (LID to end port and to the switch port that
 * delivers it). {@link dev.jsm.subnet.snapshot.SubnetDiff} compares two snapshots so a heavy sweep reroutes only
 * on change.
 *
 * <p>Everything here is immutable and safe to share.
 */
package dev.jsm.subnet.snapshot;
