package dev.jsm.daemon.publish;

import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * The fabric a STANDBY SM's heavy sweep discovered (Gets only), published for the performance manager, which sweeps
 * the counters of a standby too (docs/operations.md, "The performance manager"): the nodes and cables reached and the
 * LIDs the master assigned, as the ports' PortInfo says. No SUBNET UP publishes a view on a standby; this stage, at
 * the end of the standby's list, does so for the performance manager alone.
 *
 * <p>{@link #run} is confined to the SM thread; {@link #fabric} is read from any thread.
 */
public final class StandbyFabric implements SweepStage {

    private volatile SubnetSnapshot fabric;

    @Override
    public String name() {
        return "standby-fabric";
    }

    @Override
    public StageOutcome run(SweepState state) {
        state.takeSnapshot();
        fabric = state.snapshot();
        return StageOutcome.CONTINUE;
    }

    /** True: it sends no MAD. */
    @Override
    public boolean overlapsNext() {
        return true;
    }

    /** What the last standby heavy sweep discovered, or {@code null} before the first. Any thread. */
    public SubnetSnapshot fabric() {
        return fabric;
    }
}
