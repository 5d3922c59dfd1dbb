package dev.jsm.daemon.discovery;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.PathBook;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Discovery of what changed, instead of the whole fabric, in two waves (this stage and {@link #secondWave()}, which
 * must follow it). For each switch {@link FabricChanges} names, its SwitchInfo and every port's PortInfo are read
 * again, and behind every live port a NodeInfo confirms the cable or finds what is new there, which is then
 * discovered in full (a node the model already has is only re-cabled, never explored again). Cables of the switches
 * probed that no NodeInfo confirmed are removed; the directed routes are recomputed from the model
 * ({@link PathBook#rebuild}); the nodes no cable path from the SM reaches any more are removed, as the drop manager
 * would.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#deltadiscovery.
 */
public final class DeltaDiscovery implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(DeltaDiscovery.class);

    private final StageServices services;
    private final FabricChanges changes;
    private final OtherSms otherSms;
    private final MKeyBook mKeys;
    private final SweepStage second = new SecondWave();
    /** The switches for the second wave (node GUIDs). */
    private final Set<Long> deferred = new LinkedHashSet<>();
    private Wave wave;
    private int probedSwitches;
    private int cablesGone;
    private int nodesDropped;

    /**
     * @param services the SMP sender, the options and the node names (log lines)
     * @param changes where the changes to probe are recorded
     * @param otherSms told of the other SMs the probe meets
     * @param mKeys told which port answers at the end of each route, and the M_Keys PortInfo answers show
     */
    public DeltaDiscovery(StageServices services, FabricChanges changes, OtherSms otherSms, MKeyBook mKeys) {
        this.services = services;
        this.changes = changes;
        this.otherSms = otherSms;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "delta-discovery";
    }

    /** The second wave, to run right after this stage. */
    public SweepStage secondWave() {
        return second;
    }

    @Override
    public StageOutcome run(SweepState state) {
        deferred.clear();
        probedSwitches = 0;
        cablesGone = 0;
        nodesDropped = 0;
        wave = null;
        boolean full = changes.isFullSweepNeeded();
        FabricChanges.Recorded recorded = changes.drain();
        if (full) {
            LOG.info("incremental sweep: a change only a full discovery can tell; a full discovery follows");
            return StageOutcome.RESWEEP;
        }
        deferred.addAll(recorded.unreached());
        deferred.removeAll(recorded.changed());
        return probe(state, recorded.changed(), false);
    }

    @Override
    public StageOutcome finish(SweepState state) {
        return wave == null ? StageOutcome.CONTINUE : apply(state, true);
    }

    /**
     * Starts a wave probing the switches {@code guids} by the routes the model has now: each port of each, or, if
     * {@code checkFirst}, its SwitchInfo, and each port only if PortStateChange is set there (a switch the light
     * sweep could not reach: nothing says that anything changed at it).
     */
    private StageOutcome probe(SweepState state, Set<Long> guids, boolean checkFirst) {
        if (guids.isEmpty()) {
            wave = null;
            return StageOutcome.CONTINUE;
        }
        Wave w = new Wave(new DiscoveryRun(state, services, otherSms, mKeys, true), state.subnet().nodeCount());
        wave = w;
        if (checkFirst) {
            w.run.onPortStateChange = (node, path) -> requestPorts(w, node, path);
        }
        for (long guid : guids) {
            Node node = state.subnet().node(guid);
            if (node == null) {
                continue; // dropped since it was recorded
            }
            DrPath path = state.paths().toNode(node);
            if (!node.isSwitch() || path == null) {
                LOG.info("incremental sweep: 0x{} is not a switch the model reaches; a full discovery follows",
                        Long.toHexString(guid));
                return StageOutcome.RESWEEP;
            }
            w.run.requestSwitchInfo(node, path);
            if (!checkFirst) {
                requestPorts(w, node, path);
            }
        }
        return StageOutcome.CONTINUE;
    }

    /** Probes every port of switch {@code node} in wave {@code w}. */
    private void requestPorts(Wave w, Node node, DrPath path) {
        if (w.probed.contains(node)) {
            return;
        }
        w.probed.add(node);
        probedSwitches++;
        for (int p = 1; p <= node.numPorts(); p++) {
            w.run.requestPortInfo(node, p, path);
        }
    }

    /**
     * Applies a wave's answers to the model: unconfirmed cables of the switches that answered go, the routes are
     * recomputed and unreachable nodes dropped. A switch that did not answer goes to the second wave
     * ({@code retryLater}) or ends the sweep.
     */
    private StageOutcome apply(SweepState state, boolean retryLater) {
        DiscoveryRun run = wave.run;
        if (run.anomaly != null) {
            LOG.info("incremental sweep: {}; a full discovery follows", run.anomaly);
            return StageOutcome.RESWEEP;
        }
        for (Node failed : run.failed) {
            if (!retryLater || !wave.probed.contains(failed)) {
                LOG.info("incremental sweep: {} does not answer; a full discovery follows",
                        services.describe(failed));
                return StageOutcome.RESWEEP;
            }
            deferred.add(failed.nodeGuid());
        }
        Subnet subnet = state.subnet();
        for (Node node : wave.probed) {
            if (run.failed.contains(node)) {
                continue;
            }
            for (PhysPort port : node.ports()) {
                Link l = port.link();
                if (l != null && !run.confirmed.contains(l)) {
                    LOG.info("cable {} is gone: removed", l);
                    subnet.disconnect(port);
                    cablesGone++;
                }
            }
        }
        EndPort sm = state.smPort();
        if (sm == null || !sm.node().isSwitch() && !sm.physPort().attributes().isUp()) {
            LOG.info("incremental sweep: the SM's port is not up; a full discovery follows");
            return StageOutcome.RESWEEP;
        }
        for (Node n : state.paths().rebuild(subnet, sm.node())) {
            LOG.info("{} is no longer reachable: removed", services.describe(n));
            deferred.remove(n.nodeGuid());
            subnet.removeNode(n);
            nodesDropped++;
        }
        LOG.log(LogLevels.VERBOSE, "incremental sweep: {} switches probed, {} new nodes, {} NodeInfo requests",
                wave.probed.size(), subnet.nodeCount() + nodesDropped - wave.nodesBefore, run.nodeInfoRequests);
        return StageOutcome.CONTINUE;
    }

    /** One wave's probe: its discovery pass, the switches it probed, the model's size before. */
    private static final class Wave {
        final DiscoveryRun run;
        final Set<Node> probed = new LinkedHashSet<>();
        final int nodesBefore;

        Wave(DiscoveryRun run, int nodesBefore) {
            this.run = run;
            this.nodesBefore = nodesBefore;
        }
    }

    /**
     * The second wave: the switches not reached so far, by the routes recomputed after the first - a SwitchInfo
     * each, and their ports where PortStateChange says something changed.
     */
    private final class SecondWave implements SweepStage {

        @Override
        public String name() {
            return "delta-discovery-2";
        }

        @Override
        public StageOutcome run(SweepState state) {
            Set<Long> again = new LinkedHashSet<>(deferred);
            deferred.clear();
            return probe(state, again, true);
        }

        @Override
        public StageOutcome finish(SweepState state) {
            StageOutcome outcome = wave == null ? StageOutcome.CONTINUE : apply(state, false);
            if (outcome == StageOutcome.CONTINUE && probedSwitches > 0) {
                LOG.info("incremental sweep: {} switches probed, {} cables gone, {} nodes dropped", probedSwitches,
                        cablesGone, nodesDropped);
            }
            return outcome;
        }
    }
}
