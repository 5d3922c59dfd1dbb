package dev.jsm.sa.rmpp;

import java.time.Duration;

/**
 * Timing and window of the user-space RMPP (IBA 13.6): how long a sender waits for an ACK before it resends the
 * unacknowledged segments, how often it does so before it aborts, how many segments a receiver lets the sender
 * have in flight, and how long a receiver keeps an unfinished message.
 *
 * <p>Immutable; safe to share.
 *
 * @param ackTimeout sender: time without an ACK before the window is sent again
 * @param maxRetries sender: resends of one window before the transfer is aborted (status 126)
 * @param receiveWindow receiver: segments granted per ACK (NewWindowLast = last acked + window)
 * @param reassemblyTimeout receiver: an unfinished message older than this is dropped; finished ones are
 *     remembered as long to re-ACK a resent last segment
 */
public record RmppSettings(Duration ackTimeout, int maxRetries, int receiveWindow, Duration reassemblyTimeout) {

    /** Validates the values. */
    public RmppSettings {
        if (ackTimeout.isNegative() || ackTimeout.isZero() || reassemblyTimeout.isNegative()
                || reassemblyTimeout.isZero()) {
            throw new IllegalArgumentException("RMPP timeouts must be positive: " + ackTimeout + ", "
                    + reassemblyTimeout);
        }
        if (maxRetries < 0 || receiveWindow < 1) {
            throw new IllegalArgumentException("RMPP retries must be >= 0 and the window >= 1, not " + maxRetries
                    + " and " + receiveWindow);
        }
    }

    /** 200 ms ACK timeout (OpenSM's transaction_timeout), 3 retries, window 32, 10 s reassembly. */
    public static RmppSettings defaults() {
        return new RmppSettings(Duration.ofMillis(200), 3, 32, Duration.ofSeconds(10));
    }
}
