package dev.jsm.daemon.view;

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

    /** A sweep that configures ended without SUBNET UP ({@code reason} says why). */
    default void sweepFailed(int sweepNumber, String reason) {
    }

    /** A sweep starts: the config file is read again and, for a heavy sweep, the SM is not NOTACTIVE. */
    default void sweepStarted(SweepKind kind) {
    }

    /**
     * A sweep ended, after the listeners above were told.
     *
     * @param kind which sweep it was
     * @param ok whether every stage ran through (a sweep that configures: SUBNET UP)
     * @param nanos how long it took
     */
    default void sweepEnded(SweepKind kind, boolean ok, long nanos) {
    }
}
