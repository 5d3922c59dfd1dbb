package dev.jsm.routing.files;

import dev.jsm.routing.RoutingInput;
import java.nio.file.Path;
import java.util.List;

/**
 * OpenSM's {@code port_prof_ignore_file} ({@code -i}, {@code --ignore_guids}): one {@code <switch node GUID> <port>}
 * line per switch port that the load equalisation ignores. Routes the engine sends out of such a port are not
 * counted in the port's load, so the port always looks idle to minhop-style port selection (OpenSM's use case: a
 * switch-internal port, such as a management CA, whose traffic should not push other routes elsewhere). The switch
 * may also be named by the GUID of its port 0. A port listed twice is listed once. {@code #} comments and blank
 * lines are skipped; numbers are decimal or {@code 0x} hexadecimal.
 *
 * <p>Stricter than OpenSM, which skips a bad line silently: (in {@link #ignoredPorts}) a port the switch does not
 * have is an error with {@code file:line}.
 *
 * <p>Immutable; safe to share.
 */
public final class PortIgnoreFile {

    private final String source;
    private final long[] guids;
    private final int[] ports;
    private final int[] lines;

    private PortIgnoreFile(String source, long[] guids, int[] ports, int[] lines) {
        this.source = source;
        this.guids = guids;
        this.ports = ports;
        this.lines = lines;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is malformed
     */
    public static PortIgnoreFile read(Path path) throws RoutingFileException {
        return of(path.toString(), FileLine.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static PortIgnoreFile parse(String source, String text) throws RoutingFileException {
        return of(source, FileLine.parse(source, text));
    }

    private static PortIgnoreFile of(String source, List<FileLine> fileLines) throws RoutingFileException {
        int n = fileLines.size();
        long[] g = new long[n];
        int[] p = new int[n];
        int[] l = new int[n];
        for (int i = 0; i < n; i++) {
            FileLine line = fileLines.get(i);
            line.expectTokens(2, 2, "<switch node GUID> <port>");
            g[i] = line.guid(0);
            p[i] = (int) line.number(1, 1, 254, "a port number");
            l[i] = line.number();
        }
        return new PortIgnoreFile(source, g, p, l);
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** How many lines the file has. */
    public int size() {
        return guids.length;
    }

    /** The switch GUID of entry {@code i} (in file order). */
    public long guid(int i) {
        return guids[i];
    }

    /** The port of entry {@code i}. */
    public int port(int i) {
        return ports[i];
    }

    /** The 1-based line number of entry {@code i}. */
    public int line(int i) {
        return lines[i];
    }

    /**
     * Which ports of {@code in} are ignored, indexed like {@link RoutingInput#portEdge()}. Lines naming switches
     * {@code in} does not have are skipped.
     *
     * @throws RoutingFileException if a line names a port its switch does not have
     */
    public boolean[] ignoredPorts(RoutingInput in) throws RoutingFileException {
        boolean[] ignored = new boolean[in.portStart()[in.switchCount()]];
        SwitchGuids switches = new SwitchGuids(in);
        for (int i = 0; i < guids.length; i++) {
            int sw = switches.switchOf(guids[i]);
            if (sw >= 0) {
                switches.checkPort(sw, ports[i], source, lines[i]);
                ignored[in.portStart()[sw] + ports[i]] = true;
            }
        }
        return ignored;
    }

    /** {@code PortIgnoreFile[source, n ports]}. */
    @Override
    public String toString() {
        return "PortIgnoreFile[" + source + ", " + guids.length + " ports]";
    }
}
