package dev.jsm.routing.fileformat;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * OpenSM's unicast LFT dump, {@code opensm-lfts.dump}, as the {@code file} engine loads it ({@code -U} / {@code
 * lfts_file}), and the output of infiniband-diags' {@code dump_lfts} / {@code ibroute}, which reads the same way, so
 * the tables another SM programmed can be loaded and checked. The format and what is skipped are in the design notes.
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/routing.md#lftdumpfile.
 */
public final class LftDumpFile extends SwitchBlockDump {

    /** Highest unicast LID. */
    public static final int MAX_UNICAST_LID = 0xBFFF;

    private static final String HEADER = "Unicast lids";
    private static final String GUID_MARK = " guid 0x";
    private static final String HEADER_FORM = "'Unicast lids [...] of switch Lid <lid> guid 0x<guid> (...):'";

    private final short[] ports;

    private LftDumpFile(String source, SwitchBlocks blocks, int[] lids, short[] ports, long[] portGuids,
                        int[] entryLines) {
        super(source, blocks, lids, portGuids, entryLines);
        this.ports = ports;
    }

    /**
     * Reads the dump at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read ({@code file: cannot read: ...}) or a line is malformed
     */
    public static LftDumpFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a dump named {@code source}. */
    public static LftDumpFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static LftDumpFile of(SourceLines text) throws RoutingFileException {
        SwitchBlocks.Builder blocks = new SwitchBlocks.Builder();
        int[] lid = new int[64];
        short[] port = new short[64];
        long[] guid = new long[64];
        int[] line = new int[64];
        int entries = 0;
        for (SourceLines.Cursor c = text.cursor(SourceLines.Comments.WHOLE_LINE); c.next(); ) {
            String l = c.text();
            int lineNo = c.number();
            if (isTrailer(l) || isColumnHeading(l)) {
                continue;
            }
            if (l.startsWith(HEADER)) {
                blocks.add(text, headerGuid(text, l, lineNo), lineNo, entries);
                continue;
            }
            if (!l.startsWith("0x")) {
                if (l.startsWith("Multicast mlids")) {
                    throw text.error(lineNo, "a unicast LFT dump (opensm-lfts.dump)", "a multicast one "
                            + DumpTokens.quote(l));
                }
                throw text.error(lineNo, HEADER_FORM + ", '0x<lid> <port> # ... portguid 0x<guid>: ...' or "
                        + "'<n> lids dumped'", DumpTokens.quote(l));
            }
            if (blocks.count() == 0) {
                throw text.error(lineNo, "a switch header " + HEADER_FORM + " before the first LID line",
                        DumpTokens.quote(l));
            }
            if (entries == lid.length) {
                lid = Arrays.copyOf(lid, entries * 2);
                port = Arrays.copyOf(port, entries * 2);
                guid = Arrays.copyOf(guid, entries * 2);
                line = Arrays.copyOf(line, entries * 2);
            }
            parseEntry(text, l, lineNo, entries, lid, port, guid);
            line[entries++] = lineNo;
        }
        return new LftDumpFile(text.source(), blocks.build(entries), Arrays.copyOf(lid, entries),
                Arrays.copyOf(port, entries), Arrays.copyOf(guid, entries), Arrays.copyOf(line, entries));
    }

    /** {@code <n> lids dumped} ({@code <n> valid lids dumped} in dump_lfts's output). */
    private static boolean isTrailer(String l) {
        int sp = l.indexOf(' ');
        String rest = sp > 0 ? l.substring(sp).strip() : "";
        return sp > 0 && l.substring(0, sp).chars().allMatch(c -> c >= '0' && c <= '9')
                && (rest.equals("lids dumped") || rest.equals("valid lids dumped"));
    }

    /** dump_lfts's two column-heading lines, {@code Lid  Out   Destination} and {@code Port     Info}. */
    private static boolean isColumnHeading(String l) {
        String[] words = l.strip().split("\\s+");
        return words.length == 3 && words[0].equals("Lid") && words[1].equals("Out") && words[2].equals("Destination")
                || words.length == 2 && words[0].equals("Port") && words[1].equals("Info");
    }

    private static long headerGuid(SourceLines text, String l, int lineNo) throws RoutingFileException {
        int at = l.indexOf(GUID_MARK);
        if (at < 0) {
            throw text.error(lineNo, HEADER_FORM, DumpTokens.quote(l));
        }
        int start = at + GUID_MARK.length();
        int end = DumpTokens.hexEnd(l, start, 16);
        if (end < 0 || end < l.length() && !Character.isWhitespace(l.charAt(end)) && l.charAt(end) != ':') {
            throw text.error(lineNo, "a switch GUID 0x<1..16 hex digits> after 'guid'",
                    DumpTokens.quote(l.substring(start - 2)));
        }
        long g = Long.parseUnsignedLong(l.substring(start, end), 16);
        if (g == 0) {
            throw text.error(lineNo, "a non-zero switch GUID", DumpTokens.quote(l.substring(start - 2, end)));
        }
        return g;
    }

    private static void parseEntry(SourceLines text, String l, int lineNo, int e, int[] lid, short[] port, long[] guid)
            throws RoutingFileException {
        int end = DumpTokens.hexEnd(l, 2, 4);
        if (end < 0 || end < l.length() && !Character.isWhitespace(l.charAt(end))) {
            throw text.error(lineNo, "a LID 0x0001..0xbfff", DumpTokens.quote(token(l, 0)));
        }
        int v = DumpTokens.unicastLid(text, lineNo, l, end);
        int p = end;
        while (p < l.length() && Character.isWhitespace(l.charAt(p))) {
            p++;
        }
        int q = p;
        while (q < l.length() && l.charAt(q) >= '0' && l.charAt(q) <= '9') {
            q++;
        }
        boolean endsWell = q == l.length() || Character.isWhitespace(l.charAt(q));
        if (q == p || q - p > 3 || !endsWell || Integer.parseInt(l.substring(p, q)) > 255) {
            throw text.error(lineNo, "a port number 0..255 after the LID",
                    p == l.length() ? "end of line" : DumpTokens.quote(token(l, p)));
        }
        long g = DumpTokens.portGuid(text, lineNo, l, q);
        lid[e] = v;
        port[e] = (short) Integer.parseInt(l.substring(p, q));
        guid[e] = g;
    }

    /** The white-space delimited token of {@code l} starting at {@code from}. */
    private static String token(String l, int from) {
        int to = from;
        while (to < l.length() && !Character.isWhitespace(l.charAt(to))) {
            to++;
        }
        return l.substring(from, to);
    }

    /** First entry of switch block {@code s}; its entries are {@code firstEntry(s) .. firstEntry(s + 1) - 1}. */
    public int firstEntry(int s) {
        return first(s);
    }

    /** Total number of entry lines. */
    public int entryCount() {
        return items();
    }

    /** The egress port of entry {@code e}, 0..255. */
    public int port(int e) {
        return ports[e];
    }

    /** 1-based line of entry {@code e}. */
    public int entryLine(int e) {
        return itemLine(e);
    }

    /** {@code LftDumpFile[source, S switches, N entries]}. */
    @Override
    public String toString() {
        return describe("LftDumpFile", "entries");
    }
}
