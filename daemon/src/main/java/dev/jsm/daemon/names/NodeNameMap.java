package dev.jsm.daemon.names;

import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * OpenSM's node name map ({@code node_name_map_name}; the format {@code ibnetdiscover} and the other
 * infiniband-diags read): one node per line, its node GUID (C number: {@code 0x...} hex, else decimal) and its name
 * in double quotes; {@code #} starts a comment, blank lines are skipped. Without {@code node_name_map_name}
 * the daemon reads {@link #DEFAULT_FILE} when it exists, as OpenSM does. Where people read node names - the log, the
 * dump files, the console, the metrics' {@code node_desc} label - a node in the map is called by its name there, the
 * others by their NodeDescription; the SA keeps answering the NodeDescription the node reported. Read once at start,
 * as OpenSM does.
 *
 * <p>Immutable; safe to share.
 */
public final class NodeNameMap {

    private static final Logger LOG = LogManager.getLogger(NodeNameMap.class);

    /** The map OpenSM (Debian's build) reads when {@code node_name_map_name} is not set and the file exists. */
    public static final Path DEFAULT_FILE = Path.of("/etc/opensm/ib-node-name-map");

    /** The map of a daemon without a node name map: every node keeps its NodeDescription. */
    public static final NodeNameMap NONE = new NodeNameMap(Map.of(), List.of());

    private final Map<Long, String> names;
    private final List<String> problems;

    private NodeNameMap(Map<Long, String> names, List<String> problems) {
        this.names = names;
        this.problems = problems;
    }

    /**
     * Reads {@code file}; a line that is neither a GUID with a name nor a comment is skipped and named in
     * {@link #problems()}.
     *
     * @throws IOException if the file cannot be read
     */
    public static NodeNameMap load(Path file) throws IOException {
        return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    /**
     * The map {@code node_name_map_name} names; without one, {@link #DEFAULT_FILE} if it exists (as OpenSM's
     * complib opens it), else {@link #NONE}. A file that cannot be read is logged and leaves every node its
     * NodeDescription, as OpenSM carries on without it; skipped lines are logged.
     */
    public static NodeNameMap fromOption(String file) {
        return fromOption(file, DEFAULT_FILE);
    }

    /** {@link #fromOption(String)} with another default file (tests). */
    static NodeNameMap fromOption(String file, Path defaultFile) {
        if (file == null || file.isEmpty() || file.equals("(null)")) {
            if (!Files.isRegularFile(defaultFile)) {
                return NONE;
            }
            file = defaultFile.toString();
        }
        try {
            NodeNameMap map = load(Path.of(file));
            map.problems().forEach(p -> LOG.warn("MAIN-0821 {}", p));
            LOG.info("node name map {}: {} names", file, map.size());
            return map;
        } catch (IOException | RuntimeException e) {
            LOG.error("MAIN-0820 cannot read the node name map {}: {}; nodes keep their NodeDescriptions", file,
                    e.toString());
            return NONE;
        }
    }

    /** Parses the text of a map named {@code source} (for the problems' {@code file:line}). */
    public static NodeNameMap parse(String source, String text) {
        Map<Long, String> names = new HashMap<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int blank = firstBlank(line);
            String name = blank < 0 ? null : name(line.substring(blank).strip());
            Long guid = guid(blank < 0 ? line : line.substring(0, blank));
            if (guid == null || name == null) {
                problems.add(source + ":" + (i + 1) + ": expected a node GUID and a \"name\", found '" + line + "'");
            } else {
                names.put(guid, name);
            }
        }
        return new NodeNameMap(Map.copyOf(names), List.copyOf(problems));
    }

    /** The name of node {@code nodeGuid}: the map's, else {@code description}. */
    public String name(long nodeGuid, String description) {
        return names.getOrDefault(nodeGuid, description);
    }

    /** How many nodes the map names. */
    public int size() {
        return names.size();
    }

    /** The lines that were skipped, as {@code file:line: what}. */
    public List<String> problems() {
        return problems;
    }

    @Override
    public String toString() {
        return "node name map of " + names.size() + " nodes";
    }

    private static int firstBlank(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (Character.isWhitespace(line.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The quoted name at the start of {@code rest} (a comment may follow), or null. */
    private static String name(String rest) {
        if (!rest.startsWith("\"")) {
            return null;
        }
        int end = rest.indexOf('"', 1);
        return end < 0 ? null : rest.substring(1, end);
    }

    private static Long guid(String text) {
        OptionalLong v = CNumber.tryParseUnsigned(text, -1L);
        return v.isPresent() ? v.getAsLong() : null;
    }
}
