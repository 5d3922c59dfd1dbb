package dev.jsm.qos.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The block structure of a QoS policy file in one table: which sub-blocks each block may contain (closed by
 * {@code end-<keyword>}) and which {@code key: value} fields, with the kind of value each takes. Keywords are
 * lower case, as OpenSM's lexer has them; each must be the first word on its line.
 *
 * <p>Immutable; safe to share.
 */
final class PolicySchema {

    /** The kind of value after {@code key:}. */
    enum Kind {
        /** Free text to the end of the line ({@code use}). */
        TEXT,
        /** One non-empty string ({@code name}, {@code qos-level-name}). */
        STRING,
        /** Comma-separated strings ({@code port-name}, {@code source}, ...). */
        STRINGS,
        /** Comma-separated numbers and {@code low-high} ranges. */
        RANGES,
        /** One number. */
        NUMBER,
        /** Comma-separated numbers. */
        NUMBERS,
        /** Comma-separated {@code a:b} pairs. */
        PAIRS,
        /** Comma-separated node types: CA, SWITCH, ROUTER, ALL, SELF (any case). */
        NODE_TYPES,
        /** {@code *} or comma-separated port numbers. */
        PORTS
    }

    /**
     * One block.
     *
     * @param children sub-block keywords
     * @param fields field keywords and their value kinds, in the order messages list them
     * @param ulps whether the body is {@code qos-ulps} rule lines instead
     */
    record BlockSpec(List<String> children, Map<String, Kind> fields, boolean ulps) {

        /** What may come next in this block, for messages. */
        String expectation(String keyword) {
            StringBuilder sb = new StringBuilder();
            for (String c : children) {
                sb.append(sb.length() == 0 ? "" : ", ").append("'").append(c).append("'");
            }
            for (String f : fields.keySet()) {
                sb.append(sb.length() == 0 ? "" : ", ").append("'").append(f).append(":'");
            }
            if (!keyword.isEmpty()) {
                sb.append(sb.length() == 0 ? "" : " or ").append("'end-").append(keyword).append("'");
            }
            return sb.toString();
        }
    }

    /** The top level, keyed by the empty string. */
    static final String ROOT = "";

    static final Map<String, BlockSpec> BLOCKS = Map.ofEntries(
            Map.entry(ROOT, children("port-groups", "qos-setup", "qos-levels", "qos-match-rules", "qos-ulps")),
            Map.entry("port-groups", children("port-group")),
            Map.entry("port-group", fields("name", Kind.STRING, "use", Kind.TEXT, "port-guid", Kind.RANGES,
                    "port-name", Kind.STRINGS, "pkey", Kind.RANGES, "partition", Kind.STRINGS,
                    "node-type", Kind.NODE_TYPES)),
            Map.entry("qos-setup", children("vlarb-tables", "sl2vl-tables")),
            Map.entry("vlarb-tables", children("vlarb-scope")),
            Map.entry("vlarb-scope", fields("group", Kind.STRINGS, "across", Kind.STRINGS, "vlarb-high", Kind.PAIRS,
                    "vlarb-low", Kind.PAIRS, "vl-high-limit", Kind.NUMBER)),
            Map.entry("sl2vl-tables", children("sl2vl-scope")),
            Map.entry("sl2vl-scope", fields("group", Kind.STRINGS, "across", Kind.STRINGS, "across-to",
                    Kind.STRINGS, "across-from", Kind.STRINGS, "from", Kind.PORTS, "to", Kind.PORTS,
                    "sl2vl-table", Kind.NUMBERS)),
            Map.entry("qos-levels", children("qos-level")),
            Map.entry("qos-level", fields("name", Kind.STRING, "use", Kind.TEXT, "sl", Kind.NUMBER,
                    "mtu-limit", Kind.NUMBER, "rate-limit", Kind.NUMBER, "packet-life", Kind.NUMBER,
                    "path-bits", Kind.RANGES, "pkey", Kind.RANGES)),
            Map.entry("qos-match-rules", children("qos-match-rule")),
            Map.entry("qos-match-rule", fields("use", Kind.TEXT, "qos-class", Kind.RANGES, "source", Kind.STRINGS,
                    "destination", Kind.STRINGS, "service-id", Kind.RANGES, "pkey", Kind.RANGES,
                    "qos-level-name", Kind.STRING)),
            Map.entry("qos-ulps", new BlockSpec(List.of(), Map.of(), true)));

    private PolicySchema() {
    }

    private static BlockSpec children(String... keywords) {
        return new BlockSpec(List.of(keywords), Map.of(), false);
    }

    private static BlockSpec fields(Object... keyKinds) {
        Map<String, Kind> m = new LinkedHashMap<>();
        for (int i = 0; i < keyKinds.length; i += 2) {
            m.put((String) keyKinds[i], (Kind) keyKinds[i + 1]);
        }
        return new BlockSpec(List.of(), Collections.unmodifiableMap(m), false);
    }
}
