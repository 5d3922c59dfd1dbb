package dev.jsm.daemon.sweep;

/**
 * What a {@link SweepStage} tells the pipeline: go on, stop and sweep again at once, stop, or stop because this SM
 * is not the one to configure the fabric.
 */
public enum StageOutcome {
    /** Run the next stage. */
    CONTINUE,
    /** Stop this sweep and start a new heavy sweep at once (the fabric changed under the sweep). */
    RESWEEP,
    /** Stop this sweep; the next one comes with the next event (timer, trap, signal). */
    ABORT,
    /**
     * Stop this sweep without configuring anything, and without counting it as failed: this SM is not master (it
     * stands by, or handed over), or waits for another master's HANDOVER.
     */
    NOT_MASTER
}
