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
    /** Re-discover and reconfigure the whole subnet (first sweep, errors, a new master, the console's resweep). */
    HEAVY_SWEEP,
    /**
     * Re-read the configuration, check the fabric and reconfigure it without re-discovering what did not change
     * (SIGHUP): a light sweep's checks, the region behind each change probed, then every configuration stage.
     */
    RECONFIGURE,
    /** Probe the regions behind the changes a light sweep or a trap found, then reconfigure (FabricChanges). */
    INCREMENTAL_SWEEP,
    /**
     * Reprogram the MFTs of the multicast groups hosts joined or left (the SA), and nothing else: coalesced, at most
     * one run per short interval, only by a master whose last heavy sweep configured the fabric.
     */
    MCAST,
    /** Check whether anything changed (the {@code sweep_interval} timer). */
    LIGHT_SWEEP,
    /**
     * Off-sweep balancing: start computing a balanced solution of the routing in force in the background (its
     * window passed), or program the one computed (only the LFT blocks that differ) if the routing did not change
     * meanwhile.
     */
    OFFSWEEP_BALANCING,
    /**
     * Re-discover the fabric with Gets for the performance manager of an SM that is not master (OpenSM's
     * {@code perfmgr_discovery}): discovery and the drop manager, the fabric found published, nothing configured.
     */
    PERFMGR_DISCOVERY,
    /** Nothing to do but prove the loop is alive (the systemd watchdog timer; the loop pings after every event). */
    WATCHDOG
}
