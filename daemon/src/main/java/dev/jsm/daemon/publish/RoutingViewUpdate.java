package dev.jsm.daemon.publish;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.view.FabricView;

/**
 * The end of an off-sweep balancing run (after the LFT stage sent the blocks that changed): the view published last,
 * with the routing now in force and its snapshot refreshed from the model - the LFT blocks the switches now hold -
 * goes to the listeners as {@code viewUpdated} (the SA's path records and LinearForwardingTable records follow the
 * new routes), and the dump files are written again (the LFT and fdbs dumps with {@code log_flags} ROUTING). No
 * SUBNET UP: nothing else was configured.
 *
 * <p>Confined to the SM thread.
 */
public final class RoutingViewUpdate implements SweepStage {

    private final StageServices services;
    private final SubnetUp published;
    private final RoutingState routes;

    /**
     * @param services the options, the dump directory and the node names (the dumps)
     * @param published the view published last, which this update replaces
     * @param routes the routing in force
     */
    public RoutingViewUpdate(StageServices services, SubnetUp published, RoutingState routes) {
        this.services = services;
        this.published = published;
        this.routes = routes;
    }

    @Override
    public String name() {
        return "routing-view-update";
    }

    @Override
    public StageOutcome run(SweepState state) {
        FabricView view = published.republish(state, routes.result());
        if (view != null) {
            SmOptions o = services.options();
            DumpFiles.write(services.dumpDir(), view.snapshot(), o.logFlags(), o.lmc(), services.nodeNames());
            DumpFiles.writePathSl(services.dumpDir(), view.snapshot(), o.logFlags(), view.routing());
        }
        return StageOutcome.CONTINUE;
    }
}
