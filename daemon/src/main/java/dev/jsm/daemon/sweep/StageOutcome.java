package dev.jsm.daemon.sweep;

/** What a {@link SweepStage} tells the pipeline: go on, stop and sweep again at once, or stop. */
public enum StageOutcome {
    /** Run the next stage. */
    CONTINUE,
    /** Stop this sweep and start a new heavy sweep at once (the fabric changed under the sweep). */
    RESWEEP,
    /** Stop this sweep; the next one comes with the next event (timer, trap, signal). */
    ABORT
}
