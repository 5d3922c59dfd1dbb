package dev.jsm.daemon.sweep;

/**
 * Takes this sweep's one copy of the model ({@link SweepState#takeSnapshot()}) once discovery, the drop manager
 * and the LID manager are done, so that the fabric's shape and LIDs are final: the partition manager, routing,
 * multicast and QoS all read that copy, and SUBNET UP publishes it with the port states and tables refreshed.
 *
 * <p>Confined to the SM thread.
 */
public final class SnapshotStage implements SweepStage {

    @Override
    public String name() {
        return "snapshot";
    }

    @Override
    public StageOutcome run(SweepState state) {
        state.takeSnapshot();
        return StageOutcome.CONTINUE;
    }

    /** True: it sends no MAD, so the stages before it need not have finished theirs. */
    @Override
    public boolean overlapsNext() {
        return true;
    }
}
