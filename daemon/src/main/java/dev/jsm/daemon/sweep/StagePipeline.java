package dev.jsm.daemon.sweep;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.loop.SmThread;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionStats;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs a list of {@link SweepStage}s in order, OpenSM's {@code do_sweep} made explicit: each stage starts on the SM
 * thread, then the pipeline waits on the transactions' quiescence barrier (every MAD answered or timed out, every
 * handler run), then the stage finishes on the SM thread. A stage that {@linkplain SweepStage#overlapsNext overlaps
 * the next} is not waited for: the next stage starts while its MADs are on the wire, and it finishes, first, after
 * the next barrier. A stage's {@linkplain SweepStage#computeOffSmThread computation off the SM thread} runs here,
 * between its start and the next stage, while the SM thread handles answers. A stage that does not say CONTINUE ends
 * the run, and so does a SHUTDOWN request between stages. While the stages run, its {@link SweepGate} says so.
 *
 * <p>Confined to the event loop thread (it must not be the SM thread: it waits on the barrier).
 */
public final class StagePipeline {

    private static final Logger LOG = LogManager.getLogger(StagePipeline.class);

    private final SmThread sm;
    private final MadTransactions transactions;
    private final SmEvents events;
    private final SweepGate gate;

    /**
     * A pipeline running stages on {@code sm}, waiting on {@code transactions}, stopping on {@code events}, holding
     * {@code gate} while they run.
     */
    public StagePipeline(SmThread sm, MadTransactions transactions, SmEvents events, SweepGate gate) {
        this.sm = sm;
        this.transactions = transactions;
        this.events = events;
        this.gate = gate;
    }

    /**
     * Runs {@code stages} on {@code state}.
     *
     * @return CONTINUE if every stage ran through, else the first other outcome (ABORT on shutdown)
     * @throws InterruptedException if the loop thread is interrupted
     */
    public StageOutcome run(List<SweepStage> stages, SweepState state) throws InterruptedException {
        long start = System.nanoTime();
        TransactionStats before = transactions.stats();
        StageOutcome outcome;
        gate.enter();
        try {
            outcome = runStages(stages, state);
        } finally {
            gate.leave();
        }
        TransactionStats after = transactions.stats();
        LOG.log(LogLevels.VERBOSE, "{} stages: {} MADs sent ({} retries, {} timeouts) in {} ms: {}", stages.size(),
                after.sent() - before.sent(), after.retries() - before.retries(), after.timeouts() - before.timeouts(),
                (System.nanoTime() - start) / 1_000_000, outcome);
        return outcome;
    }

    private StageOutcome runStages(List<SweepStage> stages, SweepState state) throws InterruptedException {
        List<SweepStage> unfinished = new ArrayList<>();
        for (SweepStage stage : stages) {
            if (events.shutdownRequested()) {
                return StageOutcome.ABORT;
            }
            long t0 = System.nanoTime();
            long sent0 = transactions.stats().sent();
            StageOutcome outcome = sm.call(() -> stage.run(state));
            if (outcome == StageOutcome.CONTINUE) {
                Runnable then = stage.computeOffSmThread(state);
                if (then != null) {
                    sm.call(() -> {
                        then.run();
                        return null;
                    });
                }
            }
            if (outcome == StageOutcome.CONTINUE && stage.overlapsNext()) {
                LOG.debug("stage {}: {} MADs sent, {} ms, overlapping the next stage", stage.name(),
                        transactions.stats().sent() - sent0, (System.nanoTime() - t0) / 1_000_000);
                unfinished.add(stage);
                continue;
            }
            StageOutcome earlier = finishOverlapped(unfinished, state);
            if (earlier != StageOutcome.CONTINUE) {
                return earlier;
            }
            if (outcome == StageOutcome.CONTINUE) {
                outcome = sm.call(() -> stage.finish(state));
            }
            LOG.debug("stage {}: {} MADs, {} ms, {}", stage.name(), transactions.stats().sent() - sent0,
                    (System.nanoTime() - t0) / 1_000_000, outcome);
            if (outcome != StageOutcome.CONTINUE) {
                LOG.log(LogLevels.VERBOSE, "sweep stopped after stage {}: {}", stage.name(), outcome);
                return outcome;
            }
        }
        return finishOverlapped(unfinished, state);
    }

    /**
     * Waits on the barrier, then finishes the stages that overlapped the ones after them, in order, and forgets
     * them.
     *
     * @return CONTINUE, or the first other outcome of their finishes
     */
    private StageOutcome finishOverlapped(List<SweepStage> unfinished, SweepState state) throws InterruptedException {
        transactions.awaitQuiescence();
        for (SweepStage earlier : unfinished) {
            StageOutcome o = sm.call(() -> earlier.finish(state));
            if (o != StageOutcome.CONTINUE) {
                LOG.log(LogLevels.VERBOSE, "sweep stopped after stage {}: {}", earlier.name(), o);
                return o;
            }
        }
        unfinished.clear();
        return StageOutcome.CONTINUE;
    }
}
