package dev.jsm.qos.policy;

import java.util.List;

/**
 * Checks the {@code qos-setup} section ({@code vlarb-tables} / {@code sl2vl-tables} scopes), which OpenSM parses
 * and then ignores: SL2VL and VLArb tables come from the {@code qos_*} options. The checks are OpenSM's: every
 * {@code vlarb-scope} names ports ({@code group} or {@code across}); every {@code sl2vl-scope} has exactly one
 * 16-entry {@code sl2vl-table} of VLs 0-15 and names ports ({@code group}, {@code across-to} or
 * {@code across-from}); VLArb pairs have VL 0-15 and weight 0-255; port numbers are below 128.
 *
 * <p>Stateless; safe to share.
 */
final class PolicySetup {

    private static final int SL_COUNT = 16;
    private static final long MAX_VL = 15;
    private static final long MAX_WEIGHT = 255;
    private static final long MAX_PORT = 127;

    private PolicySetup() {
    }

    /**
     * Checks one {@code vlarb-tables} or {@code sl2vl-tables} block.
     *
     * @param source file name for messages
     * @param tables the block
     */
    static void check(String source, PolicyBlock tables) throws QosPolicyException {
        for (PolicyBlock scope : tables.children) {
            boolean ports = false;
            int sl2VlTables = 0;
            for (PolicyBlock.Field f : scope.fields) {
                switch (f.key()) {
                    case "group", "across", "across-to", "across-from" -> ports = true;
                    case "vlarb-high", "vlarb-low" -> pairs(source, f);
                    case "vl-high-limit" -> PolicyValues.single(source, f, 0, 255, "a VL high limit");
                    case "from", "to" -> numbers(source, f, MAX_PORT, "a port number 0-127");
                    default -> {
                        if (++sl2VlTables > 1) {
                            throw new QosPolicyException(source, f.line(), f.column(),
                                    "expected one 'sl2vl-table' in this sl2vl-scope, found a second one");
                        }
                        List<PolicyCursor.Range> vls = numbers(source, f, MAX_VL, "a VL 0-15");
                        if (vls.size() != SL_COUNT) {
                            throw new QosPolicyException(source, f.line(), f.column(),
                                    "expected 16 VLs in 'sl2vl-table', found " + vls.size());
                        }
                    }
                }
            }
            if (scope.keyword.equals("sl2vl-scope") && sl2VlTables == 0) {
                throw new QosPolicyException(source, scope.line, scope.column,
                        "expected 'sl2vl-table:' in this sl2vl-scope, found none before 'end-sl2vl-scope'");
            }
            if (!ports) {
                throw new QosPolicyException(source, scope.line, scope.column, "expected the ports of this "
                        + scope.keyword + " ('group:' or 'across...:'), found none before 'end-" + scope.keyword
                        + "'");
            }
        }
    }

    private static void pairs(String source, PolicyBlock.Field f) throws QosPolicyException {
        @SuppressWarnings("unchecked")
        List<PolicyCursor.Range> pairs = (List<PolicyCursor.Range>) f.value();
        for (PolicyCursor.Range p : pairs) {
            if (Long.compareUnsigned(p.low(), MAX_VL) > 0 || Long.compareUnsigned(p.high(), MAX_WEIGHT) > 0) {
                throw new QosPolicyException(source, f.line(), p.column(), "expected VL:weight with VL 0-15 and"
                        + " weight 0-255, found " + Long.toUnsignedString(p.low()) + ":"
                        + Long.toUnsignedString(p.high()));
            }
        }
    }

    private static List<PolicyCursor.Range> numbers(String source, PolicyBlock.Field f, long max, String what)
            throws QosPolicyException {
        @SuppressWarnings("unchecked")
        List<PolicyCursor.Range> numbers = (List<PolicyCursor.Range>) f.value();
        for (PolicyCursor.Range n : numbers) {
            if (Long.compareUnsigned(n.low(), max) > 0) {
                throw new QosPolicyException(source, f.line(), n.column(),
                        "expected " + what + ", found " + Long.toUnsignedString(n.low()));
            }
        }
        return numbers;
    }
}
