package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.daemon.sm.LocalSmPort;
import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.sm.RemoteSms;
import dev.jsm.daemon.sm.SmInfoAgent;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.sm.SmStateMachine;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A port that says IsSM before its SM answers SMInfo (an SM still starting when the master's sweep, asked for by its
 * Trap 144, meets it): the master records it NOTACTIVE and asks it again at its light sweeps, so that it knows the
 * SM as STANDBY once it answers, without another heavy sweep.
 */
class LateSmInfoSimTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void anSmThatAnswersOnlyAfterTheMastersSweepMetItIsKnownAtTheNextLightSweeps() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm master = SimSm.at(fabric, SimSm.cas(fabric.topology()).get(0), dir, "sm_priority", "10",
                     "sweep_interval", "1");
             SimMadChannel late = fabric.openChannel(SimSm.cas(fabric.topology()).get(1), 1);
             MadTransactions transactions = new MadTransactions(late, TransactionSettings.defaults(), Runnable::run)) {
            master.awaitSubnetUp(WAIT);
            long guid = late.localPort().portGuid();
            AtomicBoolean answering = new AtomicBoolean();
            SmInfoAgent agent = new SmInfoAgent(transactions, new SmStateMachine(new SmStatus(SmState.STANDBY, 1),
                    guid, new SmEvents()), new RemoteSms(), new LocalSmPort(), () -> master.daemon.options().smKey(),
                    MKeyScheme.NONE);
            transactions.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_DIRECTED_ROUTE, Method.GET,
                    AttributeId.SM_INFO), Runnable::run, (from, mad, length) -> {
                        if (answering.get()) {
                            agent.onGet(from, mad, length);
                        }
                    });

            late.setIsSm(true);
            await(() -> stateOf(master, guid) == SmState.NOT_ACTIVE, "the unanswered SM recorded NOTACTIVE");
            int ended = master.sweepsEnded.size();
            await(() -> master.sweepsEnded.subList(ended, master.sweepsEnded.size()).contains(SweepKind.LIGHT),
                    "a light sweep after the one that met it");
            long heavySweeps = master.sweepsEnded.stream().filter(k -> k == SweepKind.HEAVY).count();

            answering.set(true);
            await(() -> stateOf(master, guid) == SmState.STANDBY, "the SM known as STANDBY");
            assertThat(master.sweepsEnded.stream().filter(k -> k == SweepKind.HEAVY).count())
                    .as("met by a light sweep, not another heavy one").isEqualTo(heavySweeps);
        }
    }

    private static SmState stateOf(SimSm master, long guid) {
        for (RemoteSm sm : master.daemon.ha().remoteSms()) {
            if (sm.guid() == guid) {
                return sm.state();
            }
        }
        return null;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(10);
        }
    }
}
