package dev.jsm.qos.policy;

import dev.jsm.subnet.NodeKind;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link QosPolicy} with its port groups resolved against one fabric: the look-up the SA's PathRecord and
 * MultiPathRecord handlers use. {@link #levelFor} tries the rules in order and returns the first matching rule's
 * level, else the default level.
 *
 * <p>A port is in a group if its GUID is in the group's {@code port-guid} ranges, or, among the fabric's end
 * ports: its node type is one of the group's, it is named by a {@code port-name} (NodeDescription and port number;
 * any port number on a switch), it is a member of a named partition or of a partition with one of the group's
 * P_Keys, or it is the SM's port and the group lists {@code SELF}. GUID ranges are matched directly, so a rule on
 * port GUIDs matches even before the port is discovered.
 *
 * <p>Immutable; safe to share: look-ups may run on any thread.
 */
public final class BoundQosPolicy {

    private final QosPolicy policy;
    private final MatchRule[] rules;
    private final Members[][] sources;
    private final Members[][] destinations;
    private final Members[][] eitherEnd;

    /** One group's members: its GUID ranges and the sorted GUIDs of the fabric ports it names otherwise. */
    private record Members(NumberRanges guids, long[] others) {
        boolean contains(long guid) {
            return guids.contains(guid) || Arrays.binarySearch(others, guid) >= 0;
        }
    }

    BoundQosPolicy(QosPolicy policy, QosFabric fabric) {
        this.policy = policy;
        this.rules = policy.rules().toArray(new MatchRule[0]);
        Map<PortGroup, Members> resolved = new IdentityHashMap<>();
        sources = new Members[rules.length][];
        destinations = new Members[rules.length][];
        eitherEnd = new Members[rules.length][];
        for (int i = 0; i < rules.length; i++) {
            sources[i] = members(rules[i].sources(), fabric, resolved);
            destinations[i] = members(rules[i].destinations(), fabric, resolved);
            eitherEnd[i] = members(rules[i].eitherEnd(), fabric, resolved);
        }
    }

    /** The policy this was bound from. */
    public QosPolicy policy() {
        return policy;
    }

    /**
     * The first rule the query matches.
     *
     * @param q the query
     * @return the rule, or {@code null} if none matches (the default level applies)
     */
    public MatchRule ruleFor(QosQuery q) {
        for (int i = 0; i < rules.length; i++) {
            if (matches(i, q)) {
                return rules[i];
            }
        }
        return null;
    }

    /**
     * The QoS level for a query: the first matching rule's level, else the default level.
     *
     * @param q the query
     * @return the level (never {@code null})
     */
    public QosLevel levelFor(QosQuery q) {
        MatchRule r = ruleFor(q);
        return r == null ? policy.defaultLevel() : r.level();
    }

    private boolean matches(int i, QosQuery q) {
        MatchRule r = rules[i];
        if (sources[i].length > 0 && !anyContains(sources[i], q.sourcePortGuid())) {
            return false;
        }
        if (destinations[i].length > 0 && !anyContains(destinations[i], q.destinationPortGuid())) {
            return false;
        }
        if (eitherEnd[i].length > 0 && !anyContains(eitherEnd[i], q.sourcePortGuid())
                && !anyContains(eitherEnd[i], q.destinationPortGuid())) {
            return false;
        }
        if (!r.qosClasses().isEmpty() && !(q.hasQosClass() && r.qosClasses().contains(q.qosClass()))) {
            return false;
        }
        if (!r.serviceIds().isEmpty() && !(q.hasServiceId() && r.serviceIds().contains(q.serviceId()))) {
            return false;
        }
        return r.pkeys().isEmpty() || q.hasPKey() && r.pkeys().contains(q.pkey() & 0x7FFF);
    }

    private static boolean anyContains(Members[] groups, long guid) {
        for (Members m : groups) {
            if (m.contains(guid)) {
                return true;
            }
        }
        return false;
    }

    private static Members[] members(List<PortGroup> groups, QosFabric fabric, Map<PortGroup, Members> resolved) {
        Members[] m = new Members[groups.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = resolved.computeIfAbsent(groups.get(i), g -> resolve(g, fabric));
        }
        return m;
    }

    private static Members resolve(PortGroup g, QosFabric fabric) {
        long[] others = new long[fabric.ports().size()];
        int n = 0;
        for (QosPort p : fabric.ports()) {
            if (namedOtherwise(g, p, fabric)) {
                others[n++] = p.portGuid();
            }
        }
        long[] sorted = Arrays.copyOf(others, n);
        Arrays.sort(sorted);
        return new Members(g.portGuids(), sorted);
    }

    private static boolean namedOtherwise(PortGroup g, QosPort p, QosFabric fabric) {
        if (g.nodeTypes().contains(p.kind()) || g.smPort() && p.portGuid() == fabric.smPortGuid()) {
            return true;
        }
        for (PortGroup.PortName name : g.portNames()) {
            if (name.nodeDescription().equals(p.nodeDescription())
                    && (p.kind() == NodeKind.SWITCH || name.portNum() == p.portNum())) {
                return true;
            }
        }
        for (String partition : g.partitions()) {
            if (fabric.partitions().isMember(partition, p.portGuid())) {
                return true;
            }
        }
        if (!g.pkeys().isEmpty()) {
            for (int pkey : fabric.partitions().pkeysOf(p.portGuid())) {
                if (g.pkeys().contains(pkey & 0x7FFF)) {
                    return true;
                }
            }
        }
        return false;
    }
}
