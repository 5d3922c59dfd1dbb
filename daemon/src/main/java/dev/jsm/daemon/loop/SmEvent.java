package dev.jsm.daemon.loop;

/**
 * What the SM's event loop can be asked to do, most urgent first: the loop always takes the most urgent pending
 * event, and requests of a kind already pending merge into it (ten HUPs during a sweep give one more sweep).
 */
public enum SmEvent {
    /** Stop: finish the current stage, close the transport, return. */
    SHUTDOWN,
    /** Reopen the log file (SIGUSR1, logrotate). */
    REOPEN_LOG,
    /** Re-discover and reconfigure the whole subnet (first sweep, SIGHUP, trap, change seen by a light sweep). */
    HEAVY_SWEEP,
    /**
     * Reprogram the MFTs of the multicast groups hosts joined or left (the SA), and nothing else: coalesced, at most
     * one run per short interval, only by a master whose last heavy sweep configured the fabric.
     */
    MCAST,
    /** Check whether anything changed (the {@code sweep_interval} timer). */
    LIGHT_SWEEP,
    /** Nothing to do but prove the loop is alive (the systemd watchdog timer; the loop pings after every event). */
    WATCHDOG
}
