package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.SwitchDistances;

/**
 * Whether the up*&#47;down* table connects every pair of switches with CAs (or routers) that the fabric's links
 * connect: with one root, or roots linked to each other, it always does; with roots that are neither, or with
 * dnup's tie-break on a mesh of equal-rank switches, a switch may be left with no up-then-down route to another. A
 * switch without CAs that cannot reach another (such as one root to another) is not a gap: no CA traffic needs it.
 *
 * <p>Stateless; thread-safe.
 */
final class Reachability {

    private Reachability() {
    }

    /**
     * The decline reason naming the first pair of switches with CAs in one component and no legal route, and how
     * many such pairs there are; {@code null} if there is none.
     *
     * @param exempt destination switches routed on unconstrained paths ({@code connect_roots}), not checked
     * @param detour dnup's {@code connect_roots} detours, which fill pairs without a legal route, or {@code null}
     */
    static String firstGap(RoutingInput in, UpDownHops hops, int[] exempt, DetourHops detour, String engine) {
        int s = in.switchCount();
        boolean[] withCas = new boolean[s];
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            if (sw >= 0 && !in.endPortIsSwitch()[x]) {
                withCas[sw] = true;
            }
        }
        for (int d : exempt) {
            withCas[d] = false;
        }
        int[] component = SwitchDistances.components(in);
        long gaps = 0;
        int firstFrom = -1;
        int firstTo = -1;
        for (int a = 0; a < s; a++) {
            if (!withCas[a]) {
                continue;
            }
            for (int b = 0; b < s; b++) {
                if (b != a && withCas[b] && component[a] == component[b]
                        && hops.hops(a, b) == UpDownHops.UNREACHABLE
                        && (detour == null || detour.hops(a, b) == UpDownHops.UNREACHABLE)) {
                    if (gaps++ == 0) {
                        firstFrom = a;
                        firstTo = b;
                    }
                }
            }
        }
        if (gaps == 0) {
            return null;
        }
        return engine + ": no up*/down* route from " + in.describeSwitch(firstFrom) + " to "
                + in.describeSwitch(firstTo) + " (both with CAs, linked in the fabric); " + gaps
                + " such switch pair" + (gaps == 1 ? "" : "s") + ". The rank-0 switches do not connect them: use "
                + "one root, or roots linked to each other";
    }
}
