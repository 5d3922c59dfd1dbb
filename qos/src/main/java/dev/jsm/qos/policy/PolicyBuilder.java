package dev.jsm.qos.policy;

import dev.jsm.subnet.NodeKind;
import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives a read {@link PolicyBlock} tree its meaning and checks it: single-valued fields given once, required fields
 * present ({@code name} of groups and levels, {@code sl}, {@code qos-level-name}), values in range (SL 0-15, MTU
 * 1-5, rate 2-24, packet life 0-63, P_Key 0-0xffff, QoS class 0-4095), unique group and level names, every
 * referenced group and level defined, and a default level ({@code DEFAULT} in {@code qos-levels}, else
 * {@code default} in {@code qos-ulps}). The {@code qos-setup} section is checked and then ignored, as in OpenSM.
 *
 * <p>Confined to the parsing thread; one instance per file.
 */
final class PolicyBuilder {

    private static final int MAX_QOS_CLASS = 0xFFF;
    private static final int SL_COUNT = 16;

    /** A match rule before its names are resolved. */
    private record Draft(PolicyBlock block, List<PolicyCursor.Item> sources, List<PolicyCursor.Item> destinations,
                         NumberRanges qosClasses, NumberRanges serviceIds, NumberRanges pkeys,
                         PolicyBlock.Field levelName, String use) {
    }

    private final String source;
    private final Map<String, PortGroup> groups = new LinkedHashMap<>();
    private final Map<String, QosLevel> levels = new LinkedHashMap<>();
    private final Map<String, Integer> definedAt = new HashMap<>();
    private final List<Draft> drafts = new ArrayList<>();
    private final List<PolicyBlock.Field> ulps = new ArrayList<>();
    private PolicyBlock.Field ulpDefault;

    PolicyBuilder(String source) {
        this.source = source;
    }

    /**
     * Builds the policy.
     *
     * @param root the read tree
     * @param endLine last line of the file, where a missing default level is reported
     * @param endColumn column after the last character of that line
     */
    QosPolicy build(PolicyBlock root, int endLine, int endColumn) throws QosPolicyException {
        for (PolicyBlock section : root.children) {
            for (PolicyBlock b : section.children) {
                switch (b.keyword) {
                    case "port-group" -> portGroup(b);
                    case "qos-level" -> qosLevel(b);
                    case "qos-match-rule" -> matchRule(b);
                    default -> PolicySetup.check(source, b);
                }
            }
            for (PolicyBlock.Field f : section.fields) {
                ulp(f);
            }
        }
        QosLevel defaultLevel = levels.get("default");
        if (defaultLevel == null && ulpDefault != null) {
            defaultLevel = QosLevel.simple("SimpleQoSLevel_DEFAULT", (int) sl(ulpDefault).low());
        }
        if (defaultLevel == null) {
            throw new QosPolicyException(source, endLine, endColumn, "expected a qos-level named DEFAULT (or"
                    + " 'default : <sl>' in qos-ulps), found end of file without one");
        }
        List<MatchRule> rules = new ArrayList<>();
        for (Draft d : drafts) {
            rules.add(resolve(d));
        }
        for (PolicyBlock.Field f : ulps) {
            int sl = (int) sl(f).low();
            rules.add(UlpRules.rule(source, f, QosLevel.simple(QosLevel.SIMPLE_PREFIX + sl, sl)));
        }
        return new QosPolicy(source, List.copyOf(groups.values()), List.copyOf(levels.values()), rules,
                defaultLevel);
    }

    private void portGroup(PolicyBlock b) throws QosPolicyException {
        Map<String, PolicyBlock.Field> once = new HashMap<>();
        List<long[]> guids = new ArrayList<>();
        List<PortGroup.PortName> names = new ArrayList<>();
        List<long[]> pkeys = new ArrayList<>();
        List<String> partitions = new ArrayList<>();
        Set<NodeKind> types = EnumSet.noneOf(NodeKind.class);
        boolean self = false;
        for (PolicyBlock.Field f : b.fields) {
            switch (f.key()) {
                case "name", "use" -> once(once, f, b);
                case "port-guid" -> guids.addAll(PolicyValues.bounded(source, f.line(), ranges(f), -1L, ""));
                case "port-name" -> {
                    for (PolicyCursor.Item item : items(f)) {
                        names.add(portName(f, item));
                    }
                }
                case "pkey" -> pkeys.addAll(PolicyValues.pkeys(source, f.line(), ranges(f)));
                case "partition" -> items(f).forEach(i -> partitions.add(i.text()));
                default -> {
                    for (PolicyCursor.Item t : items(f)) {
                        switch (t.text()) {
                            case "ca" -> types.add(NodeKind.CA);
                            case "switch" -> types.add(NodeKind.SWITCH);
                            case "router" -> types.add(NodeKind.ROUTER);
                            case "all" -> types.addAll(EnumSet.allOf(NodeKind.class));
                            default -> self = true;
                        }
                    }
                }
            }
        }
        String name = required(once, "name", b);
        define(name, once.get("name"), "port-group");
        groups.put(PolicyValues.nameKey(name), new PortGroup(name, text(once.get("use")), rangesOf(guids), names,
                rangesOf(pkeys), partitions, types, self));
    }

    private void qosLevel(PolicyBlock b) throws QosPolicyException {
        Map<String, PolicyBlock.Field> once = new HashMap<>();
        List<long[]> pkeys = new ArrayList<>();
        List<long[]> pathBits = new ArrayList<>();
        for (PolicyBlock.Field f : b.fields) {
            switch (f.key()) {
                case "pkey" -> pkeys.addAll(PolicyValues.pkeys(source, f.line(), ranges(f)));
                case "path-bits" -> pathBits.addAll(PolicyValues.bounded(source, f.line(), ranges(f), 0x7F,
                        "LID path bits 0-127"));
                default -> once(once, f, b);
            }
        }
        String name = required(once, "name", b);
        required(once, "sl", b);
        int sl = PolicyValues.single(source, once.get("sl"), 0, SL_COUNT - 1, "an SL");
        int mtu = optional(once.get("mtu-limit"), 1, 5, "an MTU code");
        int rate = optional(once.get("rate-limit"), 2, 24, "a rate code");
        int life = optional(once.get("packet-life"), 0, 63, "a packet lifetime");
        define(name, once.get("name"), "qos-level");
        levels.put(PolicyValues.nameKey(name), new QosLevel(name, text(once.get("use")), sl, mtu, rate, life,
                rangesOf(pkeys), rangesOf(pathBits)));
    }

    private void matchRule(PolicyBlock b) throws QosPolicyException {
        Map<String, PolicyBlock.Field> once = new HashMap<>();
        List<PolicyCursor.Item> sources = new ArrayList<>();
        List<PolicyCursor.Item> destinations = new ArrayList<>();
        List<long[]> classes = new ArrayList<>();
        List<long[]> serviceIds = new ArrayList<>();
        List<long[]> pkeys = new ArrayList<>();
        for (PolicyBlock.Field f : b.fields) {
            switch (f.key()) {
                case "source" -> sources.addAll(items(f));
                case "destination" -> destinations.addAll(items(f));
                case "qos-class" -> classes.addAll(PolicyValues.bounded(source, f.line(), ranges(f),
                        MAX_QOS_CLASS, "a QoS class 0-4095"));
                case "service-id" -> serviceIds.addAll(PolicyValues.bounded(source, f.line(), ranges(f), -1L, ""));
                case "pkey" -> pkeys.addAll(PolicyValues.pkeys(source, f.line(), ranges(f)));
                default -> once(once, f, b);
            }
        }
        required(once, "qos-level-name", b);
        drafts.add(new Draft(b, sources, destinations, rangesOf(classes), rangesOf(serviceIds), rangesOf(pkeys),
                once.get("qos-level-name"), text(once.get("use"))));
    }

    private void ulp(PolicyBlock.Field f) throws QosPolicyException {
        sl(f);
        if (!f.key().equals("default")) {
            ulps.add(f);
        } else if (ulpDefault != null) {
            throw new QosPolicyException(source, f.line(), f.column(), "expected one 'default' in qos-ulps, found"
                    + " a second one (first at line " + ulpDefault.line() + ")");
        } else {
            ulpDefault = f;
        }
    }

    private PolicyCursor.Range sl(PolicyBlock.Field f) throws QosPolicyException {
        PolicyCursor.Range sl = ((PolicyBlock.UlpLine) f.value()).sl();
        if (sl.low() < 0 || sl.low() >= SL_COUNT) {
            throw new QosPolicyException(source, f.line(), sl.column(),
                    "expected an SL (0-15), found " + Long.toUnsignedString(sl.low()));
        }
        return sl;
    }

    private MatchRule resolve(Draft d) throws QosPolicyException {
        PolicyBlock.Field lf = d.levelName();
        PolicyCursor.Item levelName = (PolicyCursor.Item) lf.value();
        QosLevel level = levels.get(PolicyValues.nameKey(levelName.text()));
        if (level == null) {
            throw new QosPolicyException(source, lf.line(), levelName.column(),
                    "expected the name of a defined qos-level, found '" + levelName.text() + "'");
        }
        return new MatchRule(d.use(), groups(d.block(), d.sources()), groups(d.block(), d.destinations()), List.of(),
                d.qosClasses(), d.serviceIds(), d.pkeys(), level, d.block().line);
    }

    private List<PortGroup> groups(PolicyBlock rule, List<PolicyCursor.Item> names) throws QosPolicyException {
        List<PortGroup> list = new ArrayList<>();
        for (PolicyCursor.Item n : names) {
            PortGroup g = groups.get(PolicyValues.nameKey(n.text()));
            if (g == null) {
                int line = lineOf(rule, n);
                throw new QosPolicyException(source, line, n.column(),
                        "expected the name of a defined port-group, found '" + n.text() + "'");
            }
            list.add(g);
        }
        return list;
    }

    private static int lineOf(PolicyBlock rule, PolicyCursor.Item item) {
        for (PolicyBlock.Field f : rule.fields) {
            if (f.value() instanceof List<?> l && l.contains(item)) {
                return f.line();
            }
        }
        return rule.line;
    }

    private PortGroup.PortName portName(PolicyBlock.Field f, PolicyCursor.Item item) throws QosPolicyException {
        String s = item.text();
        int slash = s.lastIndexOf('/');
        if (slash >= 0 && slash + 2 < s.length() && (s.charAt(slash + 1) == 'P' || s.charAt(slash + 1) == 'p')) {
            try {
                long port = CNumber.parseUnsigned(s.substring(slash + 2));
                if (port >= 1 && port <= 254) {
                    return new PortGroup.PortName(s.substring(0, slash), (int) port);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new QosPolicyException(source, f.line(), item.column(),
                "expected a port name 'node description/P<port 1-254>', found '" + s + "'");
    }

    private void define(String name, PolicyBlock.Field at, String what) throws QosPolicyException {
        String key = what + ":" + PolicyValues.nameKey(name);
        Integer first = definedAt.putIfAbsent(key, at.line());
        if (first != null) {
            throw new QosPolicyException(source, at.line(), ((PolicyCursor.Item) at.value()).column(),
                    "expected a new " + what + " name, found '" + name + "' again (first at line " + first + ")");
        }
    }

    private void once(Map<String, PolicyBlock.Field> once, PolicyBlock.Field f, PolicyBlock b)
            throws QosPolicyException {
        PolicyBlock.Field first = once.putIfAbsent(f.key(), f);
        if (first != null) {
            throw new QosPolicyException(source, f.line(), f.column(), "expected one '" + f.key() + "' in this "
                    + b.keyword + ", found a second one (first at line " + first.line() + ")");
        }
    }

    private String required(Map<String, PolicyBlock.Field> once, String key, PolicyBlock b)
            throws QosPolicyException {
        PolicyBlock.Field f = once.get(key);
        if (f == null) {
            throw new QosPolicyException(source, b.line, b.column, "expected '" + key + ":' in this " + b.keyword
                    + ", found none before 'end-" + b.keyword + "'");
        }
        return f.value() instanceof PolicyCursor.Item i ? i.text() : "";
    }

    private int optional(PolicyBlock.Field f, int min, int max, String what) throws QosPolicyException {
        return f == null ? QosLevel.NONE : PolicyValues.single(source, f, min, max, what);
    }

    private static String text(PolicyBlock.Field f) {
        return f == null ? "" : ((PolicyCursor.Item) f.value()).text();
    }

    @SuppressWarnings("unchecked")
    private static List<PolicyCursor.Range> ranges(PolicyBlock.Field f) {
        return (List<PolicyCursor.Range>) f.value();
    }

    @SuppressWarnings("unchecked")
    private static List<PolicyCursor.Item> items(PolicyBlock.Field f) {
        return (List<PolicyCursor.Item>) f.value();
    }

    private static NumberRanges rangesOf(List<long[]> list) {
        return NumberRanges.of(list);
    }
}
