package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimFaults;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Which SMPs wait {@code long_transaction_timeout} (the optimized SLtoVLMappingTable Sets, as in OpenSM), and the
 * sender's backlog: no more than {@link SmpSender#QUEUED_LIMIT} SMPs handed to the transactions at once.
 */
class SmpSenderTest {

    private static final DrPath PATH = DrPath.local().extend(1);

    @Test
    void onlyOptimizedSl2VlSetsTakeLong() {
        assertThat(SmpSender.takesLong(AttributeId.SL_TO_VL_MAPPING_TABLE, 0x30000)).isTrue();
        assertThat(SmpSender.takesLong(AttributeId.SL_TO_VL_MAPPING_TABLE, 0x10000 | 3 << 8)).isTrue();
        assertThat(SmpSender.takesLong(AttributeId.SL_TO_VL_MAPPING_TABLE, 0x20000 | 5)).isTrue();
        assertThat(SmpSender.takesLong(AttributeId.SL_TO_VL_MAPPING_TABLE, 3 << 8 | 5)).isFalse();
        assertThat(SmpSender.takesLong(AttributeId.VL_ARBITRATION_TABLE, 0x30000)).isFalse();
        assertThat(SmpSender.takesLong(AttributeId.LINEAR_FORWARDING_TABLE, 0x30000)).isFalse();
    }

    /** The backlog follows the window: never narrower than twice it, and none without a window (0). */
    @Test
    void theBacklogsLimitFollowsTheWindow() {
        TransactionSettings d = TransactionSettings.defaults();
        assertThat(SmpSender.queuedLimitFor(d)).isEqualTo(SmpSender.QUEUED_LIMIT);
        assertThat(SmpSender.queuedLimitFor(d.withWindow(64))).isEqualTo(SmpSender.QUEUED_LIMIT);
        assertThat(SmpSender.queuedLimitFor(d.withWindow(2000))).isEqualTo(4000);
        assertThat(SmpSender.queuedLimitFor(d.withWidening(4, 3000, Duration.ofMillis(1)))).isEqualTo(6000);
        assertThat(SmpSender.queuedLimitFor(d.withWindow(0))).isEqualTo(Integer.MAX_VALUE);
    }

    /**
     * Over a fabric that loses every MAD, with a short transaction timeout and a long one: a per-port SL2VL Set times
     * out while the optimized one sent before it is still waiting.
     */
    @Test
    void anOptimizedSl2VlSetWaitsTheLongTransactionTimeout() throws Exception {
        try (Rig rig = new Rig(f -> f.setLoss(1.0, 1.0), TransactionSettings.defaults()
                .withTimeout(Duration.ofMillis(20), 0).withLongTimeout(Duration.ofMinutes(10)))) {
            AtomicReference<TransactionOutcome> optimized = new AtomicReference<>();
            AtomicReference<TransactionOutcome> perPort = new AtomicReference<>();
            rig.sender.set(PATH, AttributeId.SL_TO_VL_MAPPING_TABLE, 0x30000, (mad, off) -> { }, optimized::set);
            rig.sender.set(PATH, AttributeId.SL_TO_VL_MAPPING_TABLE, 1 << 8 | 2, (mad, off) -> { }, perPort::set);
            for (int i = 0; i < 6000 && perPort.get() == null; i++) {
                Thread.sleep(10);
            }
            assertThat(perPort.get()).isInstanceOf(TransactionOutcome.TimedOut.class);
            assertThat(optimized.get()).as("still waiting").isNull();
            assertThat(rig.txns.stats().outstanding()).isEqualTo(1);
        }
    }

    /**
     * A stage asking for far more SMPs than the limit at once (as the LFT stage does) on the SM thread, over a
     * fabric that answers each after 1 ms, so that they cannot all be answered while it asks: the transactions never
     * hold more than the limit (on the wire and queued behind the window; answered requests whose handler waits
     * behind the asking stage are not counted there), every request is answered, and the quiescence barrier waits
     * for the backlog too.
     */
    @Test
    void requestsBeyondTheLimitWaitInTheBacklogAndAllAreAnswered() throws Exception {
        int asked = 3 * SmpSender.QUEUED_LIMIT + 17;
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger mostHeld = new AtomicInteger();
        try (Rig rig = new Rig(f -> f.setDelay(Duration.ofMillis(1), Duration.ZERO), TransactionSettings.defaults())) {
            rig.sm.submit(() -> {
                for (int i = 0; i < asked; i++) {
                    rig.sender.get(PATH, AttributeId.NODE_INFO, 0, outcome -> {
                        if (outcome instanceof TransactionOutcome.Response) {
                            answered.incrementAndGet();
                        }
                    });
                    var stats = rig.txns.stats();
                    mostHeld.accumulateAndGet(stats.outstanding() + stats.queued(), Math::max);
                }
            }).get();
            assertThat(rig.txns.awaitQuiescence(Duration.ofMinutes(1))).isTrue();
            assertThat(answered.get()).isEqualTo(asked);
            assertThat(mostHeld.get()).isBetween(TransactionSettings.defaults().maxWireSmps() + 1,
                    SmpSender.QUEUED_LIMIT);
            assertThat(rig.txns.stats().sent()).isEqualTo(asked);
        }
    }

    /**
     * A feed asked for ten requests a step, far more than the limit in all: the transactions hold at most the limit
     * plus one step's, it is asked until it has no more, and the barrier waits for it.
     */
    @Test
    void aFeedIsAskedAsTheBacklogDrainsUntilItHasNoMore() throws Exception {
        int steps = 3 * SmpSender.QUEUED_LIMIT / 10;
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger mostHeld = new AtomicInteger();
        try (Rig rig = new Rig(f -> f.setDelay(Duration.ofMillis(1), Duration.ZERO), TransactionSettings.defaults())) {
            int atOnce = rig.sm.submit(() -> {
                rig.sender.feed(() -> {
                    for (int i = 0; i < 10; i++) {
                        rig.sender.get(PATH, AttributeId.NODE_INFO, 0, outcome -> answered.incrementAndGet());
                    }
                    var stats = rig.txns.stats();
                    mostHeld.accumulateAndGet(stats.outstanding() + stats.queued(), Math::max);
                    return asked.incrementAndGet() < steps;
                });
                return asked.get();
            }).get();
            assertThat(atOnce).as("asked up to the limit at once, not all").isLessThan(steps);
            assertThat(rig.txns.awaitQuiescence(Duration.ofMinutes(1))).isTrue();
            assertThat(asked.get()).isEqualTo(steps);
            assertThat(answered.get()).isEqualTo(10 * steps);
            assertThat(mostHeld.get()).isLessThanOrEqualTo(SmpSender.QUEUED_LIMIT + 10);
        }
    }

    /** A sender on a host of a simulated fat2:k=4 with {@code faults}, its transactions' handlers on {@link #sm}. */
    private static final class Rig implements AutoCloseable {
        final ExecutorService sm = Executors.newSingleThreadExecutor();
        final SimFabric fabric;
        final MadTransactions txns;
        final SmpSender sender;

        Rig(Consumer<SimFaults> faults, TransactionSettings settings) {
            Topology t = TopologyShapes.parse("fat2:k=4");
            int host = 0;
            while (t.node(host).kind() != NodeKind.CA) {
                host++;
            }
            fabric = new SimFabric(t);
            faults.accept(fabric.faults());
            txns = new MadTransactions(fabric.openChannel(host, 1), settings, sm);
            sender = new SmpSender(txns, 0);
        }

        @Override
        public void close() throws InterruptedException {
            txns.close();
            fabric.close();
            sm.shutdown();
            assertThat(sm.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
