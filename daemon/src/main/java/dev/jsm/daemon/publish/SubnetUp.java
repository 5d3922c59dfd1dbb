package dev.jsm.daemon.publish;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.routing.RoutingResult;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The end of a heavy sweep (docs/reference/opensm-behaviour.md#the-heavy-sweep-step-by-step, the last step): if any
 * Set failed, "Errors during initialization" and another heavy
 * sweep; otherwise build the {@link FabricView} for the threads that only read (the sweep's snapshot refreshed with
 * the port states and tables the Sets changed, the routing, partitions and QoS policy in force), log
 * {@code SUBNET UP} (at INFO, {@code 0x02}, as OpenSM 3.3.23 does), write the dump files and hand the view to the
 * listeners. OpenSM writes the dumps first; here the line comes as soon as the fabric is configured, the files a
 * moment later.
 *
 * <p>Confined to the SM thread.
 */
public final class SubnetUp implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(SubnetUp.class);

    private final StageServices services;
    private final SweepListener listeners;
    private final SmStatus sm;
    private final RoutingState routes;
    private final Supplier<PartitionSet> partitions;
    private final Supplier<QosPolicy> qosPolicy;
    private FabricView published;

    /**
     * @param services the options, the dump directory and the node names (the dumps)
     * @param listeners told of SUBNET UP, of a failed sweep and of every later view
     * @param sm the SM's status (its first master sweep is done at the first SUBNET UP)
     * @param routes the routing in force
     * @param partitions the partitions in force (the partition manager's)
     * @param qosPolicy the QoS policy in force, or {@code null} (the QoS manager's)
     */
    public SubnetUp(StageServices services, SweepListener listeners, SmStatus sm, RoutingState routes,
                    Supplier<PartitionSet> partitions, Supplier<QosPolicy> qosPolicy) {
        this.services = services;
        this.listeners = listeners;
        this.sm = sm;
        this.routes = routes;
        this.partitions = partitions;
        this.qosPolicy = qosPolicy;
    }

    @Override
    public String name() {
        return "subnet-up";
    }

    @Override
    public StageOutcome run(SweepState state) {
        int sweep = state.subnet().currentSweep();
        if (state.errors() > 0) {
            LOG.log(LogLevels.SYS, "Errors during initialization");
            LOG.error("SM-0604 {} errors in heavy sweep {}; sweeping again", state.errors(), sweep);
            listeners.sweepFailed(sweep, state.errors() + " errors");
            return StageOutcome.RESWEEP;
        }
        FabricView view = new FabricView(sweep, state.snapshot().refreshed(state.subnet()), routes.result(),
                partitions.get(), qosPolicy.get(), services.options());
        state.replaceSnapshot(view.snapshot());
        LOG.info("SUBNET UP");
        sm.markFirstMasterSweepDone();
        SmOptions o = services.options();
        DumpFiles.write(services.dumpDir(), view.snapshot(), o.logFlags(), o.lmc(), services.nodeNames());
        DumpFiles.writePathSl(services.dumpDir(), view.snapshot(), o.logFlags(), view.routing());
        published = view;
        listeners.subnetUp(view);
        return StageOutcome.CONTINUE;
    }

    /**
     * The view published last: that of the last SUBNET UP, or of an update since ({@link #republish}); {@code null}
     * before the first SUBNET UP.
     */
    public FabricView published() {
        return published;
    }

    /**
     * An update of the published view between sweeps (new MFTs, rebalanced routes): the view published last with
     * its snapshot refreshed from the model - the tables the switches now hold - and {@code routing}, published to
     * the listeners as {@code viewUpdated}; later updates start from it.
     *
     * @param routing the routing in force
     * @return the new view, or {@code null} before the first SUBNET UP (nothing published)
     */
    public FabricView republish(SweepState state, RoutingResult routing) {
        FabricView last = published;
        if (last == null) {
            return null;
        }
        FabricView view = new FabricView(last.sweep(), last.snapshot().refreshed(state.subnet()), routing,
                last.partitions(), last.qosPolicy(), last.options());
        published = view;
        listeners.viewUpdated(view);
        return view;
    }
}
