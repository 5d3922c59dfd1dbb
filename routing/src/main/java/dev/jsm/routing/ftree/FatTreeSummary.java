package dev.jsm.routing.ftree;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * What an ftree pass found and decided, for the log and the dump file: the tree's rank and shape, the compute node
 * order, and notes for the operator. {@link #caOrderLines} is the content of OpenSM's
 * {@code opensm-ftree-ca-order.dump}; the engine never writes files, the daemon does.
 *
 * <p>In detail: docs/design/routing.md#fattreesummary.
 */
public record FatTreeSummary(int treeRank, List<Integer> switchesPerRank, int leafSwitches, int computeNodes,
                             int maxCnPerLeaf, List<CaOrderEntry> caOrder, long completedEntries,
                             List<String> notes) {

    /** Copies the lists. */
    public FatTreeSummary {
        switchesPerRank = List.copyOf(switchesPerRank);
        caOrder = List.copyOf(caOrder);
        notes = List.copyOf(notes);
    }

    /**
     * One compute node (or a dummy) of the routing order.
     *
     * @param lid the port's LID, {@link #DUMMY_LID} for a dummy
     * @param nodeGuid the CA's node GUID (0 for a dummy)
     * @param portGuid the port GUID (0 for a dummy)
     */
    public record CaOrderEntry(int lid, long nodeGuid, long portGuid) {

        /** The LID OpenSM writes for a dummy entry. */
        public static final int DUMMY_LID = 0xFFFF;

        /** Whether this stands for a compute node the leaf lacks. */
        public boolean isDummy() {
            return lid == DUMMY_LID;
        }
    }

    /**
     * The lines of {@code opensm-ftree-ca-order.dump} as OpenSM writes them: {@code 0x0002<TAB>H1} per compute node,
     * with its node description, and {@code 0xFFFF<TAB>DUMMY} for each missing one.
     *
     * @param nodeDescription the node description of a node GUID (OpenSM prints the description, or the name from
     *     its node name map)
     */
    public List<String> caOrderLines(LongFunction<String> nodeDescription) {
        List<String> lines = new ArrayList<>(caOrder.size());
        for (CaOrderEntry e : caOrder) {
            lines.add(e.isDummy() ? "0xFFFF\tDUMMY"
                    : String.format(Locale.ROOT, "0x%04x\t%s", e.lid(), nodeDescription.apply(e.nodeGuid())));
        }
        return lines;
    }

    /** The whole file: {@link #caOrderLines}, each ended by a newline. */
    public String caOrderDump(LongFunction<String> nodeDescription) {
        StringBuilder b = new StringBuilder();
        for (String line : caOrderLines(nodeDescription)) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    /** One log line: {@code ftree: rank 3 tree (16, 32, 32 switches), 32 leaves, 128 CNs (4 per leaf)}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "ftree: rank %d tree (%s switches by rank), %d leaves, %d CNs (up to %d "
                + "per leaf), %d entries completed", treeRank, switchesPerRank, leafSwitches,
                computeNodes, maxCnPerLeaf, completedEntries);
    }
}
