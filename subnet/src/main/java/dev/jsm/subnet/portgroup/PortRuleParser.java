package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Paragraph;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Qualifier;
import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Turns the value of one rule qualifier of a port group into rules, with errors that name the qualifier and the
 * line. The set operations are left to {@link PortGroupPolicy}, which knows the other groups.
 *
 * <p>Stateless.
 */
final class PortRuleParser {

    /** The highest physical port number a node can have. */
    private static final int MAX_PORT = 254;

    private PortRuleParser() {
    }

    /**
     * {@code port-guid}: comma-separated GUIDs, each optionally with {@code @} and a {@code /}-separated list of
     * ports and port ranges ({@code 0x283@5-8/12/14}); NVIDIA's own example also writes {@code 0x289/6/8/12}, read
     * the same way. Blanks inside the lists are ignored.
     */
    static List<PortRule> guids(Paragraph p, Qualifier q) throws PolicyFileException {
        List<PortRule> rules = new ArrayList<>();
        for (String item : items(p, q)) {
            int at = item.indexOf('@');
            int slash = item.indexOf('/');
            int cut = at >= 0 ? at : slash;
            String guidText = (cut >= 0 ? item.substring(0, cut) : item).strip();
            BitSet ports = null;
            if (cut >= 0) {
                ports = portList(p, q, item.substring(cut + 1));
            }
            rules.add(new PortRule.Guid(guid(p, q, guidText), ports));
        }
        return rules;
    }

    /** {@code port-guid-range}: exactly one {@code first-last} range; a list of ranges fails. */
    static PortRule guidRange(Paragraph p, Qualifier q) throws PolicyFileException {
        String v = q.value();
        if (v.indexOf(',') >= 0) {
            throw p.error(q, "a list of ranges cannot be given, found '" + v + "' (one 'first-last' per line)");
        }
        if (v.indexOf('@') >= 0) {
            throw p.error(q, "physical ports cannot be given with a range, found '" + v + "'");
        }
        int dash = v.indexOf('-');
        if (dash < 0) {
            throw p.error(q, "expected 'first-last' GUIDs, found '" + v + "'");
        }
        long first = guid(p, q, v.substring(0, dash).strip());
        long last = guid(p, q, v.substring(dash + 1).strip());
        if (Long.compareUnsigned(first, last) > 0) {
            throw p.error(q, "the range " + v + " ends before it starts");
        }
        return new PortRule.GuidRange(first, last);
    }

    /**
     * {@code port-name}: comma-separated entries of {@code hostname=H}, {@code port=N} and {@code hca_idx=N}
     * separated by {@code ;} or blanks; the host name is mandatory.
     */
    static List<PortRule> hostNames(Paragraph p, Qualifier q) throws PolicyFileException {
        List<PortRule> rules = new ArrayList<>();
        for (String item : items(p, q)) {
            String host = null;
            int port = -1;
            int hca = -1;
            for (String pair : item.split("[;\\s]+")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String key = eq < 0 ? pair : pair.substring(0, eq).toLowerCase(Locale.ROOT);
                String value = eq < 0 ? "" : pair.substring(eq + 1);
                if (value.isEmpty()) {
                    throw p.error(q, "expected 'key=value' (hostname, port, hca_idx), found '" + pair + "'");
                }
                switch (key) {
                    case "hostname" -> host = value;
                    case "port" -> port = number(p, q, "port", value, 1, MAX_PORT);
                    case "hca_idx" -> hca = number(p, q, "hca_idx", value, 0, Integer.MAX_VALUE);
                    default -> throw p.error(q, "unknown key '" + key + "' (expected hostname, port or hca_idx)");
                }
            }
            if (host == null) {
                throw p.error(q, "'hostname=' is mandatory in '" + item + "'");
            }
            rules.add(new PortRule.HostName(host, port, hca));
        }
        return rules;
    }

    /** {@code port-regexp}: an expression, optionally followed by {@code :port} (one port, no list). */
    static PortRule regexp(Paragraph p, Qualifier q) throws PolicyFileException {
        String v = q.value();
        int port = -1;
        int colon = v.lastIndexOf(':');
        if (colon >= 0) {
            port = number(p, q, "port", v.substring(colon + 1).strip(), 0, MAX_PORT);
            v = v.substring(0, colon).strip();
        }
        if (v.isEmpty()) {
            throw p.error(q, "expected a regular expression, found nothing");
        }
        try {
            return new PortRule.Regexp(Pattern.compile(v), port);
        } catch (PatternSyntaxException e) {
            throw p.error(q, "not a regular expression: " + e.getDescription() + " in '" + v + "'");
        }
    }

    /** {@code partition}: a partition name. */
    static PortRule partition(Paragraph p, Qualifier q) throws PolicyFileException {
        if (q.value().isEmpty() || q.value().indexOf(',') >= 0) {
            throw p.error(q, "expected one partition name, found '" + q.value() + "'");
        }
        return new PortRule.Partition(q.value());
    }

    /** {@code node-type}: comma-separated {@code CA}, {@code SWITCH}, {@code ROUTER}, {@code ALL}, {@code SELF}. */
    static PortRule nodeTypes(Paragraph p, Qualifier q) throws PolicyFileException {
        Set<NodeKind> kinds = EnumSet.noneOf(NodeKind.class);
        boolean self = false;
        for (String item : items(p, q)) {
            switch (item.toUpperCase(Locale.ROOT)) {
                case "CA" -> kinds.add(NodeKind.CA);
                case "SWITCH" -> kinds.add(NodeKind.SWITCH);
                case "ROUTER" -> kinds.add(NodeKind.ROUTER);
                case "ALL" -> kinds.addAll(EnumSet.allOf(NodeKind.class));
                case "SELF" -> self = true;
                default -> throw p.error(q, "expected CA, SWITCH, ROUTER, ALL or SELF, found '" + item + "'");
            }
        }
        return new PortRule.NodeTypes(kinds, self);
    }

    /** The two group names of a set operation. */
    static String[] twoNames(Paragraph p, Qualifier q) throws PolicyFileException {
        List<String> names = items(p, q);
        if (names.size() != 2) {
            throw p.error(q, "expected two port group names, found " + names.size() + " in '" + q.value() + "'");
        }
        return names.toArray(new String[0]);
    }

    /** The comma-separated items of a value, stripped; an empty item fails. */
    private static List<String> items(Paragraph p, Qualifier q) throws PolicyFileException {
        List<String> out = new ArrayList<>();
        for (String item : q.value().split(",", -1)) {
            String s = item.strip();
            if (s.isEmpty()) {
                throw p.error(q, "an empty item in '" + q.value() + "'");
            }
            out.add(s);
        }
        return out;
    }

    private static long guid(Paragraph p, Qualifier q, String text) throws PolicyFileException {
        try {
            return Guid.parseLong(text);
        } catch (IllegalArgumentException e) {
            throw p.error(q, "expected a GUID, found '" + text + "'");
        }
    }

    /** {@code 2-5/7/9-13}: port numbers and ranges separated by slashes, blanks ignored. */
    private static BitSet portList(Paragraph p, Qualifier q, String text) throws PolicyFileException {
        BitSet ports = new BitSet();
        for (String part : text.replaceAll("\\s+", "").split("/", -1)) {
            int dash = part.indexOf('-');
            int first = number(p, q, "port", dash < 0 ? part : part.substring(0, dash), 0, MAX_PORT);
            int last = dash < 0 ? first : number(p, q, "port", part.substring(dash + 1), 0, MAX_PORT);
            if (last < first) {
                throw p.error(q, "the port range " + part + " ends before it starts");
            }
            ports.set(first, last + 1);
        }
        return ports;
    }

    private static int number(Paragraph p, Qualifier q, String what, String text, int min, int max)
            throws PolicyFileException {
        try {
            long v = CNumber.parseUnsigned(text.strip(), CNumber.Base.DECIMAL);
            if (v >= min && v <= max) {
                return (int) v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw p.error(q, "expected a " + what + " number " + min + "-" + max + ", found '" + text + "'");
    }
}
