package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.partitions.Partition;
import dev.jsm.qos.policy.QosLevel;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.VerifierReport;
import java.util.Locale;

/**
 * The web console's routing quality, partitions and QoS page ({@code /api/routing}): the engine that routed and every
 * engine the chain tried, the routing's warnings; the route verifier's report on it (pairs delivered and
 * unreachable, the hop histogram, link load max and mean under all-to-all traffic, and the credit-loop verdict per
 * VL); the partitions in force with their members; the QoS policy's levels.
 *
 * <p>Stateless; built on netty's event loop from the published view and the verifier's immutable report.
 */
final class RoutingJson {

    private RoutingJson() {
    }

    static String render(FabricView view, VerifierReport check) {
        JsonText out = new JsonText(4096).beginObject(null);
        RoutingResult routing = view.routing();
        out.string("engine", routing == null ? null : routing.engineUsed().orElse(null))
                .bool("fallback", routing != null && routing.usedFallback());
        out.beginArray("attempts");
        if (routing != null) {
            for (RoutingResult.Attempt a : routing.attempts()) {
                out.beginObject(null).string("engine", a.engine()).string("verb", a.verb())
                        .decimal("ms", a.nanos() / 1e6).string("text", a.describe()).endObject();
            }
        }
        out.endArray().beginArray("warnings");
        if (routing != null) {
            routing.warnings().forEach(w -> out.string(null, w));
        }
        out.endArray();
        check(out, check);
        out.beginArray("partitions");
        if (view.partitions() != null) {
            for (Partition p : view.partitions().partitions()) {
                out.beginObject(null).string("name", p.name()).string("pkey", String.format(Locale.ROOT, "0x%04x",
                        p.pkey())).number("sl", p.sl()).number("full", p.fullMembers().length)
                        .number("limited", p.limitedMembers().length).endObject();
            }
        }
        out.endArray().beginObject("qos").bool("policy", view.qosPolicy() != null);
        out.beginArray("levels");
        if (view.qosPolicy() != null) {
            for (QosLevel l : view.qosPolicy().levels()) {
                out.beginObject(null).string("name", l.name()).string("use", l.use()).number("sl", l.sl())
                        .endObject();
            }
        }
        return out.endArray().endObject().endObject().toString();
    }

    private static void check(JsonText out, VerifierReport r) {
        if (r == null) {
            out.string("check", null);
            return;
        }
        out.beginObject("check").number("switches", r.switches()).number("lids", r.lids())
                .number("pairs", r.pairs()).number("delivered", r.deliveredPairs())
                .number("unreachable", r.unreachablePairs()).number("disconnected", r.disconnectedPairs());
        VerifierReport.HopStats h = r.hops();
        long delivered = h.minimalPairs() + h.nonMinimalPairs();
        out.beginObject("hops").number("max", h.maxHops()).number("nonMinimal", h.nonMinimalPairs())
                .decimal("mean", delivered == 0 ? 0 : (double) h.totalHops() / delivered)
                .decimal("shortestMean", delivered == 0 ? 0 : (double) h.totalShortestHops() / delivered);
        out.beginArray("histogram");
        h.byHops().forEach(n -> out.number(null, n));
        out.endArray().endObject();
        VerifierReport.LinkLoad load = r.linkLoad();
        out.beginObject("linkLoad").number("flows", load.flows()).number("directions", load.linkDirections())
                .number("max", load.maxLoad()).decimal("mean", load.meanLoad())
                .decimal("maxOverMean", load.maxOverMean()).string("busiest", load.busiest()).endObject();
        VerifierReport.CreditLoops loops = r.creditLoops();
        out.beginObject("creditLoops").number("vls", loops.vlCount()).number("dependencies", loops.dependencies())
                .bool("cycle", loops.hasCycle());
        out.beginArray("perVl");
        for (int vl = 0; vl < loops.vlCount(); vl++) {
            int v = vl;
            boolean onVl = loops.cycle().stream().anyMatch(c -> c.vl() == v);
            out.beginObject(null).number("vl", vl).string("verdict", onVl ? "loop" : loops.hasCycle()
                    ? "unknown (the check stops at the first loop)" : "none").endObject();
        }
        out.endArray().beginArray("cycleChannels");
        loops.cycle().forEach(c -> out.string(null, c.toString()));
        out.endArray().endObject().endObject();
    }
}
