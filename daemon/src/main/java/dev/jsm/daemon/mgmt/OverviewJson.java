package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.List;
import java.util.Locale;

/**
 * The web console's overview ({@code /api/overview}): this SM and the other SMs with their states, the subnet's
 * state and the time since the last SUBNET UP, the fabric's size, the last sweeps (kind, result, duration), the
 * warnings (routing warnings, failed sweeps, unhealthy ports, links gone, an unclean route check) and the events
 * (sweeps ended and links gone, newest first).
 *
 * <p>Stateless; built on netty's event loop.
 */
final class OverviewJson {

    private OverviewJson() {
    }

    /** The overview now ({@code nowMillis}, epoch milliseconds); {@code actions}: whether the page may offer them. */
    static String render(ManagedSm managed, SweepCounters sweeps, String version, boolean actions, long nowMillis) {
        FabricView view = managed.view();
        SubnetSnapshot snap = view.snapshot();
        SmSummary sm = managed.sm();
        JsonText out = new JsonText(4096).beginObject(null).string("version", version)
                .string("smState", sm.state().name()).number("priority", sm.priority())
                .string("master", sm.master() ? "self" : sm.masterGuid() == 0 ? "" : Guid.toString(sm.masterGuid()))
                .bool("sweeping", managed.sweeping()).bool("actions", actions);
        out.beginArray("otherSms");
        for (RemoteSm r : sm.others()) {
            out.beginObject(null).string("guid", Guid.toString(r.guid())).string("state", r.state().name())
                    .number("priority", r.priority()).number("lid", r.lid()).endObject();
        }
        out.endArray();
        long upMillis = sweeps.lastUpMillis();
        out.bool("subnetUp", sweeps.lastUpSweep() > 0).number("lastSubnetUpSweep", sweeps.lastUpSweep())
                .number("secondsSinceSubnetUp", upMillis == 0 ? -1 : Math.max(0, (nowMillis - upMillis) / 1000));
        out.beginObject("fabric").number("nodes", snap.nodes().size()).number("switches", snap.switches().size())
                .number("endPorts", snap.endPorts().size()).number("links", snap.links().size()).endObject();
        RoutingResult routing = view.routing();
        out.string("routingEngine", routing == null ? null : routing.engineUsed().orElse(null));
        List<SweepCounters.Ended> recent = sweeps.recent();
        out.beginArray("sweeps");
        for (int i = recent.size() - 1; i >= 0; i--) {
            SweepCounters.Ended e = recent.get(i);
            out.beginObject(null).string("kind", e.kind().name().toLowerCase(Locale.ROOT)).bool("ok", e.ok())
                    .decimal("ms", e.nanos() / 1e6).number("endMillis", e.endMillis()).endObject();
        }
        out.endArray();
        warnings(out, managed, sweeps, routing);
        out.beginArray("events");
        for (int i = recent.size() - 1; i >= 0; i--) {
            SweepCounters.Ended e = recent.get(i);
            out.beginObject(null).number("millis", e.endMillis()).string("text", e.kind().name()
                    .toLowerCase(Locale.ROOT) + " sweep " + (e.ok() ? "done" : "FAILED")
                    + String.format(Locale.ROOT, " in %.1f ms", e.nanos() / 1e6)).endObject();
        }
        for (LinkDowns.Port p : sweeps.linkDowns().ports()) {
            out.beginObject(null).number("millis", 0).string("text", "link down at " + Guid.toString(p.nodeGuid())
                    + "[" + p.portNum() + "] " + p.description() + " (" + p.downs() + "x)").endObject();
        }
        return out.endArray().endObject().toString();
    }

    private static void warnings(JsonText out, ManagedSm managed, SweepCounters sweeps, RoutingResult routing) {
        out.beginArray("warnings");
        if (routing != null) {
            routing.warnings().forEach(w -> out.string(null, w));
        }
        if (sweeps.failedSinceSubnetUp() > 0) {
            out.string(null, sweeps.failedSinceSubnetUp() + " sweeps failed since the last SUBNET UP");
        }
        SmCounters c = managed.counters();
        if (c.unhealthyPorts() > 0) {
            out.string(null, c.unhealthyPorts() + " ports marked unhealthy");
        }
        int missing = sweeps.linkDowns().missing().size();
        if (missing > 0) {
            out.string(null, missing + " links gone since an earlier SUBNET UP");
        }
        VerifierReport check = managed.routeCheck();
        if (check != null && check.unreachablePairs() > 0) {
            out.string(null, check.unreachablePairs() + " pairs unreachable by the routing in force");
        }
        if (check != null && check.creditLoops().hasCycle()) {
            out.string(null, "credit loop found by the route check");
        }
        out.endArray();
    }
}
