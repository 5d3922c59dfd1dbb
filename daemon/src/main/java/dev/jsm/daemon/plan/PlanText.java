package dev.jsm.daemon.plan;

import dev.jsm.daemon.plan.FabricTables.PortKey;
import dev.jsm.daemon.plan.PlanDiff.LidChange;
import dev.jsm.daemon.plan.PlanDiff.SwitchChange;
import dev.jsm.subnet.Guid;
import java.util.List;
import java.util.Locale;

/**
 * The plan as text for a terminal or the console: counts first, then the first few switches and ports of each kind,
 * then the verdict as the last line ({@code plan: OK} or {@code plan: REJECTED: ...}).
 *
 * <p>Stateless.
 */
public final class PlanText {

    /** How many switches, ports or LIDs of each kind are named. */
    static final int LISTED = 10;

    private PlanText() {
    }

    /** The report of {@code d}, lines ending in {@code \n}. */
    public static String format(PlanDiff d) {
        StringBuilder sb = new StringBuilder();
        line(sb, "LFTs: %d of %d switches change, %d entries in %d blocks", d.switches().size(), d.switchCount(),
                d.lftEntries(), d.lftBlocks());
        d.switches().stream().limit(LISTED).forEach((SwitchChange s) -> line(sb, "  %s \"%s\": %d entries, %d blocks",
                Guid.toString(s.guid()), s.name(), s.entries(), s.blocks()));
        more(sb, d.switches().size());
        line(sb, "routes: %d of %d pairs move (%.1f%%)", d.pairsMoved(), d.pairs(), 100 * d.movedShare());
        RouteSummary a = d.before();
        RouteSummary b = d.after();
        line(sb, "link load: max %d -> %d flows, mean %.2f -> %.2f", a.maxLoad(), b.maxLoad(), a.meanLoad(),
                b.meanLoad());
        line(sb, "hops (pairs by length): %s -> %s", histogram(a.hops()), histogram(b.hops()));
        line(sb, "unreachable pairs: %d -> %d", a.unreachable(), b.unreachable());
        line(sb, "credit loops: %s -> %s", a.creditLoop() ? "yes" : "none", b.creditLoop() ? "yes" : "none");
        if (b.creditLoop()) {
            line(sb, "  %s", b.creditLoopText());
        }
        ports(sb, "P_Key tables", d.pKeyTables());
        ports(sb, "SL2VL tables", d.sl2VlTables());
        ports(sb, "VLArb tables", d.vlArbTables());
        line(sb, "LIDs: %d change", d.lids().size());
        d.lids().stream().limit(LISTED).forEach((LidChange l) -> line(sb, "  port %s: LID %d -> %d",
                Guid.toString(l.portGuid()), l.before(), l.after()));
        more(sb, d.lids().size());
        for (String r : d.restartOnly()) {
            line(sb, "needs a restart, not applied by a HUP: %s", r);
        }
        for (String e : d.errors()) {
            line(sb, "error: %s", e);
        }
        line(sb, "plan: %s", d.ok() ? "OK" : "REJECTED: " + String.join(", ", d.problems()));
        return sb.toString();
    }

    private static void ports(StringBuilder sb, String what, List<PortKey> keys) {
        line(sb, "%s: %d change", what, keys.size());
        keys.stream().limit(LISTED).forEach(k -> line(sb, k.inPort() == 0 ? "  %s port %d" : "  %s port %d from %d",
                Guid.toString(k.nodeGuid()), k.port(), k.inPort()));
        more(sb, keys.size());
    }

    private static void more(StringBuilder sb, int size) {
        if (size > LISTED) {
            line(sb, "  ... and %d more", size - LISTED);
        }
    }

    /** {@code 1:40 2:160 3:96}: the non-empty lengths. */
    static String histogram(List<Long> hops) {
        StringBuilder sb = new StringBuilder();
        for (int h = 0; h < hops.size(); h++) {
            if (hops.get(h) > 0) {
                sb.append(sb.isEmpty() ? "" : " ").append(h).append(':').append(hops.get(h));
            }
        }
        return sb.isEmpty() ? "-" : sb.toString();
    }

    private static void line(StringBuilder sb, String format, Object... args) {
        sb.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
