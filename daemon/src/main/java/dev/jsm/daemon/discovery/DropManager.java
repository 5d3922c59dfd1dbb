package dev.jsm.daemon.discovery;

import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * After discovery: removes the nodes this sweep did not reach and the cables no NodeInfo answer confirmed (a port
 * gone down, a cable moved), so that routing sees the fabric as it is now. Removed nodes keep their LIDs in
 * guid2lid: a node that comes back gets its old LIDs. Behavioural counterpart: OpenSM's {@code osm_drop_mgr}.
 *
 * <p>Confined to the SM thread.
 */
public final class DropManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(DropManager.class);

    private final StageServices services;
    private final DiscoveryStage discovery;

    /** A drop manager for the passes of {@code discovery}. */
    public DropManager(StageServices services, DiscoveryStage discovery) {
        this.services = services;
        this.discovery = discovery;
    }

    @Override
    public String name() {
        return "drop-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        DiscoveryRun run = discovery.takeLastRun();
        Subnet subnet = state.subnet();
        List<Node> gone = new ArrayList<>();
        for (Node n : subnet.nodes()) {
            if (!run.seen(n)) {
                gone.add(n);
            }
        }
        for (Node n : gone) {
            LOG.info("{} is no longer reachable: removed", services.describe(n));
            state.paths().forget(n);
            subnet.removeNode(n);
        }
        List<Link> stale = new ArrayList<>();
        for (Link l : subnet.links()) {
            if (!run.confirmed.contains(l)) {
                stale.add(l);
            }
        }
        for (Link l : stale) {
            LOG.info("cable {} is gone: removed", l);
            subnet.disconnect(l.a());
        }
        return StageOutcome.CONTINUE;
    }
}
