package dev.jsm.routing.verify;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.SwitchDistances;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Checks LFTs against the fabric, independently of the engine that wrote them: for every switch and every assigned
 * LID it follows the tables and reports
 * <ul>
 *   <li>pairs not delivered, with the reason ({@link UnreachableReason}) and where the path failed;</li>
 *   <li>path lengths against the shortest possible (its own BFS, not the engine's);</li>
 *   <li>link load under all-to-all CA-to-CA traffic (one flow per CA pair to the base LID), max and mean over the
 *       switch-to-switch link directions;</li>
 *   <li>the channel dependency graph per VL, using the engine's path SLs and SL2VL mapping where it provides them,
 *       with one cycle if there is a credit loop.</li>
 * </ul>
 * Cost: {@code O(S^2)} bytes for distances and {@code O(S)} per LID for each check (paths toward one LID share
 * their tails, see {@link DestinationWalk}); {@link #verifyDestinations} checks only some destination LIDs, and
 * {@link VerifierOptions} can leave out the lengths, the load and the credit loops when only delivery matters.
 *
 * <p>Used by engine tests and, optionally, by the daemon after routing. Immutable; each call allocates its own
 * scratch, so one verifier may be used from several threads.
 */
public final class RouteVerifier {

    /** LFT columns read from the row-per-switch tables in one pass ({@link LftTables#gatherColumns}). */
    private static final int COLUMNS_PER_GATHER = 256;

    private final VerifierOptions options;

    /** A verifier with {@link VerifierOptions#DEFAULT}. */
    public RouteVerifier() {
        this(VerifierOptions.DEFAULT);
    }

    /** A verifier with {@code options}. */
    public RouteVerifier(VerifierOptions options) {
        this.options = options;
    }

    /** Checks {@code lfts} with every path on SL 0 and VL 0. */
    public VerifierReport verify(RoutingInput in, LftTables lfts) {
        return verify(in, lfts, PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0);
    }

    /** Checks {@code lfts} with the path SLs and SL2VL mapping of the engine's outcome. */
    public VerifierReport verify(RoutingInput in, LftTables lfts, RouteOutcome.Routed routed) {
        return verify(in, lfts, routed.pathSl(), routed.sl2Vl());
    }

    /**
     * Checks {@code lfts} with the path SLs and SL2VL mapping of the engine's outcome, running {@code betweenBatches}
     * before each batch of destination columns after the first: a check that only reports can pause there while
     * more urgent work runs, or abandon by throwing an unchecked exception, which this method passes on.
     */
    public VerifierReport verify(RoutingInput in, LftTables lfts, RouteOutcome.Routed routed,
                                 Runnable betweenBatches) {
        return check(in, lfts, routed.pathSl(), routed.sl2Vl(), null, betweenBatches);
    }

    /**
     * Checks {@code lfts} with the given path SLs and SL2VL mapping.
     *
     * @throws IllegalArgumentException if the tables are not sized for {@code in} or {@code sl2Vl} reports a VL
     *     count outside 1..15
     */
    public VerifierReport verify(RoutingInput in, LftTables lfts, PathSlProvider pathSl, Sl2VlProvider sl2Vl) {
        return check(in, lfts, pathSl, sl2Vl, null, () -> { });
    }

    /**
     * Checks only the destination LIDs {@code lids}: the pairs of every switch with each of them, the link load of
     * their traffic and the channel dependencies their routes add. For a change that touched a few LFT columns (a
     * route repair) this costs {@code O(S)} per listed LID instead of per LID of the fabric. The credit-loop check
     * sees only the dependencies of these destinations, so it finds a cycle among their routes but not one that
     * needs a dependency of another destination as well.
     *
     * @param lids destination LIDs, ascending, each within 1..maxLid of {@code in}
     * @throws IllegalArgumentException if the tables are not sized for {@code in}, a LID is out of range or out of
     *     order, or {@code sl2Vl} reports a VL count outside 1..15
     */
    public VerifierReport verifyDestinations(RoutingInput in, LftTables lfts, PathSlProvider pathSl,
                                             Sl2VlProvider sl2Vl, int[] lids) {
        for (int i = 0; i < lids.length; i++) {
            if (lids[i] < 1 || lids[i] > in.maxLid() || i > 0 && lids[i] <= lids[i - 1]) {
                throw new IllegalArgumentException("destination LIDs must ascend within 1.." + in.maxLid()
                        + ": " + lids[i] + " at position " + i);
            }
        }
        return check(in, lfts, pathSl, sl2Vl, lids, () -> { });
    }

    /**
     * Checks the LIDs of {@code lids}, or every LID 1..maxLid if {@code null}, running {@code betweenBatches} between
     * batches of columns.
     */
    private VerifierReport check(RoutingInput in, LftTables lfts, PathSlProvider pathSl, Sl2VlProvider sl2Vl,
                                 int[] lids, Runnable betweenBatches) {
        if (lfts.switchCount() != in.switchCount() || lfts.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(lfts + " are not sized for " + in);
        }
        int[] checked = lids != null ? lids : assigned(in);
        ShortestHops shortest = options.lengthsAndLoad() ? new ShortestHops(in) : null;
        DestinationWalk walk = new DestinationWalk(in);
        LinkLoadCounter load = new LinkLoadCounter(in);
        CreditLoopCheck loops = new CreditLoopCheck(in, pathSl, sl2Vl, options.includeSwitchTraffic());
        Tally tally = new Tally(in, shortest, options.maxReported());
        boolean measure = options.lengthsAndLoad();
        int s = in.switchCount();
        byte[] columns = new byte[COLUMNS_PER_GATHER * s];
        for (int from = 0; from < checked.length; from += COLUMNS_PER_GATHER) {
            if (from > 0) {
                betweenBatches.run();
            }
            int to = Math.min(checked.length, from + COLUMNS_PER_GATHER);
            lfts.gatherColumns(checked, from, to, columns);
            for (int i = from; i < to; i++) {
                int lid = checked[i];
                int ep = in.lidEndPort()[lid];
                if (ep < 0) {
                    continue;
                }
                tally.lids++;
                int owner = in.lidOwnerSwitch()[lid];
                if (owner < 0) {
                    tally.disconnected += s;
                    continue;
                }
                walk.walk(lid, columns, (i - from) * s);
                tally.judge(lid, owner, walk);
                boolean ca = !in.endPortIsSwitch()[ep];
                if (measure && ca && lid == in.endPortBaseLid()[ep]) {
                    load.addDestination(lid, walk);
                }
                if (options.creditLoops() && (ca || options.includeSwitchTraffic())) {
                    loops.addDestination(lid, walk);
                }
            }
        }
        return new VerifierReport(s, tally.lids, tally.pairs, tally.disconnected, tally.delivered,
                tally.byReason(), tally.unreachable, tally.hopStats(), load.result(),
                loops.result(options.maxReported()));
    }

    /** The LIDs of {@code in} held by an end port, ascending. */
    private static int[] assigned(RoutingInput in) {
        int n = 0;
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            n += in.lidEndPort()[lid] >= 0 ? 1 : 0;
        }
        int[] lids = new int[n];
        for (int lid = 1, k = 0; lid <= in.maxLid(); lid++) {
            if (in.lidEndPort()[lid] >= 0) {
                lids[k++] = lid;
            }
        }
        return lids;
    }

    /** The pair counters of one verification. */
    private static final class Tally {
        private final RoutingInput in;
        private final ShortestHops shortest;
        private final int[] component;
        private final int maxReported;
        private final long[] byReason = new long[UnreachableReason.values().length];
        private final List<VerifierReport.UnreachablePair> unreachable = new ArrayList<>();
        private final List<VerifierReport.NonMinimalPair> nonMinimal = new ArrayList<>();
        private int lids;
        private long pairs;
        private long disconnected;
        private long delivered;
        private long minimalPairs;
        private long nonMinimalPairs;
        private int maxExtra;
        private int maxHops;
        private long totalHops;
        private long totalShortest;
        private long[] byHops = new long[8];

        /** Counters judging by {@code shortest}, or by connected components if it is {@code null}. */
        Tally(RoutingInput in, ShortestHops shortest, int maxReported) {
            this.in = in;
            this.shortest = shortest;
            this.component = shortest == null ? SwitchDistances.components(in) : null;
            this.maxReported = maxReported;
        }

        void judge(int lid, int owner, DestinationWalk walk) {
            for (int sw = 0; sw < in.switchCount(); sw++) {
                int best = shortest != null ? shortest.hops(sw, owner)
                        : component[sw] == component[owner] ? 0 : ShortestHops.UNREACHABLE;
                if (best == ShortestHops.UNREACHABLE) {
                    disconnected++;
                    continue;
                }
                pairs++;
                byte status = walk.status[sw];
                if (status != DestinationWalk.DELIVERED) {
                    UnreachableReason r = DestinationWalk.reason(status);
                    byReason[r.ordinal()]++;
                    if (unreachable.size() < maxReported) {
                        unreachable.add(new VerifierReport.UnreachablePair(in.switchGuid()[sw], lid, r,
                                in.switchGuid()[walk.failAt[sw]], walk.failPort[sw]));
                    }
                    continue;
                }
                delivered++;
                if (shortest == null) {
                    continue;
                }
                int h = walk.hops[sw];
                totalHops += h;
                totalShortest += best;
                maxHops = Math.max(maxHops, h);
                if (h >= byHops.length) {
                    byHops = Arrays.copyOf(byHops, Math.max(h + 1, 2 * byHops.length));
                }
                byHops[h]++;
                if (h == best) {
                    minimalPairs++;
                } else {
                    nonMinimalPairs++;
                    maxExtra = Math.max(maxExtra, h - best);
                    if (nonMinimal.size() < maxReported) {
                        nonMinimal.add(new VerifierReport.NonMinimalPair(in.switchGuid()[sw], lid, h, best));
                    }
                }
            }
        }

        Map<UnreachableReason, Long> byReason() {
            Map<UnreachableReason, Long> m = new EnumMap<>(UnreachableReason.class);
            for (UnreachableReason r : UnreachableReason.values()) {
                m.put(r, byReason[r.ordinal()]);
            }
            return m;
        }

        VerifierReport.HopStats hopStats() {
            List<Long> histogram = new ArrayList<>();
            for (int h = 0; h <= maxHops && delivered > 0 && shortest != null; h++) {
                histogram.add(byHops[h]);
            }
            return new VerifierReport.HopStats(minimalPairs, nonMinimalPairs, maxExtra, totalHops, totalShortest,
                    maxHops, nonMinimal, histogram);
        }
    }
}
