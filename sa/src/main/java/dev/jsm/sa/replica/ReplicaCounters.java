package dev.jsm.sa.replica;

/**
 * What a master's stream to one standby, or a standby's receiver, has done so far.
 *
 * <p>Immutable; safe to share.
 *
 * @param frames DATA frames sent (master) or applied (standby), resends and duplicates not counted
 * @param entries changes sent or applied (snapshot entries included)
 * @param snapshots snapshots begun (master) or completed (standby)
 * @param resent frames sent again (master) or received again (standby)
 * @param lost times the standby was given up after its retries (master); frames out of order (standby)
 * @param dropped frames dropped: of another SM_Key, an unknown stream, or malformed
 */
public record ReplicaCounters(long frames, long entries, long snapshots, long resent, long lost, long dropped) {
}
