package dev.jsm.daemon.sweep;

import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Told when a heavy sweep ends: systemd notification, {@code -o} (run once), tests. Called on the SM thread; must
 * not block.
 */
public interface SweepListener {

    /** The subnet is up: {@code snapshot} is what was configured, {@code sweepNumber} the heavy sweep's number. */
    void subnetUp(SubnetSnapshot snapshot, int sweepNumber);

    /** A heavy sweep ended without SUBNET UP ({@code reason} says why). */
    default void sweepFailed(int sweepNumber, String reason) {
    }
}
