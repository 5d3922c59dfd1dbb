package dev.jsm.daemon.sweep;

/**
 * Told when a sweep ends, or a multicast update changed the view: the SA, systemd notification, {@code -o} (run
 * once), the metrics, tests. Called on the SM thread ({@link #sweepEnded} on the event loop thread); must not block.
 */
public interface SweepListener {

    /** The subnet is up: {@code view} is what was configured. */
    void subnetUp(FabricView view);

    /**
     * What the SM configured changed without a heavy sweep - a multicast update reprogrammed MFTs - and
     * {@code view} (the last SUBNET UP's, with the switches' tables as they are now) replaces the view readers had.
     */
    default void viewUpdated(FabricView view) {
    }

    /** A heavy sweep ended without SUBNET UP ({@code reason} says why). */
    default void sweepFailed(int sweepNumber, String reason) {
    }

    /**
     * A heavy or light sweep ended, after the listeners above were told.
     *
     * @param heavy whether it was a heavy sweep
     * @param ok whether every stage ran through (a heavy sweep: SUBNET UP)
     * @param nanos how long it took
     */
    default void sweepEnded(boolean heavy, boolean ok, long nanos) {
    }
}
