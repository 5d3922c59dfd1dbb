package dev.jsm.routing.fileformat;

/**
 * The token readers the parsers of OpenSM's dump files ({@code opensm-lfts.dump}, {@code opensm-lid-matrix.dump})
 * share. The dumps are walked with {@link SourceLines.Comments#WHOLE_LINE}: a {@code #} does not end the meaningful
 * part of a line, because the dumps keep the destination's port GUID in a trailing comment
 * ({@code # ... portguid 0x...}), which the readers need to remap LIDs. Errors read
 * {@code file:line: expected ..., found ...}.
 *
 * <p>Stateless; safe to share.
 */
final class DumpTokens {

    private DumpTokens() {
    }

    /**
     * The unicast LID {@code 0x<hex>} of {@code l} (line {@code lineNo} of {@code text}), whose hex digits end at
     * {@code end}.
     *
     * @throws RoutingFileException if it is 0 or above {@link LftDumpFile#MAX_UNICAST_LID}
     */
    static int unicastLid(SourceLines text, int lineNo, String l, int end) throws RoutingFileException {
        int lid = Integer.parseInt(l.substring(2, end), 16);
        if (lid == 0 || lid > LftDumpFile.MAX_UNICAST_LID) {
            throw text.error(lineNo, "a LID 0x0001..0xbfff", quote(l.substring(0, end)));
        }
        return lid;
    }

    /**
     * The port GUID of the trailing comment of line {@code l} ({@link #trailingPortGuid}), 0 if it names none.
     *
     * @throws RoutingFileException if the {@code portguid 0x} marker is there but no GUID follows
     */
    static long portGuid(SourceLines text, int lineNo, String l, int from) throws RoutingFileException {
        long g = trailingPortGuid(l, from);
        if (g == -1) {
            throw text.error(lineNo, "a port GUID 0x<1..16 hex digits> after 'portguid'",
                    quote(l.substring(l.indexOf("portguid 0x", from))));
        }
        return g;
    }

    /** {@code 'text'}, shortened to 60 characters, for the "found" part of an error. */
    static String quote(String text) {
        return "'" + (text.length() > 60 ? text.substring(0, 57) + "..." : text) + "'";
    }

    /**
     * The hex digits starting at {@code from} in {@code s} (no {@code 0x}), up to the first non-hex character: the
     * end index, or -1 if there is no digit or more than {@code maxDigits} of them.
     */
    static int hexEnd(String s, int from, int maxDigits) {
        int i = from;
        while (i < s.length() && Character.digit(s.charAt(i), 16) >= 0) {
            i++;
        }
        return i == from || i - from > maxDigits ? -1 : i;
    }

    /**
     * The port GUID of the trailing {@code portguid 0x<16 hex>} of a dump line, 0 if the line has none (OpenSM reads
     * such a line with the LID as written), or -1 if the marker is there but no GUID follows.
     *
     * @param from where the comment may start
     */
    static long trailingPortGuid(String s, int from) {
        int at = s.indexOf("portguid 0x", from);
        if (at < 0) {
            return 0;
        }
        int start = at + "portguid 0x".length();
        int end = hexEnd(s, start, 16);
        if (end < 0 || end < s.length() && s.charAt(end) != ':' && !Character.isWhitespace(s.charAt(end))) {
            return -1;
        }
        long guid = Long.parseUnsignedLong(s.substring(start, end), 16);
        return guid == 0 ? -1 : guid;
    }
}
