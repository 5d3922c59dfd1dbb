package dev.jsm.routing.fileformat;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * OpenSM's min-hop matrix dump, {@code opensm-lid-matrix.dump}, as the {@code file} engine loads it ({@code -M} /
 * {@code lid_matrix_dump_file}). One block per switch, one row per destination switch LID:
 * <pre>
 * Switch: guid 0x0002c90100000000
 * 0x0003: 02 ff ff ff ff 02 02 02 02 # portguid 0x0002c90100000010
 * </pre>
 * A row is the hex LID, a colon, then the hop count (hex, {@code ff} = no path) from this switch to that LID through
 * port 0, 1, 2, ... (port 0's value is the least over all ports, 0 for the switch's own LID), then a comment whose
 * {@code portguid 0x...} names the port that held the LID when dumped. Only switch LIDs appear; a CA is one hop past
 * its switch. Blank lines and lines starting with {@code #} are skipped.
 *
 * <p>All hop values are in one byte array. Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#lidmatrixdumpfile.
 */
public final class LidMatrixDumpFile extends SwitchBlockDump {

    /** Hop value meaning "no path through this port". */
    public static final int NO_PATH = 0xFF;

    private static final String HEADER_FORM = "'Switch: guid 0x<guid>'";

    private final int[] hopStart;
    private final byte[] hops;

    private LidMatrixDumpFile(String source, SwitchBlocks blocks, int[] lids, long[] portGuids, int[] rowLines,
                              int[] hopStart, byte[] hops) {
        super(source, blocks, lids, portGuids, rowLines);
        this.hopStart = hopStart;
        this.hops = hops;
    }

    /**
     * Reads the dump at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read ({@code file: cannot read: ...}) or a line is malformed
     */
    public static LidMatrixDumpFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a dump named {@code source}. */
    public static LidMatrixDumpFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static LidMatrixDumpFile of(SourceLines text) throws RoutingFileException {
        Rows rows = new Rows();
        for (SourceLines.Cursor c = text.cursor(SourceLines.Comments.WHOLE_LINE); c.next(); ) {
            String l = c.text();
            int lineNo = c.number();
            if (l.startsWith("Switch")) {
                rows.blocks.add(text, headerGuid(text, l, lineNo), lineNo, rows.rows);
            } else if (!l.startsWith("0x")) {
                throw text.error(lineNo, HEADER_FORM + " or '0x<lid>: <hops> ... # portguid 0x<guid>'",
                        DumpTokens.quote(l));
            } else if (rows.blocks.count() == 0) {
                throw text.error(lineNo, "a switch header " + HEADER_FORM + " before the first row",
                        DumpTokens.quote(l));
            } else {
                parseRow(text, l, lineNo, rows);
            }
        }
        return rows.build(text.source());
    }

    private static long headerGuid(SourceLines text, String l, int lineNo) throws RoutingFileException {
        String rest = l.substring("Switch".length()).strip();
        if (rest.startsWith(":")) {
            rest = rest.substring(1).strip();
        }
        if (!rest.startsWith("guid 0x")) {
            throw text.error(lineNo, HEADER_FORM, DumpTokens.quote(l));
        }
        int end = DumpTokens.hexEnd(rest, 7, 16);
        if (end < 0 || end != rest.length()) {
            throw text.error(lineNo, "a switch GUID 0x<1..16 hex digits>", DumpTokens.quote(rest.substring(5)));
        }
        long g = Long.parseUnsignedLong(rest.substring(7, end), 16);
        if (g == 0) {
            throw text.error(lineNo, "a non-zero switch GUID", DumpTokens.quote(rest.substring(5)));
        }
        return g;
    }

    private static void parseRow(SourceLines text, String l, int lineNo, Rows rows) throws RoutingFileException {
        int end = DumpTokens.hexEnd(l, 2, 4);
        if (end < 0 || end == l.length() || l.charAt(end) != ':' && !Character.isWhitespace(l.charAt(end))) {
            throw text.error(lineNo, "a LID '0x0001..0xbfff:'", DumpTokens.quote(l.split("\\s+")[0]));
        }
        int lid = DumpTokens.unicastLid(text, lineNo, l, end);
        int hash = l.indexOf('#', end);
        String body = l.substring(end, hash < 0 ? l.length() : hash).strip();
        if (body.startsWith(":")) {
            body = body.substring(1).strip();
        }
        if (body.isEmpty()) {
            throw text.error(lineNo, "hop counts (hex, ff = no path) after the LID", "none");
        }
        String[] values = body.split("\\s+");
        if (values.length > 255) {
            throw text.error(lineNo, "at most 255 hop counts (ports 0..254)", values.length + " of them");
        }
        rows.addRow(lid, lineNo, values.length);
        for (String v : values) {
            int ve = DumpTokens.hexEnd(v, 0, 2);
            if (ve != v.length()) {
                throw text.error(lineNo, "a hop count 00..ff", DumpTokens.quote(v));
            }
            rows.addHop(Integer.parseInt(v, 16));
        }
        rows.setPortGuid(hash < 0 ? 0 : DumpTokens.portGuid(text, lineNo, l, hash));
    }

    /** Growable flat arrays while parsing. */
    private static final class Rows {
        final SwitchBlocks.Builder blocks = new SwitchBlocks.Builder();
        int[] lid = new int[64];
        long[] guid = new long[64];
        int[] line = new int[64];
        int[] start = new int[65];
        int rows;
        byte[] hop = new byte[512];
        int hopCount;

        void addRow(int l, int lineNo, int values) {
            if (rows == lid.length) {
                lid = Arrays.copyOf(lid, rows * 2);
                guid = Arrays.copyOf(guid, rows * 2);
                line = Arrays.copyOf(line, rows * 2);
                start = Arrays.copyOf(start, rows * 2 + 1);
            }
            if (hopCount + values > hop.length) {
                hop = Arrays.copyOf(hop, Math.max(hop.length * 2, hopCount + values));
            }
            lid[rows] = l;
            line[rows] = lineNo;
            start[rows] = hopCount;
            rows++;
        }

        void addHop(int v) {
            hop[hopCount++] = (byte) v;
        }

        void setPortGuid(long g) {
            guid[rows - 1] = g;
        }

        LidMatrixDumpFile build(String source) {
            start[rows] = hopCount;
            return new LidMatrixDumpFile(source, blocks.build(rows), Arrays.copyOf(lid, rows),
                    Arrays.copyOf(guid, rows), Arrays.copyOf(line, rows), Arrays.copyOf(start, rows + 1),
                    Arrays.copyOf(hop, hopCount));
        }
    }

    /** First row of switch block {@code s}; its rows are {@code firstRow(s) .. firstRow(s + 1) - 1}. */
    public int firstRow(int s) {
        return first(s);
    }

    /** Total number of rows. */
    public int rowCount() {
        return items();
    }

    /** How many hop values row {@code r} has (ports 0 .. n-1). */
    public int hopCount(int r) {
        return hopStart[r + 1] - hopStart[r];
    }

    /** Hops from the block's switch to the LID of row {@code r} through {@code port}; {@link #NO_PATH} if unlisted. */
    public int hops(int r, int port) {
        return port >= 0 && port < hopCount(r) ? hops[hopStart[r] + port] & 0xFF : NO_PATH;
    }

    /** 1-based line of row {@code r}. */
    public int rowLine(int r) {
        return itemLine(r);
    }

    /** {@code LidMatrixDumpFile[source, S switches, N rows]}. */
    @Override
    public String toString() {
        return describe("LidMatrixDumpFile", "rows");
    }
}
