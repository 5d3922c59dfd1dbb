package dev.jsm.routing.ftree;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteCompletion;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.Repairable;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * OpenSM's {@code ftree} engine: fat-tree routing that is congestion-free for the shift communication pattern and
 * free of credit loops.
 *
 * <p>{@link #lastSummary()} gives the CA order of the last pass ({@code opensm-ftree-ca-order.dump}). Called by one
 * thread at a time; the fat-tree pass is sequential (its load counters make each route depend on the ones before),
 * the completion uses {@code routing_threads} workers, joined before {@link #route} returns; the output
 * does not depend on the thread count.
 *
 * <p>In detail: docs/design/routing.md#fattreeengine.
 */
public final class FatTreeEngine implements RoutingEngine, Repairable {

    /** OpenSM name of the engine. */
    public static final String NAME = "ftree";
    /** Highest tree rank OpenSM's ftree handles. */
    static final int MAX_TREE_RANK = TreeIndexing.MAX_LEAF_RANK + 1;

    private final FatTreeOptions options;
    private final int threads;
    private volatile FatTreeSummary lastSummary;

    /** An engine with {@code options} and up to {@code threads} worker threads. */
    public FatTreeEngine(FatTreeOptions options, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        this.options = options;
        this.threads = threads;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** What the last pass decided, if it routed; empty before and after a pass that did not route. */
    public Optional<FatTreeSummary> lastSummary() {
        return Optional.ofNullable(lastSummary);
    }

    @Override
    public RepairPolicy repairPolicy() {
        return new FatTreeRepairPolicy();
    }

    /** Routes the fabric; on any outcome but routed, {@link #lastSummary()} is empty afterwards. */
    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        lastSummary = null;
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        if (in.lmc() > 0) {
            return declined("LMC " + in.lmc() + " is not supported (fat-tree routing gives each port one path); "
                    + "set lmc 0");
        }
        if (in.switchCount() < 2) {
            return declined("the fabric has " + in.switchCount() + " switch" + (in.switchCount() == 1 ? "" : "es")
                    + "; a fat tree needs at least 2");
        }
        List<String> notes = new ArrayList<>();
        try {
            GuidListFile roots = read(options.rootGuidFile());
            GuidListFile cns = read(options.cnGuidFile());
            GuidListFile ios = read(options.ioGuidFile());
            if (cns != null && cns.isEmpty()) {
                return RouteOutcome.failed(NAME + ": cn_guid_file " + cns.source() + " lists no GUID");
            }
            if (ios != null && ios.isEmpty()) {
                return RouteOutcome.failed(NAME + ": io_guid_file " + ios.source() + " lists no GUID");
            }
            return route(in, out, roots, EndNodes.classify(in, cns, ios, notes), notes);
        } catch (RoutingFileException e) {
            return RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
    }

    /** The ranked and indexed tree, ready to route. */
    private record Tree(int[] rank, int leafRank, boolean[] leaf, PortGroups groups, LeafOrder order) {
    }

    /** The dump file the routed outcome carries: the compute nodes in the order ftree indexed them. */
    public static final String CA_ORDER_DUMP = "opensm-ftree-ca-order.dump";

    /** Why the fabric is not a fat tree ftree can route; carries the reason to the outcome. */
    private static final class NotAFatTree extends Exception {
        private static final long serialVersionUID = 1L;

        NotAFatTree(String reason) {
            super(reason, null, false, false);
        }
    }

    private RouteOutcome route(RoutingInput in, LftTables out, GuidListFile rootFile, EndNodes ends,
                               List<String> notes) {
        Tree tree;
        try {
            tree = examine(in, rootFile, ends, notes);
        } catch (NotAFatTree e) {
            return declined(e.getMessage());
        }
        int reverseHops = Math.min(options.maxReverseHops(), 2 * (tree.leafRank() + 1));
        int[] incomplete = new FatTreePass(in, out, tree.rank(), tree.leaf(), tree.groups(), ends, tree.order(),
                reverseHops).run();
        if (options.connectRoots()) {
            int leaf = tree.order().leaves[tree.order().leaves.length - 1];
            int linked = RootLinks.connect(in, out, tree.rank(), tree.leafRank(), leaf);
            notes.add("connect_roots: " + linked + " switch LID entr" + (linked == 1 ? "y" : "ies")
                    + " routed through leaf switch " + in.describeSwitch(leaf));
        }
        boolean[] withEndNodes = new boolean[in.switchCount()];
        for (int sw = 0; sw < withEndNodes.length; sw++) {
            withEndNodes[sw] = tree.groups().endNodePorts[sw] > 0;
        }
        long completed = RouteCompletion.complete(in, out, incomplete, withEndNodes, threads);
        lastSummary = new FatTreeSummary(tree.leafRank() + 1, perRank(tree.rank()), tree.order().leaves.length,
                ends.cns, tree.order().maxCnPerLeaf, tree.order().caOrder(in), completed, notes);
        Map<Long, String> descriptions = new HashMap<>();
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            descriptions.put(in.endPortNodeGuid()[ep], in.endPortNodeDescription()[ep]);
        }
        List<String> said = new ArrayList<>();
        said.add(lastSummary.toString());
        said.addAll(lastSummary.notes());
        return new RouteOutcome.Routed(PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0, said,
                Map.of(CA_ORDER_DUMP, lastSummary.caOrderDump(descriptions::get)), null);
    }

    /** Ranks, checks and indexes the tree. */
    private Tree examine(RoutingInput in, GuidListFile rootFile, EndNodes ends, List<String> notes)
            throws NotAFatTree {
        check(ends.endPorts >= 2, "the fabric has " + ends.endPorts + " CA or router port" + (ends.endPorts == 1 ? ""
                : "s") + " cabled to switches; a fat tree needs at least 2");
        check(ends.cns > 0, "no compute node (cn_guid_file names no CA port of the fabric, or io_guid_file names "
                + "all)");
        int[] rank = rootFile != null ? TreeRanks.fromSources(in, roots(in, rootFile, notes))
                : TreeRanks.fromEndNodes(in, withEndNodes(in));
        int maxRank = TreeRanks.max(rank);
        check(maxRank >= 0, rootFile == null ? "" : "root_guid_file " + rootFile.source() + " names none of the "
                + "fabric's switches");
        check(maxRank > 0, "every switch is at rank 0 (" + TreeRanks.count(rank, 0) + " roots; each switch has CAs "
                + "or is a root): not a fat tree");
        boolean[] leaf = ends.leafSwitches(in);
        int leafRank = rootFile == null ? maxRank : rank[firstLeaf(leaf)];
        check(leafRank + 1 >= 2 && leafRank + 1 <= MAX_TREE_RANK, "the tree rank is " + (leafRank + 1)
                + " (roots to leaves; expected 2-" + MAX_TREE_RANK + ")");
        checkNull(misplacedCn(in, ends, rank, leafRank));
        PortGroups groups = PortGroups.build(in, rank);
        if (rootFile == null) {
            String asymmetry = SymmetryCheck.violation(in, rank, leafRank, groups);
            check(asymmetry == null, "not a pure fat tree: " + asymmetry + "; list the roots in root_guid_file to "
                    + "route it anyway");
        }
        long[] tuple = TreeIndexing.index(in, rank, leafRank, leaf, groups, options.quasiFtreeIndexing());
        check(tuple != null, "cannot index the tree: more than 255 switches share an index position");
        checkNull(unindexed(in, rank, leafRank, tuple));
        LeafOrder order = LeafOrder.of(in, rank, leafRank, tuple, ends, leaf);
        check(order != null, "fewer than two leaf switches have compute nodes");
        return new Tree(rank, leafRank, leaf, groups, order);
    }

    private static void check(boolean ok, String reason) throws NotAFatTree {
        if (!ok) {
            throw new NotAFatTree(reason);
        }
    }

    private static void checkNull(String reason) throws NotAFatTree {
        check(reason == null, reason);
    }

    private static RouteOutcome declined(String reason) {
        return RouteOutcome.declined(NAME + ": " + reason);
    }

    private static GuidListFile read(Optional<Path> file) throws RoutingFileException {
        return file.isPresent() ? GuidListFile.read(file.get()) : null;
    }

    /** The switches the root file names; other GUIDs become notes (OpenSM takes switch node GUIDs only). */
    private static boolean[] roots(RoutingInput in, GuidListFile file, List<String> notes) {
        boolean[] root = new boolean[in.switchCount()];
        for (int sw : file.switchesOf(in, notes)) {
            if (sw >= 0) {
                root[sw] = true;
            }
        }
        return root;
    }

    private static boolean[] withEndNodes(RoutingInput in) {
        boolean[] with = new boolean[in.switchCount()];
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] >= 0) {
                with[in.endPortSwitch()[x]] = true;
            }
        }
        return with;
    }

    private static int firstLeaf(boolean[] leaf) {
        for (int sw = 0; sw < leaf.length; sw++) {
            if (leaf[sw]) {
                return sw;
            }
        }
        throw new IllegalStateException("no leaf switch");
    }

    /** The first compute node whose switch is not at the leaf rank, as a reason; {@code null} if none. */
    private static String misplacedCn(RoutingInput in, EndNodes ends, int[] rank, int leafRank) {
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            if (ends.kind[x] == EndNodes.CN && rank[sw] != leafRank) {
                return "compute node port " + Guid.toString(in.endPortGuid()[x]) + " is cabled to "
                        + in.describeSwitch(sw) + (rank[sw] < 0 ? ", which is not connected to the roots"
                        : " of rank " + rank[sw]) + ", while the leaf rank is " + leafRank + " (all compute nodes "
                        + "must hang off leaves of one rank)";
            }
        }
        return null;
    }

    /** The first ranked switch without an index, as a reason; {@code null} if there is none. */
    private static String unindexed(RoutingInput in, int[] rank, int leafRank, long[] tuple) {
        for (int sw = 0; sw < rank.length; sw++) {
            if (rank[sw] >= 0 && tuple[sw] == TreeIndexing.UNASSIGNED) {
                return "cannot index the tree: " + in.describeSwitch(sw) + " (rank " + rank[sw] + ") "
                        + (rank[sw] > leafRank ? "hangs below the leaf rank " + leafRank
                        : "is not connected to the indexing start");
            }
        }
        return null;
    }

    private static List<Integer> perRank(int[] rank) {
        List<Integer> l = new ArrayList<>();
        for (int r = 0; r <= TreeRanks.max(rank); r++) {
            l.add(TreeRanks.count(rank, r));
        }
        return l;
    }

    /** {@code ftree[options]}. */
    @Override
    public String toString() {
        return NAME + options;
    }
}
