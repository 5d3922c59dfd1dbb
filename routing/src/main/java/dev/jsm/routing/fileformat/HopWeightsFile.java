package dev.jsm.routing.fileformat;

import dev.jsm.routing.RoutingInput;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code hop_weights_file} ({@code -w}): one {@code <switch GUID> <port> <weight>} line per weighted port,
 * the weight 1..255 being the cost of leaving the switch through that port when minhop and dor compute their
 * shortest paths (unlisted ports weigh 1, so without the file a path's cost is its hop count). Weights apply to
 * the egress direction only; a cable weighted both ways needs a line for each end. The switch is named by its node
 * GUID or the GUID of its port 0. {@code #} comments and blank lines are skipped; numbers are decimal or {@code 0x}
 * hexadecimal.
 *
 * <p>Stricter than OpenSM, which skips a bad line silently: a switch port listed twice and (in {@link #portWeights})
 * a port the switch does not have are errors with {@code file:line}.
 *
 * <p>Immutable; safe to share.
 */
public final class HopWeightsFile extends GuidLineFile {

    /** The weight of a port the file does not list. */
    public static final int DEFAULT_WEIGHT = 1;
    /** The largest weight. */
    public static final int MAX_WEIGHT = 255;

    private final int[] ports;
    private final int[] weights;

    private HopWeightsFile(GuidLines entries, int[] ports, int[] weights) {
        super(entries);
        this.ports = ports;
        this.weights = weights;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is malformed
     */
    public static HopWeightsFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static HopWeightsFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static HopWeightsFile of(SourceLines text) throws RoutingFileException {
        List<FileLine> fileLines = FileLine.of(text);
        int[] p = new int[fileLines.size()];
        int[] w = new int[fileLines.size()];
        Map<String, Integer> firstLine = new HashMap<>();
        GuidLines entries = GuidLines.parse(text.source(), fileLines, 3, 3, "<switch GUID> <port> <weight>",
                (i, guid, line) -> {
                    p[i] = (int) line.number(1, 1, 254, "a port number");
                    w[i] = (int) line.number(2, 1, MAX_WEIGHT, "a hop weight");
                    String key = GuidLines.hex(guid) + " port " + p[i];
                    GuidLines.once(firstLine, key, line, "each switch port once", key);
                });
        return new HopWeightsFile(entries, p, w);
    }

    /** The port of entry {@code i}. */
    public int port(int i) {
        return ports[i];
    }

    /** The weight of entry {@code i}, 1..255. */
    public int weight(int i) {
        return weights[i];
    }

    /**
     * The weight of every port of {@code in}, indexed like {@link RoutingInput#portEdge()} (read with
     * {@code & 0xFF}): {@link #DEFAULT_WEIGHT} unless the file lists the port. Lines naming switches {@code in} does
     * not have are skipped.
     *
     * @throws RoutingFileException if a line names a port its switch does not have
     */
    public byte[] portWeights(RoutingInput in) throws RoutingFileException {
        byte[] w = new byte[in.portStart()[in.switchCount()]];
        Arrays.fill(w, (byte) DEFAULT_WEIGHT);
        SwitchGuids switches = new SwitchGuids(in);
        for (int i = 0; i < size(); i++) {
            int sw = switchPort(switches, i, ports[i]);
            if (sw >= 0) {
                w[in.portStart()[sw] + ports[i]] = (byte) weights[i];
            }
        }
        return w;
    }

    /** {@code HopWeightsFile[source, n ports]}. */
    @Override
    public String toString() {
        return "HopWeightsFile[" + source() + ", " + size() + " ports]";
    }
}
