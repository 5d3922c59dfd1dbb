package dev.jsm.routing.fileformat;

import java.util.List;
import java.util.Map;

/**
 * The part every line-per-entry routing file shares: each meaningful line is one entry whose first token is a GUID,
 * kept in file order with its 1-based line number, so the file classes of this package parse the rest of a line
 * themselves and report {@code file:line} for an entry later. Also checks that a key appears on one line only
 * ({@link #once}), with the {@code "... again (first on line N)"} message all these files use.
 *
 * <p>Immutable once parsed; safe to share.
 */
final class GuidLines {

    /** Reads the tokens after the GUID of one line; called once per line, in file order. */
    @FunctionalInterface
    interface Rest {
        /** Reads entry {@code i} from {@code line}, whose token count is checked and whose GUID is {@code guid}. */
        void read(int i, long guid, FileLine line) throws RoutingFileException;
    }

    private final String source;
    private final long[] guids;
    private final int[] lines;

    private GuidLines(String source, long[] guids, int[] lines) {
        this.source = source;
        this.guids = guids;
        this.lines = lines;
    }

    /**
     * Parses {@code fileLines}: per line, in file order, checks it has {@code minTokens..maxTokens} tokens (else
     * "expected {@code what}"), reads the non-zero GUID of token 0, then hands the line to {@code rest}.
     */
    static GuidLines parse(String source, List<FileLine> fileLines, int minTokens, int maxTokens, String what,
                           Rest rest) throws RoutingFileException {
        int n = fileLines.size();
        long[] g = new long[n];
        int[] l = new int[n];
        for (int i = 0; i < n; i++) {
            FileLine line = fileLines.get(i);
            line.expectTokens(minTokens, maxTokens, what);
            g[i] = line.guid(0);
            l[i] = line.number();
            rest.read(i, g[i], line);
        }
        return new GuidLines(source, g, l);
    }

    /**
     * Fails if {@code key} was already seen on an earlier line: {@code expected <expected>, found <shown> again
     * (first on line N)}; otherwise records {@code line} as its first line in {@code firstLine}.
     */
    static <K> void once(Map<K, Integer> firstLine, K key, FileLine line, String expected, String shown)
            throws RoutingFileException {
        Integer first = firstLine.putIfAbsent(key, line.number());
        if (first != null) {
            throw line.error(expected, shown + " again (first on line " + first + ")");
        }
    }

    /** {@code 0x} and 16 hex digits, as GUIDs are shown in messages. */
    static String hex(long guid) {
        return String.format("0x%016x", guid);
    }

    /** The file name as given. */
    String source() {
        return source;
    }

    /** Number of entries. */
    int size() {
        return guids.length;
    }

    /** The GUID of entry {@code i}. */
    long guid(int i) {
        return guids[i];
    }

    /** The GUIDs in file order (a copy). */
    long[] guids() {
        return guids.clone();
    }

    /** The 1-based line of entry {@code i}. */
    int line(int i) {
        return lines[i];
    }

    /** {@code file:line} of entry {@code i}. */
    String where(int i) {
        return source + ":" + lines[i];
    }

    /**
     * The switch entry {@code i} names in the fabric of {@code switches}, or -1 if it has none; fails if the
     * switch has no port {@code port} (the entry's port).
     */
    int switchPort(SwitchGuids switches, int i, int port) throws RoutingFileException {
        int sw = switches.switchOf(guids[i]);
        if (sw >= 0) {
            switches.checkPort(sw, port, source, lines[i]);
        }
        return sw;
    }
}
