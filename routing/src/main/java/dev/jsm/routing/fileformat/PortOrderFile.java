package dev.jsm.routing.fileformat;

import dev.jsm.routing.RoutingInput;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's {@code port_search_ordering_file} ({@code -O}, formerly {@code dimn_ports_file}): one
 * {@code <switch node GUID> <port> <port> ...} line per switch giving the order its ports are searched in; for the
 * dor engine the order of the dimensions (the first port listed is the lowest dimension). Ports not listed follow
 * the listed ones in ascending order. {@code #} comments and blank lines are skipped; numbers are decimal or
 * {@code 0x} hexadecimal.
 *
 * <p>Stricter than OpenSM, which skips a bad line silently: a port listed twice on a line, a switch listed on two
 * lines, and (in {@link #portOrder}) a port the switch does not have are errors with {@code file:line}.
 *
 * <p>Immutable; safe to share.
 */
public final class PortOrderFile extends GuidLineFile {

    private static final String LINE = "<switch node GUID> <port> <port> ...";

    private final int[][] ports;

    private PortOrderFile(GuidLines entries, int[][] ports) {
        super(entries);
        this.ports = ports;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or a line is malformed
     */
    public static PortOrderFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static PortOrderFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static PortOrderFile of(SourceLines text) throws RoutingFileException {
        List<FileLine> fileLines = FileLine.of(text);
        int[][] p = new int[fileLines.size()][];
        Map<Long, Integer> firstLine = new HashMap<>();
        GuidLines entries = GuidLines.parse(text.source(), fileLines, 2, 255, LINE, (i, guid, line) -> {
            GuidLines.once(firstLine, guid, line, "each switch on one line", GuidLines.hex(guid));
            p[i] = new int[line.size() - 1];
            boolean[] seen = new boolean[256];
            for (int k = 1; k < line.size(); k++) {
                int port = (int) line.number(k, 1, 254, "a port number");
                if (seen[port]) {
                    throw line.error("each port once on a line", "port " + port + " again");
                }
                seen[port] = true;
                p[i][k - 1] = port;
            }
        });
        return new PortOrderFile(entries, p);
    }

    /** The ports of line {@code i}, in the file's order (a copy). */
    public int[] ports(int i) {
        return ports[i].clone();
    }

    /**
     * The search order of every switch of {@code in}, flat like the input's ports: switch {@code sw}'s ports in
     * order are at {@code portStart[sw] + 1 .. portStart[sw] + numPorts}, and slot {@code portStart[sw]} holds 0.
     * Switches the file does not list keep ascending port order; lines naming switches {@code in} does not have
     * are skipped.
     *
     * @throws RoutingFileException if a line names a port its switch does not have
     */
    public byte[] portOrder(RoutingInput in) throws RoutingFileException {
        byte[] order = ascendingPorts(in);
        SwitchGuids switches = new SwitchGuids(in);
        int[] portStart = in.portStart();
        for (int i = 0; i < size(); i++) {
            int sw = switches.switchOf(guid(i));
            if (sw < 0) {
                continue;
            }
            int numPorts = in.switchNumPorts()[sw];
            boolean[] listed = new boolean[numPorts + 1];
            int slot = portStart[sw] + 1;
            for (int port : ports[i]) {
                switches.checkPort(sw, port, source(), line(i));
                listed[port] = true;
                order[slot++] = (byte) port;
            }
            for (int port = 1; port <= numPorts; port++) {
                if (!listed[port]) {
                    order[slot++] = (byte) port;
                }
            }
        }
        return order;
    }

    /** The default search order: every switch's ports ascending, in the layout of {@link #portOrder}. */
    public static byte[] ascendingPorts(RoutingInput in) {
        int[] portStart = in.portStart();
        byte[] order = new byte[portStart[in.switchCount()]];
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int port = 0; port <= in.switchNumPorts()[sw]; port++) {
                order[portStart[sw] + port] = (byte) port;
            }
        }
        return order;
    }

    /** {@code PortOrderFile[source, n switches]}. */
    @Override
    public String toString() {
        return "PortOrderFile[" + source() + ", " + size() + " switches]";
    }
}
