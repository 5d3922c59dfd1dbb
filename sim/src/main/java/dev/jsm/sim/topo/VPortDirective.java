package dev.jsm.sim.topo;

/**
 * A {@code # jsm-virt} comment line of a {@code net} file: the virtual ports of every CA
 * ({@code # jsm-virt vports=4 vport-lids=half}) or of one ({@code # jsm-virt "hca-1" vports=2}). A comment, so
 * ibsim reads the file as before (without vports); a line for one CA wins over the line for all, wherever they are.
 * {@code vport-lids} defaults to {@code all}, as in shapes.
 *
 * <p>Immutable.
 *
 * @param node the CA's name, or null for every CA
 * @param spec the virtual ports
 * @param line the line the directive is on, for errors about it
 */
record VPortDirective(String node, VPortSpec spec, int line) {

    /** The word after {@code #} that makes a comment a directive. */
    static final String KEYWORD = "jsm-virt";

    /**
     * The directive in a whole-line comment, or null if the comment is not one.
     *
     * @param comment the text after {@code #}
     * @param c the line, for errors
     * @throws TopologyParseException if it is a malformed directive
     */
    static VPortDirective parse(String comment, NetLineCursor c) throws TopologyParseException {
        String s = comment.strip();
        if (!s.startsWith(KEYWORD) || (s.length() > KEYWORD.length() && s.charAt(KEYWORD.length()) != ' '
                && s.charAt(KEYWORD.length()) != '\t')) {
            return null;
        }
        s = s.substring(KEYWORD.length()).strip();
        String node = null;
        if (s.startsWith("\"")) {
            int close = s.indexOf('"', 1);
            if (close < 1) {
                throw c.fail("expected a quoted CA name after '# " + KEYWORD + "', found " + s);
            }
            node = s.substring(1, close);
            s = s.substring(close + 1).strip();
        }
        Integer vports = null;
        VPortSpec.Lids lids = VPortSpec.Lids.ALL;
        for (String token : s.isEmpty() ? new String[0] : s.split("[ \t]+")) {
            if (token.startsWith("vports=") && vports == null) {
                vports = count(token.substring("vports=".length()), c);
            } else if (token.startsWith("vport-lids=")) {
                try {
                    lids = VPortSpec.Lids.of(token.substring("vport-lids=".length()));
                } catch (IllegalArgumentException e) {
                    throw c.fail(e.getMessage());
                }
            } else {
                throw c.fail("expected vports=N or vport-lids=all|half|none in a '# " + KEYWORD + "' line, found '"
                        + token + "'");
            }
        }
        if (vports == null) {
            throw c.fail("expected vports=N in a '# " + KEYWORD + "' line, found none");
        }
        return new VPortDirective(node, new VPortSpec(vports, lids), c.lineNo());
    }

    /** The directive as the writer puts it ({@code node} null: for every CA). */
    static String text(String node, VPortSpec spec) {
        return "# " + KEYWORD + (node == null ? "" : " \"" + node + "\"") + " " + spec.text(" ");
    }

    private static int count(String digits, NetLineCursor c) throws TopologyParseException {
        if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) > VPortSpec.MAX_VPORTS) {
            throw c.fail("expected vports=0.." + VPortSpec.MAX_VPORTS + ", found vports=" + digits);
        }
        return Integer.parseInt(digits);
    }
}
