package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The order in which ftree routes the compute nodes: the switches at the leaf rank sorted by index (tuple), from the
 * first to the last that has compute nodes (switches in between without any are kept: they route dummies), and on
 * each leaf its compute node ports by switch port number. Every leaf counts as having {@link #maxCnPerLeaf} compute
 * nodes; the missing ones are dummies. This is also the order of {@code opensm-ftree-ca-order.dump}.
 *
 * <p>Immutable after {@link #of}; confined to the routing thread.
 */
final class LeafOrder {

    /** The leaf switches in routing order. */
    final int[] leaves;
    /** Per leaf (same index as {@link #leaves}): its compute node end ports, by switch port. */
    final int[][] cns;
    /** The most compute nodes on one leaf. */
    final int maxCnPerLeaf;

    private LeafOrder(int[] leaves, int[][] cns, int maxCnPerLeaf) {
        this.leaves = leaves;
        this.cns = cns;
        this.maxCnPerLeaf = maxCnPerLeaf;
    }

    /** The leaf order, or {@code null} if fewer than two switches have compute nodes. */
    static LeafOrder of(RoutingInput in, int[] rank, int leafRank, long[] tuple, EndNodes ends, boolean[] leaf) {
        int s = in.switchCount();
        Integer[] atLeafRank = new Integer[TreeRanks.count(rank, leafRank)];
        int k = 0;
        for (int sw = 0; sw < s; sw++) {
            if (rank[sw] == leafRank) {
                atLeafRank[k++] = sw;
            }
        }
        Arrays.sort(atLeafRank, (a, b) -> Long.compareUnsigned(tuple[a], tuple[b]));
        int first = -1;
        int last = -1;
        for (int i = 0; i < atLeafRank.length; i++) {
            if (leaf[atLeafRank[i]]) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        if (first < 0 || first == last) {
            return null;
        }
        int[] leaves = new int[last - first + 1];
        int[] position = new int[s];
        Arrays.fill(position, -1);
        for (int i = 0; i < leaves.length; i++) {
            leaves[i] = atLeafRank[first + i];
            position[leaves[i]] = i;
        }
        List<List<int[]>> byLeaf = new ArrayList<>();
        for (int i = 0; i < leaves.length; i++) {
            byLeaf.add(new ArrayList<>());
        }
        for (int x = 0; x < in.endPortCount(); x++) {
            int sw = in.endPortSwitch()[x];
            if (ends.kind[x] == EndNodes.CN && position[sw] >= 0) {
                int port = in.lidOwnerPort()[in.endPortBaseLid()[x]] & 0xFF;
                byLeaf.get(position[sw]).add(new int[] {port, x});
            }
        }
        int[][] cns = new int[leaves.length][];
        int max = 0;
        for (int i = 0; i < leaves.length; i++) {
            List<int[]> l = byLeaf.get(i);
            l.sort((a, b) -> Integer.compare(a[0], b[0]));
            cns[i] = new int[l.size()];
            for (int j = 0; j < cns[i].length; j++) {
                cns[i][j] = l.get(j)[1];
            }
            max = Math.max(max, cns[i].length);
        }
        return new LeafOrder(leaves, cns, max);
    }

    /** The compute nodes in routing order with dummies, for the dump file. */
    List<FatTreeSummary.CaOrderEntry> caOrder(RoutingInput in) {
        List<FatTreeSummary.CaOrderEntry> order = new ArrayList<>();
        for (int[] onLeaf : cns) {
            for (int x : onLeaf) {
                order.add(new FatTreeSummary.CaOrderEntry(in.endPortBaseLid()[x], in.endPortNodeGuid()[x],
                        in.endPortGuid()[x]));
            }
            for (int j = onLeaf.length; j < maxCnPerLeaf; j++) {
                order.add(new FatTreeSummary.CaOrderEntry(FatTreeSummary.CaOrderEntry.DUMMY_LID, 0, 0));
            }
        }
        return order;
    }
}
