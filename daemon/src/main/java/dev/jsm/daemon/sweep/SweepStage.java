package dev.jsm.daemon.sweep;

/**
 * One step of a sweep (discovery, LID assignment, routing, LFT programming, ...). The pipeline calls {@link #run}
 * on the SM thread, waits until every MAD it sent - and every MAD its handlers sent in turn - is answered or timed
 * out (OpenSM's wait for {@code qp0_mads_outstanding == 0}), then calls {@link #finish}, also on the SM thread.
 *
 * <p>The pipeline hands every call the {@link SweepState} (the model, this sweep's snapshot and error count); the
 * services a stage calls ({@link StageServices}) and the state it keeps between sweeps it gets when it is built.
 * Implementations are confined to the SM thread, but for {@link #computeOffSmThread}.
 */
public interface SweepStage {

    /** A short name for logs ({@code "discovery"}, {@code "lft-programming"}). */
    String name();

    /** Starts the stage: computes and sends MADs whose handlers update the model. Runs on the SM thread. */
    StageOutcome run(SweepState state);

    /**
     * Whether the next stage may start while this stage's MADs are still on the wire: true for a stage whose
     * answers nothing after it reads before the sweep's end (its {@link #finish} then runs after the next stage's
     * MADs completed too), so that the next stage's computing overlaps this stage's traffic. False by default: the
     * next stage starts once every MAD of this one is answered or timed out.
     */
    default boolean overlapsNext() {
        return false;
    }

    /**
     * The stage's long computation over what {@link #run} took from the model (a routing engine's pass over the
     * snapshot), called by the pipeline on its own thread right after {@link #run} returned CONTINUE, so that the SM
     * thread meanwhile handles the answers of the stages before this one and their further Sets keep the wire busy.
     * It must read nothing the SM thread writes. Returns what to do with the result on the SM thread before the next
     * stage runs, or null; by default there is no such computation.
     */
    default Runnable computeOffSmThread(SweepState state) {
        return null;
    }

    /** Ends the stage once all its MADs completed: judge the answers, log a summary. Runs on the SM thread. */
    default StageOutcome finish(SweepState state) {
        return StageOutcome.CONTINUE;
    }
}
