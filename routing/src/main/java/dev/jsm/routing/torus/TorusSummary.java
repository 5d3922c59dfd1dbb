package dev.jsm.routing.torus;

import dev.jsm.routing.RoutingInput;
import dev.jsm.subnet.Guid;
import java.util.List;
import java.util.Locale;

/**
 * What a torus-2QoS pass found, for the log and the dump file: the placed topology, the master spanning tree for
 * multicast, and notes for the operator (options ignored, switches or links not placed, empty positions).
 * {@link #torusDump()} is the content of {@code opensm-torus.dump}; the engine never writes files, the daemon does.
 *
 * <p>Immutable; safe to share.
 *
 * @param switchGuids node GUIDs by routing-input switch index (a copy of the input's)
 * @param topology where each switch was placed
 * @param tree the master spanning tree for multicast
 * @param notes remarks for the operator, in the order they arose
 */
public record TorusSummary(long[] switchGuids, TorusTopology topology, MasterSpanningTree tree, List<String> notes) {

    /** Copies the notes. */
    public TorusSummary {
        switchGuids = switchGuids.clone();
        notes = List.copyOf(notes);
    }

    /** Node GUIDs by routing-input switch index (a copy). */
    @Override
    public long[] switchGuids() {
        return switchGuids.clone();
    }

    static TorusSummary of(RoutingInput in, TorusTopology t, MasterSpanningTree tree, List<String> notes) {
        return new TorusSummary(in.switchGuid(), t, tree, notes);
    }

    /**
     * The content of {@code opensm-torus.dump}: a header with the radices, then one line per position in x, y, z
     * order, {@code x y z 0x<node GUID>} (or {@code -} for an empty position) with {@code root} after the master
     * spanning tree's root. The layout is jsm's own (the reference's file is not documented): one line per switch
     * so operators can grep a GUID for its coordinates.
     */
    public String torusDump() {
        TorusTopology t = topology;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "# torus-2QoS %dx%dx%d (%s%s%s), %d of %d switches placed%n",
                t.radix[0], t.radix[1], t.radix[2], kind(0), kind(1), kind(2), t.placed, t.grid.length));
        b.append("# x y z node_guid\n");
        for (int z = 0; z < t.radix[2]; z++) {
            for (int y = 0; y < t.radix[1]; y++) {
                for (int x = 0; x < t.radix[0]; x++) {
                    int sw = t.switchAt(x, y, z);
                    b.append(x).append(' ').append(y).append(' ').append(z).append(' ')
                            .append(sw < 0 ? "-" : Guid.toString(switchGuids[sw]));
                    if (sw >= 0 && sw == tree.root()) {
                        b.append(" root");
                    }
                    b.append('\n');
                }
            }
        }
        return b.toString();
    }

    private String kind(int d) {
        return (d == 0 ? "" : " ") + (topology.wrap[d] ? "t" : "m");
    }

    /** One log line: {@code torus-2QoS: 6x5x1 torus, 29 of 30 switches placed (seed 1), multicast root 0x...}. */
    @Override
    public String toString() {
        TorusTopology t = topology;
        return String.format(Locale.ROOT, "torus-2QoS: %dx%dx%d, %d of %d switches placed (seed %d), multicast "
                + "root %s, %d note(s)", t.radix[0], t.radix[1], t.radix[2], t.placed, t.grid.length, t.seed + 1,
                tree.root() < 0 ? "none" : Guid.toString(switchGuids[tree.root()]), notes.size());
    }
}
