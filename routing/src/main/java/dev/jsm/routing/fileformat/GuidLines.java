package dev.jsm.routing.fileformat;

import java.util.List;
import java.util.Map;

/**
 * The one reader of the line-per-entry routing files ({@link GuidLineFile}): each meaningful line (comments and blank
 * lines skipped by {@link SourceLines}) is one entry whose first token is a non-zero GUID, kept in file order with its
 * 1-based line number; the file classes of this package read the rest of a line themselves ({@link Rest}). Also
 * checks that a key appears on one line only ({@link #once}), with the {@code "... again (first on line N)"} message
 * all these files use. Errors read {@code file:line: expected ..., found ...}.
 *
 * @param source the file name as given
 * @param guids the GUID of each entry, in file order
 * @param lines the 1-based line of each entry
 */
record GuidLines(String source, long[] guids, int[] lines) {

    /** Reads the tokens after the GUID of one line; called once per line, in file order. */
    @FunctionalInterface
    interface Rest {
        /** Reads entry {@code i} from {@code line}, whose token count is checked and whose GUID is {@code guid}. */
        void read(int i, long guid, FileLine line) throws RoutingFileException;
    }

    /**
     * Parses {@code fileLines} of the file {@code source}: per line, in file order, checks it has
     * {@code minTokens..maxTokens} tokens (else "expected {@code what}"), reads the non-zero GUID of token 0, then
     * hands the line to {@code rest}.
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
}
