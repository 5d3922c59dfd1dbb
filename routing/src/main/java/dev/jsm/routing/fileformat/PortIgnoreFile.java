package dev.jsm.routing.fileformat;

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
public final class PortIgnoreFile extends GuidLineFile {

    private final int[] ports;

    private PortIgnoreFile(GuidLines entries, int[] ports) {
        super(entries);
        this.ports = ports;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is malformed
     */
    public static PortIgnoreFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static PortIgnoreFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static PortIgnoreFile of(SourceLines text) throws RoutingFileException {
        List<FileLine> fileLines = FileLine.of(text);
        int[] p = new int[fileLines.size()];
        GuidLines entries = GuidLines.parse(text.source(), fileLines, 2, 2, "<switch node GUID> <port>",
                (i, guid, line) -> p[i] = (int) line.number(1, 1, 254, "a port number"));
        return new PortIgnoreFile(entries, p);
    }

    /** The port of entry {@code i}. */
    public int port(int i) {
        return ports[i];
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
        for (int i = 0; i < size(); i++) {
            int sw = switchPort(switches, i, ports[i]);
            if (sw >= 0) {
                ignored[in.portStart()[sw] + ports[i]] = true;
            }
        }
        return ignored;
    }

    /** {@code PortIgnoreFile[source, n ports]}. */
    @Override
    public String toString() {
        return "PortIgnoreFile[" + source() + ", " + size() + " ports]";
    }
}
