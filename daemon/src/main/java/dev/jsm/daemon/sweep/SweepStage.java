package dev.jsm.daemon.sweep;

/**
 * One step of a sweep (discovery, LID assignment, routing, LFT programming, ...). The pipeline calls {@link #run}
 * on the SM thread, waits until every MAD it sent - and every MAD its handlers sent in turn - is answered or timed
 * out (OpenSM's wait for {@code qp0_mads_outstanding == 0}), then calls {@link #finish}, also on the SM thread.
 *
 * <p>Implementations keep no state between sweeps beyond what the {@link SweepContext} holds; they are confined to
 * the SM thread.
 */
public interface SweepStage {

    /** A short name for logs ({@code "discovery"}, {@code "lft-programming"}). */
    String name();

    /** Starts the stage: computes and sends MADs whose handlers update the model. Runs on the SM thread. */
    StageOutcome run(SweepContext ctx);

    /**
     * Whether the next stage may start while this stage's MADs are still on the wire: true for a stage whose
     * answers nothing after it reads before the sweep's end (its {@link #finish} then runs after the next stage's
     * MADs completed too), so that the next stage's computing overlaps this stage's traffic. False by default: the
     * next stage starts once every MAD of this one is answered or timed out.
     */
    default boolean overlapsNext() {
        return false;
    }

    /** Ends the stage once all its MADs completed: judge the answers, log a summary. Runs on the SM thread. */
    default StageOutcome finish(SweepContext ctx) {
        return StageOutcome.CONTINUE;
    }
}
