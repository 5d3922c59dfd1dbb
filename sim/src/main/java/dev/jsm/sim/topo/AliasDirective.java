package dev.jsm.sim.topo;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code # jsm-alias "name"[port] GUID...} comment line of a {@code net} file: the alias GUIDs that GUIDInfo of that
 * CA or router port holds at indexes 1 and up, as a router's firmware may keep them ({@code docs/routers.md}). The
 * port defaults to 1; GUIDs are hex with {@code 0x}. A comment, so ibsim reads the file without them.
 *
 * <p>Immutable.
 *
 * @param node the node's name
 * @param port the port
 * @param guids the alias GUIDs, in index order
 * @param line the line the directive is on, for errors about it
 */
record AliasDirective(String node, int port, long[] guids, int line) {

    /** The word after {@code #} that makes a comment a directive. */
    static final String KEYWORD = "jsm-alias";
    /** Most alias GUIDs a port can hold: GUIDCap is 8 bits and index 0 is the port GUID. */
    static final int MAX_ALIASES = 254;

    /**
     * The directive in a whole-line comment, or null if the comment is not one.
     *
     * @param comment the text after {@code #}
     * @param c the line, for errors
     * @throws TopologyParseException if it is a malformed directive
     */
    static AliasDirective parse(String comment, NetLineCursor c) throws TopologyParseException {
        String s = comment.strip();
        if (!s.startsWith(KEYWORD) || (s.length() > KEYWORD.length() && s.charAt(KEYWORD.length()) != ' '
                && s.charAt(KEYWORD.length()) != '\t')) {
            return null;
        }
        s = s.substring(KEYWORD.length()).strip();
        int close = s.startsWith("\"") ? s.indexOf('"', 1) : -1;
        if (close < 1) {
            throw c.fail("expected a quoted node name after '# " + KEYWORD + "', found '" + s + "'");
        }
        String node = s.substring(1, close);
        s = s.substring(close + 1);
        int port = 1;
        if (s.startsWith("[")) {
            int end = s.indexOf(']');
            String digits = end < 0 ? "" : s.substring(1, end);
            if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) < 1 || Integer.parseInt(digits) > 254) {
                throw c.fail("expected a port number 1..254 in [] after the node name, found '" + s + "'");
            }
            port = Integer.parseInt(digits);
            s = s.substring(end + 1);
        }
        List<Long> guids = new ArrayList<>();
        for (String token : s.strip().isEmpty() ? new String[0] : s.strip().split("[ \t]+")) {
            try {
                if (!token.startsWith("0x")) {
                    throw new NumberFormatException();
                }
                guids.add(CNumber.parseUnsigned(token, CNumber.Base.HEX, 16));
            } catch (NumberFormatException e) {
                throw c.fail("expected an alias GUID (0x and 1 to 16 hex digits), found '" + token + "'");
            }
        }
        if (guids.isEmpty() || guids.size() > MAX_ALIASES) {
            throw c.fail("expected 1 to " + MAX_ALIASES + " alias GUIDs in a '# " + KEYWORD + "' line, found "
                    + guids.size());
        }
        return new AliasDirective(node, port, guids.stream().mapToLong(Long::longValue).toArray(), c.lineNo());
    }

    /** The directive as the writer puts it. */
    static String text(String node, int port, long[] guids) {
        StringBuilder sb = new StringBuilder("# ").append(KEYWORD).append(" \"").append(node).append("\"[")
                .append(port).append(']');
        for (long g : guids) {
            sb.append(String.format(" 0x%016x", g));
        }
        return sb.toString();
    }
}
