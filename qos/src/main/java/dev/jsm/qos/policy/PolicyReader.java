package dev.jsm.qos.policy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Reads the structure of a QoS policy file into a {@link PolicyBlock} tree, following {@link PolicySchema}: one
 * keyword per line, first on the line; blocks closed by their {@code end-} keyword; {@code #} starts a comment
 * outside quotes; blank lines are ignored. Values are checked for syntax here (numbers, lists); their meaning is
 * checked by {@link PolicyBuilder}.
 *
 * <p>Confined to the parsing thread; one instance per file.
 */
final class PolicyReader {

    private static final List<String> ULPS = List.of("default", "sdp", "rds", "iser", "srp", "ipoib", "any");
    private static final List<String> NODE_TYPES = List.of("ca", "switch", "router", "all", "self");

    private final String source;

    PolicyReader(String source) {
        this.source = source;
    }

    /**
     * Reads the whole text.
     *
     * @return the root block (keyword {@link PolicySchema#ROOT}) with the top-level sections as children
     */
    PolicyBlock read(String text) throws QosPolicyException {
        PolicyBlock root = new PolicyBlock(PolicySchema.ROOT, 0, 0);
        Deque<PolicyBlock> open = new ArrayDeque<>();
        open.push(root);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            PolicyCursor c = new PolicyCursor(source, i + 1, withoutComment(lines[i], i + 1));
            if (c.atEnd()) {
                continue;
            }
            PolicyBlock block = open.peek();
            PolicySchema.BlockSpec spec = PolicySchema.BLOCKS.get(block.keyword);
            int col = c.column();
            String word = c.word();
            if (block != root && word.equals("end-" + block.keyword)) {
                c.expectEnd("'" + word + "'");
                open.pop();
            } else if (spec.ulps()) {
                if (word.isEmpty()) {
                    throw c.error("a ULP (" + String.join(", ", ULPS) + ") or 'end-qos-ulps'");
                }
                block.fields.add(ulpLine(c, word.toLowerCase(Locale.ROOT), col));
            } else if (spec.children().contains(word)) {
                c.expectEnd("'" + word + "'");
                PolicyBlock child = new PolicyBlock(word, c.line(), col);
                block.children.add(child);
                open.push(child);
            } else if (spec.fields().containsKey(word)) {
                c.expect(':', "':' after '" + word + "'");
                Object value = value(c, spec.fields().get(word), word);
                c.expectEnd("the value of '" + word + "'");
                block.fields.add(new PolicyBlock.Field(word, c.line(), col, value));
            } else if (word.isEmpty()) {
                throw c.error(spec.expectation(block.keyword));
            } else {
                throw c.errorAt(col, "expected " + spec.expectation(block.keyword) + ", found '" + word + "'");
            }
        }
        if (open.peek() != root) {
            PolicyBlock b = open.peek();
            throw new QosPolicyException(source, lines.length, lines[lines.length - 1].length() + 1,
                    "expected 'end-" + b.keyword + "' (for '" + b.keyword + "' at line " + b.line
                            + "), found end of file");
        }
        return root;
    }

    private Object value(PolicyCursor c, PolicySchema.Kind kind, String key) throws QosPolicyException {
        String what = "a value for '" + key + "'";
        return switch (kind) {
            case TEXT -> c.text();
            case STRING -> c.rest(what);
            case STRINGS -> c.strings(what);
            case RANGES -> c.ranges("a number or range for '" + key + "'");
            case NUMBER -> {
                c.skipBlanks();
                int col = c.column();
                long v = c.number("a number for '" + key + "'");
                yield new PolicyCursor.Range(v, v, col);
            }
            case NUMBERS, PORTS -> kind == PolicySchema.Kind.PORTS && c.accept('*') ? List.of()
                    : numbers(c, key);
            case PAIRS -> c.pairs("a VL:weight pair for '" + key + "'");
            case NODE_TYPES -> nodeTypes(c);
        };
    }

    private static List<PolicyCursor.Range> numbers(PolicyCursor c, String key) throws QosPolicyException {
        List<PolicyCursor.Range> list = new ArrayList<>();
        do {
            c.skipBlanks();
            int col = c.column();
            long v = c.number("a number for '" + key + "'");
            list.add(new PolicyCursor.Range(v, v, col));
        } while (c.accept(','));
        return list;
    }

    private static List<PolicyCursor.Item> nodeTypes(PolicyCursor c) throws QosPolicyException {
        List<PolicyCursor.Item> types = new ArrayList<>();
        do {
            c.skipBlanks();
            int col = c.column();
            String t = c.word().toLowerCase(Locale.ROOT);
            if (!NODE_TYPES.contains(t)) {
                throw c.errorAt(col, "expected a node type (CA, SWITCH, ROUTER, ALL or SELF), found '" + t + "'");
            }
            types.add(new PolicyCursor.Item(t, col));
        } while (c.accept(','));
        return types;
    }

    private PolicyBlock.Field ulpLine(PolicyCursor c, String ulp, int col) throws QosPolicyException {
        if (!ULPS.contains(ulp)) {
            throw c.errorAt(col, "expected a ULP (" + String.join(", ", ULPS) + ") or 'end-qos-ulps', found '"
                    + ulp + "'");
        }
        String qualifier = "";
        List<PolicyCursor.Range> ranges = List.of();
        if (c.accept(',')) {
            c.skipBlanks();
            int qcol = c.column();
            qualifier = c.word();
            List<String> allowed = UlpRules.qualifiers(ulp);
            if (!allowed.contains(qualifier)) {
                throw c.errorAt(qcol, "expected " + (allowed.isEmpty() ? "':' (no qualifier after '" + ulp
                        + "')" : "one of " + allowed + " after '" + ulp + ",'") + ", found '" + qualifier + "'");
            }
            ranges = c.ranges("a number or range for '" + qualifier + "'");
        } else if (UlpRules.needsQualifier(ulp)) {
            throw c.error("', " + UlpRules.qualifiers(ulp).get(0) + " ...' after '" + ulp + "'");
        }
        c.expect(':', "':' and the SL");
        c.skipBlanks();
        int slCol = c.column();
        long sl = c.number("an SL (0-15)");
        c.expectEnd("the SL");
        return new PolicyBlock.Field(ulp, c.line(), col,
                new PolicyBlock.UlpLine(qualifier, ranges, new PolicyCursor.Range(sl, sl, slCol)));
    }

    private String withoutComment(String line, int lineNo) throws QosPolicyException {
        boolean quoted = false;
        int quoteCol = 0;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (PolicyCursor.isQuote(ch)) {
                quoted = !quoted;
                quoteCol = i + 1;
            } else if (ch == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        if (quoted) {
            throw new QosPolicyException(source, lineNo, quoteCol, "expected a closing quote, found end of line");
        }
        return line;
    }
}
