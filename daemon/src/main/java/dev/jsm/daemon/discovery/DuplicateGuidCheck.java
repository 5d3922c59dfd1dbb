package dev.jsm.daemon.discovery;

import dev.jsm.conf.DebugOptions;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Finds NodeInfo answers that cannot come from the node or port the model already holds under their GUIDs in this
 * pass - two devices with the same GUIDs - before discovery merges them into one: the model is keyed by GUID, so a
 * twin would otherwise take over its original's cables one answer at a time. Each one is logged
 * ({@code DISC-0111}) with the route the original was reached by and the route of the answer, and counted; the caller
 * then ignores the answer, so the first device found stays and the twin (with whatever is reached only through it) is
 * left out.
 * {@link DiscoveryStage} ends the SM after the pass when {@code exit_on_fatal} is TRUE.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#duplicateguidcheck.
 */
final class DuplicateGuidCheck {

    private static final Logger LOG = LogManager.getLogger(DuplicateGuidCheck.class);

    private final DiscoveryRun run;
    private int found;

    DuplicateGuidCheck(DiscoveryRun run) {
        this.run = run;
    }

    /**
     * Whether the answer {@code ni} (on {@code path}) carries a port GUID that an end port of another node, or
     * another port, found in this pass holds; logs it if so.
     */
    boolean portGuidTaken(NodeInfo ni, DrPath path) {
        EndPort holder = run.state.subnet().endPort(ni.portGuid());
        if (holder == null || !run.seen(holder.node())) {
            return false;
        }
        Node node = holder.node();
        boolean samePort = node.nodeGuid() == ni.nodeGuid()
                && (node.isSwitch() || holder.physPort().portNum() == ni.localPortNum());
        if (samePort) {
            return false;
        }
        report("port GUID " + Guid.toString(ni.portGuid()) + " of " + run.services.describe(node) + " port "
                + holder.physPort().portNum() + " (path " + routeTo(holder.physPort()) + ") is also the port GUID of "
                + "node " + Guid.toString(ni.nodeGuid()) + " port " + ni.localPortNum() + " (path " + path + ")");
        return true;
    }

    /**
     * Whether {@code port}, which a NodeInfo sent through {@code from}'s cable along {@code path} arrived on, may not
     * be at the end of that cable, so that the caller must not record the cable now: it is {@code from} itself (logged
     * at once), or it was reached through another cable in this pass. Then the first cable is asked again (NodeInfo
     * along its route): if its far end still answers with {@code port}'s node GUID and number, two ports answer as one
     * and the second is logged; if not, the cable was moved during the pass, the first cable is no longer taken as
     * confirmed and {@code moved} runs (on the SM thread) to take the answer as the port's cabling.
     */
    boolean cabledElsewhere(PhysPort from, PhysPort port, DrPath path, Runnable moved) {
        if (from == port) {
            report(run.services.describe(port.node()) + " port " + port.portNum() + " (path " + routeTo(port)
                    + ") is linked to itself: the NodeInfo through its cable (path " + path + ") came back with its "
                    + "own node GUID and port number");
            return true;
        }
        PhysPort first = port.remote();
        if (first == null || first == from || !run.confirmed.contains(port.link())) {
            return false;
        }
        String head = run.services.describe(port.node()) + " port " + port.portNum()
                + " is reached through two cables: from " + run.services.describe(first.node()) + " port "
                + first.portNum() + " (path ";
        String tail = ") and from " + run.services.describe(from.node()) + " port " + from.portNum() + " (path "
                + path
                + ")";
        DrPath firstPath = throughCable(first);
        if (firstPath == null) {
            report(head + "?" + tail);
            return true;
        }
        run.nodeInfoRequests++;
        run.services.smps().get(firstPath, AttributeId.NODE_INFO, 0, o -> {
            byte[] mad = Replies.okMad(o);
            NodeInfo again = mad == null ? null : NodeInfo.decode(mad, Smp.DATA_OFFSET);
            if (again != null && again.nodeGuid() == port.node().nodeGuid() && again.localPortNum() == port.portNum()) {
                report(head + firstPath + tail);
            } else {
                LOG.warn("DISC-0113 {} port {} was recabled during discovery: its first cable (path {}) no longer "
                        + "reaches it; the second (path {}) counts", run.services.describe(port.node()), port.portNum(),
                        firstPath, path);
                run.confirmed.remove(port.link());
                moved.run();
            }
        });
        return true;
    }

    /**
     * After a full pass: with duplicates found and {@code exit_on_fatal} TRUE, logs the fatal error
     * ({@code DISC-0112}) and asks the daemon to end with {@code ExitCode.FATAL_SUBNET}
     * ({@link dev.jsm.daemon.loop.SmEvents#requestFatalShutdown}); returns whether it did. With FALSE the SM goes on
     * with the first of each pair.
     */
    boolean endsTheSm() {
        if (found == 0 || !run.services.options().get(DebugOptions.EXIT_ON_FATAL)) {
            return false;
        }
        String reason = "errors on subnet: " + found + " duplicate GUID" + (found == 1 ? "" : "s")
                + " found (DISC-0111)";
        LOG.fatal("DISC-0112 {}; exiting (exit_on_fatal TRUE)", reason);
        run.services.events().requestFatalShutdown(reason);
        return true;
    }

    private void report(String what) {
        found++;
        LOG.error("DISC-0111 duplicate GUID: {}; the second is ignored", what);
        if (run.incremental && run.anomaly == null) {
            run.anomaly = "a duplicate GUID";
        }
    }

    /** The route of SMPs about {@code port}, or "?" if there is none. */
    private String routeTo(PhysPort port) {
        DrPath p = run.state.paths().toPort(port);
        return p == null ? "?" : p.toString();
    }

    /** The route of a NodeInfo sent through {@code port}'s cable, or null if there is none. */
    private DrPath throughCable(PhysPort port) {
        DrPath p = run.state.paths().toNode(port.node());
        return p == null || p.hopCount() >= DrPath.MAX_HOPS ? null : p.extend(port.portNum());
    }
}
