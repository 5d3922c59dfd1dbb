package dev.jsm.qos.policy;

import java.util.List;

/**
 * A parsed and checked QoS policy file, independent of any fabric: its port groups, QoS levels, match rules (the
 * {@code qos-match-rules} in file order, then the rules generated from {@code qos-ulps}) and the default level.
 * {@link #bind} resolves the port groups against a fabric for look-ups.
 *
 * <p>Immutable; safe to share.
 */
public final class QosPolicy {

    private final String source;
    private final List<PortGroup> portGroups;
    private final List<QosLevel> levels;
    private final List<MatchRule> rules;
    private final QosLevel defaultLevel;

    QosPolicy(String source, List<PortGroup> portGroups, List<QosLevel> levels, List<MatchRule> rules,
            QosLevel defaultLevel) {
        this.source = source;
        this.portGroups = List.copyOf(portGroups);
        this.levels = List.copyOf(levels);
        this.rules = List.copyOf(rules);
        this.defaultLevel = defaultLevel;
    }

    /** The file the policy came from, as the caller named it. */
    public String source() {
        return source;
    }

    /** The {@code port-group}s in file order. */
    public List<PortGroup> portGroups() {
        return portGroups;
    }

    /** The {@code qos-level}s in file order (without the simple levels of {@code qos-ulps}). */
    public List<QosLevel> levels() {
        return levels;
    }

    /** The match rules in the order they are tried. */
    public List<MatchRule> rules() {
        return rules;
    }

    /** The level of queries no rule matches. */
    public QosLevel defaultLevel() {
        return defaultLevel;
    }

    /**
     * Resolves the port groups against a fabric, for look-ups until the next sweep.
     *
     * @param fabric the fabric's end ports, the SM's port and partition membership
     * @return the bound policy
     */
    public BoundQosPolicy bind(QosFabric fabric) {
        return new BoundQosPolicy(this, fabric);
    }

    /** {@code QosPolicy[file: N groups, M levels, K rules]}. */
    @Override
    public String toString() {
        return "QosPolicy[" + source + ": " + portGroups.size() + " port groups, " + levels.size() + " levels, "
                + rules.size() + " rules]";
    }
}
