package dev.jsm.routing.updn;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RouteCompletion;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidIdFile;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.minhop.HopTable;
import dev.jsm.routing.minhop.MinHopEngine;
import dev.jsm.routing.minhop.MinHopFiles;
import dev.jsm.routing.minhop.SwitchRouter;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * OpenSM's {@code updn} and {@code dnup} engines: shortest routes under the up*&#47;down* rule (a route may go up and
 * then down, never down and then up), which makes them free of credit loops on any topology, balanced over the
 * legal equal-length ports by minhop's port selection ({@link SwitchRouter}).
 *
 * <p>{@link #lastSummary()} gives the roots of the last pass ({@code opensm-updn-roots.dump}). Called by one thread
 * at a time; worker threads are joined before {@link #route} returns.
 *
 * <p>In detail: docs/design/routing.md#updownengine.
 */
public final class UpDownEngine implements RoutingEngine, Repairable {

    /** OpenSM name of the root-ranked engine. */
    public static final String UPDN = "updn";
    /** OpenSM name of the CA-ranked engine. */
    public static final String DNUP = "dnup";

    private final boolean updn;
    private final UpDownOptions options;
    private volatile UpDownSummary lastSummary;

    private UpDownEngine(boolean updn, UpDownOptions options) {
        this.updn = updn;
        this.options = options;
    }

    /** An updn engine. */
    public static UpDownEngine updn(UpDownOptions options) {
        return new UpDownEngine(true, options);
    }

    /**
     * A dnup engine. {@code root_guid_file} and {@code ids_guid_file} are not used; {@code connect_roots} fills the
     * pairs without a legal route with {@link DetourHops} detours, as OpenSM's dnup allows down-then-up turns at a
     * hop penalty then (giving up freedom from credit loops for those routes).
     */
    public static UpDownEngine dnup(UpDownOptions options) {
        return new UpDownEngine(false, options);
    }

    @Override
    public String name() {
        return updn ? UPDN : DNUP;
    }

    /** What the last pass that got as far as choosing rank-0 switches decided; empty before. */
    public Optional<UpDownSummary> lastSummary() {
        return Optional.ofNullable(lastSummary);
    }

    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        int threads = MinHopEngine.threads(in, options.portSelection());
        Pass pass = prepare(in, threads);
        if (pass.summary() != null) {
            lastSummary = pass.summary();
        }
        if (pass.outcome() != null) {
            return pass.outcome();
        }
        ParallelRanges.run(in.switchCount(), threads, 8, (from, to) -> {
            SwitchRouter router = new SwitchRouter(in, pass.newCandidates(in), options.portSelection(),
                    pass.files());
            for (int sw = from; sw < to; sw++) {
                router.route(sw, out.lft(sw));
            }
        });
        if (options.completeSwitchLids()) {
            boolean[] all = new boolean[in.switchCount()];
            Arrays.fill(all, true);
            RouteCompletion.complete(in, out, switchLids(in), all, threads);
        }
        return RouteOutcome.routed();
    }

    /**
     * The legal up*&#47;down* candidates of this engine's options ({@link UpDownRepairPolicy}), comparing the rank-0
     * switches of a repaired fabric with those of this engine's last pass (the routing of the tables to repair, or the
     * routing a chain of repairs started from, which all kept them), or with those computed on the old snapshot if
     * the engine has not routed yet.
     */
    @Override
    public RepairPolicy repairPolicy() {
        UpDownSummary last = lastSummary;
        return new UpDownRepairPolicy(this, last == null ? null : last.rankZeroGuids());
    }

    /** The options. */
    UpDownOptions options() {
        return options;
    }

    /**
     * Steps 1 to 4 of a pass on {@code in} (rank-0 switches, ranks, the order, the legal hop table) and the check that
     * the rule connects every pair of switches with CAs; or the outcome that ends the pass early (declined, failed).
     * The summary is set once the rank-0 switches are known.
     */
    Pass prepare(RoutingInput in, int threads) {
        int s = in.switchCount();
        if (s == 0) {
            return Pass.ended(RouteOutcome.declined(name() + ": the fabric has no switches"), null);
        }
        if (s > HopTable.MAX_SWITCHES) {
            return Pass.ended(RouteOutcome.failed(s + " switches exceed " + name() + "'s limit of "
                    + HopTable.MAX_SWITCHES), null);
        }
        List<String> notes = new ArrayList<>();
        RankZero rankZero;
        long[] id;
        MinHopFiles files;
        try {
            files = MinHopFiles.load(in, options.portSelection());
            rankZero = rankZero(in, threads);
            notes.addAll(rankZero.roots().notes());
            id = updn && options.idsGuidFile().isPresent()
                    ? SwitchIds.fromFile(in, GuidIdFile.read(options.idsGuidFile().get()), notes)
                    : in.switchGuid().clone();
        } catch (RoutingFileException e) {
            return Pass.ended(RouteOutcome.failed(name() + ": " + e.getMessage()), null);
        }
        RootFinder.Roots roots = rankZero.roots();
        String source = rankZero.source();
        HopTable plain = rankZero.plain();
        int[] rank = SwitchRanks.fromSources(in, roots.isRoot());
        UpDownSummary summary = summary(in, roots.isRoot(), rank, source, notes);
        if (roots.count() == 0) {
            return Pass.ended(RouteOutcome.declined(noRoots(source)), summary);
        }
        UpDownOrder order = UpDownOrder.of(in, rank, id, updn);
        UpDownHops hops = UpDownHops.compute(in, order, threads);
        int[] plainTargets = new int[0];
        DetourHops detour = null;
        if (updn && options.connectRoots()) {
            plain = plain != null ? plain : HopTable.compute(in, threads);
            plainTargets = indices(roots.isRoot());
        } else if (options.connectRoots()) {
            detour = DetourHops.compute(in, hops, threads);
        }
        String gap = Reachability.firstGap(in, hops, plainTargets, detour, name());
        if (gap != null) {
            return Pass.ended(RouteOutcome.declined(gap), summary);
        }
        return new Pass(null, summary, files, hops, order, plain, plainTargets, detour);
    }

    /**
     * What {@link #prepare} found: either the outcome that ends the pass, or everything the LFT step needs.
     *
     * @param outcome the early outcome, or {@code null} if the pass goes on
     * @param summary the rank-0 switches, or {@code null} if the pass ended before choosing them
     */
    record Pass(RouteOutcome outcome, UpDownSummary summary, MinHopFiles files, UpDownHops hops, UpDownOrder order,
                HopTable plain, int[] plainTargets, DetourHops detour) {

        static Pass ended(RouteOutcome outcome, UpDownSummary summary) {
            return new Pass(outcome, summary, null, null, null, null, null, null);
        }

        /** New legal candidate lists for one worker. */
        EgressCandidates newCandidates(RoutingInput in) {
            return new UpDownCandidates(in, hops, order, plain, plainTargets, detour);
        }
    }

    /** The node GUIDs of the rank-0 switches of {@code in}, ascending: step 1 of a pass only. */
    List<Long> rankZeroGuids(RoutingInput in, int threads) throws RoutingFileException {
        boolean[] root = rankZero(in, threads).roots().isRoot();
        List<Long> guids = new ArrayList<>();
        for (int sw = 0; sw < root.length; sw++) {
            if (root[sw]) {
                guids.add(in.switchGuid()[sw]);
            }
        }
        return guids;
    }

    /** The rank-0 switches, how they were chosen, and the plain hop table if that needed one. */
    private record RankZero(RootFinder.Roots roots, String source, HopTable plain) {
    }

    private RankZero rankZero(RoutingInput in, int threads) throws RoutingFileException {
        if (!updn) {
            boolean[] withCas = SwitchRanks.withEndNodes(in);
            return new RankZero(new RootFinder.Roots(withCas, count(withCas), List.of()),
                    "switches with a CA or router", null);
        }
        if (options.rootGuidFile().isPresent()) {
            GuidListFile file = GuidListFile.read(options.rootGuidFile().get());
            return new RankZero(RootFinder.fromFile(in, file), "root_guid_file " + file.source(), null);
        }
        HopTable plain = HopTable.compute(in, threads);
        return new RankZero(RootFinder.byHistogram(in, plain), "CA-distance histogram", plain);
    }

    private String noRoots(String source) {
        if (!updn) {
            return "dnup: no switch has a CA or router cabled to it, so there is nothing to rank from";
        }
        if (source.startsWith("root_guid_file")) {
            return "updn: " + source + " names none of the fabric's switches (nor a CA attached to one)";
        }
        return "updn: no root switches found: no switch sees over 90% of the CA ports at one hop distance (not a "
                + "fat tree?); list the roots in root_guid_file";
    }

    private UpDownSummary summary(RoutingInput in, boolean[] root, int[] rank, String source, List<String> notes) {
        List<Long> guids = new ArrayList<>();
        int maxRank = 0;
        for (int sw = 0; sw < root.length; sw++) {
            if (root[sw]) {
                guids.add(in.switchGuid()[sw]);
            }
            if (rank[sw] != SwitchRanks.UNRANKED) {
                maxRank = Math.max(maxRank, rank[sw]);
            }
        }
        return new UpDownSummary(name(), guids, source, maxRank, notes);
    }

    /** Every LID of every switch's port 0. */
    private static int[] switchLids(RoutingInput in) {
        int n = 0;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            n += in.endPortIsSwitch()[ep] ? in.endPortLidCount()[ep] : 0;
        }
        int[] lids = new int[n];
        int k = 0;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            for (int i = 0; in.endPortIsSwitch()[ep] && i < in.endPortLidCount()[ep]; i++) {
                lids[k++] = in.endPortBaseLid()[ep] + i;
            }
        }
        return lids;
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }

    private static int[] indices(boolean[] flags) {
        int[] out = new int[count(flags)];
        int k = 0;
        for (int i = 0; i < flags.length; i++) {
            if (flags[i]) {
                out[k++] = i;
            }
        }
        return out;
    }

    /** {@code updn[options]}. */
    @Override
    public String toString() {
        return name() + options;
    }
}
