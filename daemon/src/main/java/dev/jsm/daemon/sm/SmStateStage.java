package dev.jsm.daemon.sm;

import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;

/**
 * Decides the SM's state once discovery is done (FACTS 1.3 step 6): with no other SM handled yet (standby and
 * handover are not implemented), DISCOVERING becomes MASTER, logged as OpenSM does, before any LID or route is
 * configured.
 *
 * <p>Confined to the SM thread.
 */
public final class SmStateStage implements SweepStage {

    private final SmStatus sm;

    /** @param sm the SM's status */
    public SmStateStage(SmStatus sm) {
        this.sm = sm;
    }

    @Override
    public String name() {
        return "sm-state";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        sm.enter(SmState.MASTER);
        return StageOutcome.CONTINUE;
    }
}
