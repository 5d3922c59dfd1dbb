package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.portgroup.PolicyParagraphs.Paragraph;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Qualifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A port group policy file ({@code pgrp_policy_file}, docs/reference/opensm-behaviour.md#routing-chains): named groups
 * of physical
 * ports that other policies refer to by name (the topologies of a routing chain; QoS policies and partitions may
 * too). Paragraphs {@code port-group} ... {@code end-port-group} hold:
 * <ul>
 *   <li>{@code name:} (mandatory; no colon; not one of the predefined {@link PortGroups#PREDEFINED} names) and
 *       {@code use:} (optional, "" by default; no colon);</li>
 *   <li>at least one rule: {@code port-guid:} (GUIDs with optional {@code @} port lists), {@code port-guid-range:}
 *       (one range, no ports), {@code port-name:} (host name, port, HCA index), {@code port-regexp:} (a
 *       NodeDescription expression, optionally {@code :port}), {@code partition:} (members of a partition),
 *       {@code node-type:} ({@code CA}, {@code SWITCH}, {@code ROUTER}, {@code ALL}, {@code SELF}),
 *       {@code union-rule:} and {@code subtract-rule:} (two groups). A group's ports are the union of what its
 *       rules select.</li>
 * </ul>
 *
 * <p>Parsing checks everything that does not depend on the fabric; {@link #resolve} then picks the ports of a
 * snapshot. Immutable; safe to share.
 *
 * <p>In detail: docs/design/subnet.md#portgrouppolicy.
 */
public final class PortGroupPolicy {

    static final String BEGIN = "port-group";
    static final String END = "end-port-group";
    private static final Set<String> QUALIFIERS = Set.of("name", "use", "port-guid", "port-guid-range",
            "port-name", "port-regexp", "partition", "node-type", "union-rule", "subtract-rule");
    private static final Set<String> COLON_VALUES = Set.of("port-regexp");

    private final String source;
    private final List<Definition> definitions;

    private PortGroupPolicy(String source, List<Definition> definitions) {
        this.source = source;
        this.definitions = List.copyOf(definitions);
    }

    /** A policy without groups (only the predefined ones exist). */
    public static PortGroupPolicy empty() {
        return new PortGroupPolicy("(none)", List.of());
    }

    /**
     * Parses policy text.
     *
     * @param source the file name for messages
     * @param text the contents
     * @throws PolicyFileException at the first problem ({@code file:line: ...}, naming the qualifier)
     */
    public static PortGroupPolicy parse(String source, String text) throws PolicyFileException {
        List<Paragraph> paragraphs = PolicyParagraphs.read(source, text, BEGIN, END, QUALIFIERS, COLON_VALUES);
        List<String> names = new ArrayList<>();
        for (Paragraph p : paragraphs) {
            names.add(name(p));
        }
        List<Definition> defs = new ArrayList<>();
        for (int i = 0; i < paragraphs.size(); i++) {
            defs.add(definition(paragraphs.get(i), i, names));
        }
        checkNoCircle(source, defs);
        return new PortGroupPolicy(source, defs);
    }

    /** The file name the policy came from. */
    public String source() {
        return source;
    }

    /** The names the policy defines, in order of first definition. */
    public List<String> names() {
        Set<String> n = new LinkedHashSet<>();
        for (Definition d : definitions) {
            n.add(d.name());
        }
        return List.copyOf(n);
    }

    /** Whether {@code name} is defined by the policy or predefined. */
    public boolean knows(String name) {
        return PortGroups.PREDEFINED.contains(name) || names().contains(name);
    }

    /** The {@code use:} text of the last definition of {@code name}, or "" if none. */
    public String use(String name) {
        String use = "";
        for (Definition d : definitions) {
            if (d.name().equals(name)) {
                use = d.use();
            }
        }
        return use;
    }

    /** The groups with their ports in {@code fabric}. */
    public PortGroups resolve(PortGroupFabric fabric) {
        return new PortGroupResolver(fabric, definitions).resolveAll();
    }

    /** {@code PortGroupPolicy[file: grp1, grp2]}. */
    @Override
    public String toString() {
        return "PortGroupPolicy[" + source + ": " + String.join(", ", names()) + "]";
    }

    private static String name(Paragraph p) throws PolicyFileException {
        Qualifier q = p.required("name");
        String name = q.value();
        if (name.isEmpty()) {
            throw p.error(q, "a port group needs a name");
        }
        if (PortGroups.PREDEFINED.contains(name)) {
            throw p.error(q, "'" + name + "' is a predefined port group and cannot be defined");
        }
        return name;
    }

    private static Definition definition(Paragraph p, int index, List<String> names) throws PolicyFileException {
        Qualifier use = p.single("use");
        List<PortRule> rules = new ArrayList<>();
        for (Qualifier q : p.qualifiers()) {
            switch (q.name()) {
                case "name", "use" -> { }
                case "port-guid" -> rules.addAll(PortRuleParser.guids(p, q));
                case "port-guid-range" -> rules.add(PortRuleParser.guidRange(p, q));
                case "port-name" -> rules.addAll(PortRuleParser.hostNames(p, q));
                case "port-regexp" -> rules.add(PortRuleParser.regexp(p, q));
                case "partition" -> rules.add(PortRuleParser.partition(p, q));
                case "node-type" -> rules.add(PortRuleParser.nodeTypes(p, q));
                case "union-rule", "subtract-rule" -> {
                    String[] two = PortRuleParser.twoNames(p, q);
                    rules.add(new PortRule.SetOperation(ref(p, q, two[0], index, names),
                            ref(p, q, two[1], index, names), q.name().equals("subtract-rule")));
                }
                default -> throw new IllegalStateException("qualifier not handled: " + q.name());
            }
        }
        if (rules.isEmpty()) {
            throw new PolicyFileException(p.source(), p.line(), "port group '" + names.get(index)
                    + "' has no rule (at least one of port-guid, port-guid-range, port-name, port-regexp, "
                    + "partition, node-type, union-rule, subtract-rule)");
        }
        return new Definition(names.get(index), use == null ? "" : use.value(), p.source(), p.line(), rules);
    }

    /** The definition a set operation in paragraph {@code from} means by {@code name}. */
    private static PortRule.GroupRef ref(Paragraph p, Qualifier q, String name, int from, List<String> names)
            throws PolicyFileException {
        if (PortGroups.PREDEFINED.contains(name)) {
            return new PortRule.GroupRef(name, -1);
        }
        for (int i = from - 1; i >= 0; i--) {
            if (names.get(i).equals(name)) {
                return new PortRule.GroupRef(name, i);
            }
        }
        for (int i = from + 1; i < names.size(); i++) {
            if (names.get(i).equals(name)) {
                return new PortRule.GroupRef(name, i);
            }
        }
        throw p.error(q, "unknown port group '" + name + "'");
    }

    private static void checkNoCircle(String source, List<Definition> defs) throws PolicyFileException {
        int[] state = new int[defs.size()]; // 0 new, 1 on the path, 2 done
        for (int i = 0; i < defs.size(); i++) {
            visit(source, defs, i, state);
        }
    }

    private static void visit(String source, List<Definition> defs, int i, int[] state) throws PolicyFileException {
        if (state[i] == 2) {
            return;
        }
        if (state[i] == 1) {
            Definition d = defs.get(i);
            throw new PolicyFileException(source, d.line(), "port group '" + d.name()
                    + "' is part of a circle of union and subtract rules");
        }
        state[i] = 1;
        for (PortRule r : defs.get(i).rules()) {
            if (r instanceof PortRule.SetOperation op) {
                for (PortRule.GroupRef g : List.of(op.first(), op.second())) {
                    if (g.definition() >= 0) {
                        visit(source, defs, g.definition(), state);
                    }
                }
            }
        }
        state[i] = 2;
    }

    /**
     * One {@code port-group} paragraph.
     *
     * @param name the name
     * @param use the description
     * @param source the file
     * @param line the line of {@code port-group}
     * @param rules its rules
     */
    record Definition(String name, String use, String source, int line, List<PortRule> rules) {
        Definition {
            rules = List.copyOf(rules);
        }
    }
}
