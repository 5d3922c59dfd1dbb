package dev.jsm.sa.replica;

import java.time.Duration;

/**
 * How the master streams the SA's state to a standby ({@link ReplicaStream}) and how the standby answers
 * ({@link ReplicaReceiver}).
 *
 * <p>Immutable; safe to share.
 *
 * @param window frames sent and not yet acknowledged at most; changes made meanwhile wait, coalesced per key
 * @param resendTimeout how long the oldest unacknowledged frame waits before every unacknowledged frame is sent again
 * @param maxRetries resends without an acknowledgement before the standby counts as lost
 * @param lostBackoff how long the master waits after losing a standby before it starts again with a snapshot
 * @param maxDirtyKeys keys changed and not yet sent at most; beyond, the standby gets a snapshot instead
 * @param frameBytes the largest frame, header included (the data of the MAD that carries it)
 */
public record ReplicaSettings(int window, Duration resendTimeout, int maxRetries, Duration lostBackoff,
                              int maxDirtyKeys, int frameBytes) {

    /**
     * Validates the values.
     *
     * @throws IllegalArgumentException if a count is not positive, a time not positive, or the frames too small
     *     for the largest entry
     */
    public ReplicaSettings {
        if (window < 1 || maxRetries < 0 || maxDirtyKeys < 1 || resendTimeout.isNegative() || resendTimeout.isZero()
                || lostBackoff.isNegative() || frameBytes < ReplicaFrame.MIN_BYTES) {
            throw new IllegalArgumentException("replica settings out of range: " + this + " (frames of at least "
                    + ReplicaFrame.MIN_BYTES + " bytes)");
        }
    }

    /**
     * The daemon's: 64 frames in flight, resent after 200 ms, the standby lost after 10 resends (2 s without an
     * answer) and tried again after 10 s, up to 65,536 keys pending, frames of {@link ReplicaFrame#MIN_BYTES}.
     */
    public static ReplicaSettings defaults() {
        return new ReplicaSettings(64, Duration.ofMillis(200), 10, Duration.ofSeconds(10), 1 << 16,
                ReplicaFrame.MIN_BYTES);
    }
}
