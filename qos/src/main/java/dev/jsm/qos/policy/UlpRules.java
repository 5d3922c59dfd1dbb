package dev.jsm.qos.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns {@code qos-ulps} lines into match rules, as OpenSM does:
 * <ul>
 *   <li>{@code sdp}: service IDs {@code 0x10000-0x1FFFF}; {@code sdp, port-num P}: {@code 0x10000 + P};</li>
 *   <li>{@code rds}: {@code 0x1060000 + 0x48CA}; {@code rds, port-num P}: {@code 0x1060000 + P};</li>
 *   <li>{@code iser}: {@code 0x1060000 + 0x0CBC}; {@code iser, port-num P}: {@code 0x1060000 + P};</li>
 *   <li>{@code srp, target-port-guid G} and {@code any, target-port-guid G}: destination port GUIDs;</li>
 *   <li>{@code ipoib}: P_Key 0x7FFF; {@code ipoib, pkey K} and {@code any, pkey K}: those P_Keys;</li>
 *   <li>{@code any, service-id S}: those service IDs; {@code any, source-port-guid G}: source port GUIDs;
 *       {@code any, source-target-port-guid G}: source or destination port GUIDs.</li>
 * </ul>
 * Each rule's level has only the SL. The rules are tried after all {@code qos-match-rules}.
 *
 * <p>Stateless; safe to share.
 */
final class UlpRules {

    static final long SDP_SERVICE_ID = 0x10000L;
    static final long RDS_SERVICE_ID = 0x1060000L;
    static final long RDS_DEFAULT_PORT = 0x48CA;
    static final long ISER_SERVICE_ID = 0x1060000L;
    static final long ISER_DEFAULT_PORT = 0x0CBC;
    static final long IPOIB_DEFAULT_PKEY = 0x7FFF;
    private static final long MAX_TCP_PORT = 0xFFFF;

    private UlpRules() {
    }

    /** The qualifiers a ULP keyword accepts after its comma; the first is the one to suggest. */
    static List<String> qualifiers(String ulp) {
        return switch (ulp) {
            case "sdp", "rds", "iser" -> List.of("port-num");
            case "srp" -> List.of("target-port-guid");
            case "ipoib" -> List.of("pkey");
            case "any" -> List.of("service-id", "pkey", "target-port-guid", "source-port-guid",
                    "source-target-port-guid");
            default -> List.of();
        };
    }

    /** Whether the ULP keyword must have a qualifier ({@code srp}, {@code any}). */
    static boolean needsQualifier(String ulp) {
        return ulp.equals("srp") || ulp.equals("any");
    }

    /**
     * The match rule of one {@code qos-ulps} line other than {@code default}.
     *
     * @param source file name for messages
     * @param f the line (key = ULP in lower case, value = {@link PolicyBlock.UlpLine})
     * @param level the simple level of the line's SL
     */
    static MatchRule rule(String source, PolicyBlock.Field f, QosLevel level) throws QosPolicyException {
        PolicyBlock.UlpLine u = (PolicyBlock.UlpLine) f.value();
        NumberRanges serviceIds = NumberRanges.EMPTY;
        NumberRanges pkeys = NumberRanges.EMPTY;
        List<PortGroup> sources = List.of();
        List<PortGroup> destinations = List.of();
        List<PortGroup> either = List.of();
        String name = f.key() + (u.qualifier().isEmpty() ? "" : ", " + u.qualifier());
        switch (name) {
            case "sdp" -> serviceIds = NumberRanges.range(SDP_SERVICE_ID, SDP_SERVICE_ID + MAX_TCP_PORT);
            case "rds" -> serviceIds = NumberRanges.range(RDS_SERVICE_ID + RDS_DEFAULT_PORT,
                    RDS_SERVICE_ID + RDS_DEFAULT_PORT);
            case "iser" -> serviceIds = NumberRanges.range(ISER_SERVICE_ID + ISER_DEFAULT_PORT,
                    ISER_SERVICE_ID + ISER_DEFAULT_PORT);
            case "sdp, port-num" -> serviceIds = tcpPorts(source, f, SDP_SERVICE_ID);
            case "rds, port-num" -> serviceIds = tcpPorts(source, f, RDS_SERVICE_ID);
            case "iser, port-num" -> serviceIds = tcpPorts(source, f, ISER_SERVICE_ID);
            case "ipoib" -> pkeys = NumberRanges.range(IPOIB_DEFAULT_PKEY, IPOIB_DEFAULT_PKEY);
            case "ipoib, pkey", "any, pkey" ->
                    pkeys = NumberRanges.of(PolicyValues.pkeys(source, f.line(), u.ranges()));
            case "any, service-id" -> serviceIds = NumberRanges.of(pairs(u.ranges(), 0));
            case "srp, target-port-guid", "any, target-port-guid" -> destinations = guids("_ULP_Targets_", u);
            case "any, source-port-guid" -> sources = guids("_ULP_Sources_", u);
            case "any, source-target-port-guid" -> either = guids("_ULP_Sources_Targets_", u);
            default -> throw new IllegalStateException("unchecked qos-ulps line '" + name + "'");
        }
        return new MatchRule(name, sources, destinations, either, NumberRanges.EMPTY, serviceIds, pkeys, level,
                f.line());
    }

    private static List<PortGroup> guids(String name, PolicyBlock.UlpLine u) {
        return List.of(PortGroup.ofGuids(name, NumberRanges.of(pairs(u.ranges(), 0))));
    }

    private static NumberRanges tcpPorts(String source, PolicyBlock.Field f, long base) throws QosPolicyException {
        List<PolicyCursor.Range> ranges = ((PolicyBlock.UlpLine) f.value()).ranges();
        for (PolicyCursor.Range r : ranges) {
            if (Long.compareUnsigned(r.high(), MAX_TCP_PORT) > 0) {
                throw new QosPolicyException(source, f.line(), r.column(),
                        "expected a TCP port number 0-65535, found " + Long.toUnsignedString(r.high()));
            }
        }
        return NumberRanges.of(pairs(ranges, base));
    }

    private static List<long[]> pairs(List<PolicyCursor.Range> ranges, long offset) {
        List<long[]> list = new ArrayList<>(ranges.size());
        for (PolicyCursor.Range r : ranges) {
            list.add(new long[] {r.low() + offset, r.high() + offset});
        }
        return list;
    }
}
