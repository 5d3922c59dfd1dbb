package dev.jsm.qos.policy;

import java.util.List;

/**
 * A {@code qos-match-rule} (or a rule generated from a {@code qos-ulps} line), with its groups and level resolved.
 * A query matches when it meets every criterion the rule has (OpenSM's {@code osm_qos_policy.c}):
 * <ul>
 *   <li>sources only: the source port is in one of them; destinations only: the destination port is in one of
 *       them; both: the source is in a source group and the destination in a destination group;</li>
 *   <li>{@code eitherEnd} (from {@code any, source-target-port-guid}): the source or the destination is in one;</li>
 *   <li>QoS classes, service IDs, P_Keys: the query must carry that field, with a value in the ranges (P_Keys
 *       compared without the membership bit).</li>
 * </ul>
 *
 * <p>In detail: docs/design/qos.md#matchrule.
 */
public record MatchRule(String use, List<PortGroup> sources, List<PortGroup> destinations,
                        List<PortGroup> eitherEnd, NumberRanges qosClasses, NumberRanges serviceIds,
                        NumberRanges pkeys, QosLevel level, int line) {

    /** Copies the lists. */
    public MatchRule {
        sources = List.copyOf(sources);
        destinations = List.copyOf(destinations);
        eitherEnd = List.copyOf(eitherEnd);
    }
}
