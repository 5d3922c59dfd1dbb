package dev.jsm.daemon.sweep;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.loop.SmThread;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.Subnet;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Runs chosen sweep stages, exactly as the daemon's pipeline does (SM thread, transactions, quiescence barrier),
 * against a simulator: the fixture of the per-stage tests, with the state the daemon hands its stages.
 *
 * <p>Confined to the test thread.
 */
final class StageRig implements AutoCloseable {

    final SimFabric fabric;
    final MadTransactions transactions;
    final SweepState state;
    final StageServices services;
    final AfterSweep afterSweep = new AfterSweep();
    final SmStatus status = new SmStatus();
    final HighAvailability ha;
    final LidStore lids;
    final RoutingChain chain = RoutingChain.parse(null, EngineOptions.defaults(), RoutingEngines.load());
    final RoutingState routes = new RoutingState();
    final PortWishes wishes = new PortWishes();
    final MKeyBook mKeys = MKeyBook.fixed(0);
    private final SimMadChannel channel;
    private final SmThread sm = new SmThread();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final StagePipeline pipeline;

    StageRig(Topology topology, Path dir) throws Exception {
        fabric = new SimFabric(topology);
        int host = 0;
        while (topology.node(host).kind() != NodeKind.CA) {
            host++;
        }
        channel = fabric.openChannel(host, 1);
        SmOptions options = SmOptions.builder().setText(OptionTable.get("sweep_interval"), "0").build();
        transactions = new MadTransactions(channel, TransactionSettings.defaults(), sm);
        SmEvents events = new SmEvents();
        lids = LidStore.empty(dir);
        SmpSender smps = new SmpSender(transactions, mKeys, () -> true);
        SweepGate gate = new SweepGate();
        services = new StageServices(options, smps, events, NodeNameMap.NONE, dir, ActivityReport.of(options, dir),
                gate);
        state = new SweepState(channel.localPort().portGuid());
        pipeline = new StagePipeline(sm, transactions, events, gate);
        ha = new HighAvailability(status, channel.localPort(), () -> options, transactions, smps, events, timer);
    }

    /** Discovery as the daemon runs it, meeting the other SMs. */
    DiscoveryStage discovery() {
        return new DiscoveryStage(services, ha.otherSms(), mKeys);
    }

    /** The election as the daemon runs it (alone on the fabric: DISCOVERING becomes MASTER). */
    SweepStage election() {
        return ha.election(Subnet::forgetProgrammedTables);
    }

    /** Runs {@code stages} as one sweep. */
    StageOutcome run(SweepStage... stages) throws InterruptedException {
        onSm(() -> {
            state.begin();
            return null;
        });
        return pipeline.run(List.of(stages), state);
    }

    /** Runs {@code task} on the SM thread (the model is confined to it). */
    <T> T onSm(Callable<T> task) throws InterruptedException {
        return sm.call(task);
    }

    /** MADs sent so far. */
    long sent() {
        return transactions.stats().sent();
    }

    @Override
    public void close() {
        transactions.close();
        timer.shutdownNow();
        sm.close();
        channel.close();
        fabric.close();
    }
}
