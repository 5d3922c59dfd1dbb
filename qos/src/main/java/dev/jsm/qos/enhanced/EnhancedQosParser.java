package dev.jsm.qos.enhanced;

import dev.jsm.qos.policy.QosPolicyException;
import dev.jsm.subnet.Guid;
import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses an enhanced QoS policy file (docs/enhanced-qos.md): line by line, {@code #} to the end of a line a comment,
 * three sections each started by a line holding only its name:
 * <pre>
 *   BW_NAMES          name = Mb/s                      (a decimal number 0-1048575; 0 is unlimited)
 *   BW_RULES          default|port GUID = sl:name, ... (sl 0-15, or all: every SL; a numbered SL wins over all)
 *   VPORT_BW_RULES    default|vport GUID = sl:name, ...
 * </pre>
 * Each section at most once; a name, a GUID or an SL within one rule at most once; every name a rule uses defined in
 * {@code BW_NAMES} (anywhere in the file). The first problem rejects the whole file with a {@link QosPolicyException}
 * saying {@code file:line:column}, what was expected and what was found; the caller keeps the last good policy.
 * Port groups in place of GUIDs (which NVIDIA's SM also takes in {@code BW_RULES}) are not read.
 *
 * <p>Stateless; safe to share.
 */
public final class EnhancedQosParser {

    /** The largest rate limit QoSConfigSL carries (20 bits of Mb/s). */
    public static final int MAX_MBPS = 0xFFFFF;

    private static final String BW_NAMES = "BW_NAMES";
    private static final String BW_RULES = "BW_RULES";
    private static final String VPORT_BW_RULES = "VPORT_BW_RULES";

    private EnhancedQosParser() {
    }

    /**
     * Parses policy text.
     *
     * @param source the name to use in messages (normally the file name)
     * @param text the file's contents
     * @throws QosPolicyException at the first problem
     */
    public static EnhancedQosPolicy parse(String source, String text) throws QosPolicyException {
        return new Run(source).parse(text);
    }

    /** A rule entry whose bandwidth name is resolved once the whole file is read. */
    private record Use(int sl, String name, int line, int column) {
    }

    /** One parse. */
    private static final class Run {
        private final String source;
        private final Map<String, Integer> bandwidths = new LinkedHashMap<>();
        private final Map<String, Integer> sectionLines = new HashMap<>();
        private final Map<String, Map<Long, List<Use>>> rules = new HashMap<>();
        private final Map<String, List<Use>> defaults = new HashMap<>();
        private final Map<String, Integer> ruleLines = new HashMap<>();
        private String section;
        private int lineNo;

        Run(String source) {
            this.source = source;
        }

        EnhancedQosPolicy parse(String text) throws QosPolicyException {
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                lineNo = i + 1;
                String line = lines[i];
                int hash = line.indexOf('#');
                line(hash < 0 ? line : line.substring(0, hash));
            }
            return new EnhancedQosPolicy(source, bandwidths, resolved(BW_RULES), resolve(defaults.get(BW_RULES)),
                    resolved(VPORT_BW_RULES), resolve(defaults.get(VPORT_BW_RULES)));
        }

        private void line(String line) throws QosPolicyException {
            Cursor c = new Cursor(line);
            c.blanks();
            if (c.atEnd()) {
                return;
            }
            String word = line.strip();
            if (word.equals(BW_NAMES) || word.equals(BW_RULES) || word.equals(VPORT_BW_RULES)) {
                Integer first = sectionLines.putIfAbsent(word, lineNo);
                if (first != null) {
                    throw error(c.at(), "section " + word + " given twice (first at line " + first + ")");
                }
                section = word;
                return;
            }
            if (section == null) {
                throw error(c.at(), "expected a section name (" + BW_NAMES + ", " + BW_RULES + " or "
                        + VPORT_BW_RULES + "), found " + quote(c.word()));
            }
            if (section.equals(BW_NAMES)) {
                bandwidth(c);
            } else {
                rule(c);
            }
        }

        private void bandwidth(Cursor c) throws QosPolicyException {
            int at = c.at();
            String name = c.name();
            if (name.isEmpty()) {
                throw error(at, "expected a bandwidth name (letters, digits, '_', '-', '.'), found "
                        + quote(c.word()));
            }
            c.expect('=', "'=' after the bandwidth name");
            int rateAt = c.blanks();
            String rate = c.next();
            int mbps = rate(rate, rateAt);
            c.end("the end of the line after the rate");
            if (bandwidths.putIfAbsent(name, mbps) != null) {
                throw error(at, "bandwidth name '" + name + "' defined twice");
            }
        }

        private int rate(String text, int at) throws QosPolicyException {
            long v;
            try {
                v = text.isEmpty() ? -1 : CNumber.parseUnsigned(text, CNumber.Base.DECIMAL);
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (v < 0 || v > MAX_MBPS) {
                throw error(at, "expected a rate in Mb/s, a decimal number 0-" + MAX_MBPS + ", found "
                        + quote(text));
            }
            return (int) v;
        }

        private void rule(Cursor c) throws QosPolicyException {
            int at = c.at();
            String key = c.name();
            boolean isDefault = key.equals("default");
            long guid = 0;
            if (!isDefault) {
                try {
                    guid = key.isEmpty() ? 0 : Guid.parseLong(key);
                } catch (IllegalArgumentException e) {
                    guid = 0;
                }
                if (guid == 0) {
                    throw error(at, "expected 'default' or a " + (section.equals(BW_RULES) ? "port" : "vport")
                            + " GUID (hex, not 0), found " + quote(key.isEmpty() ? c.word() : key));
                }
            }
            c.expect('=', "'=' after " + (isDefault ? "'default'" : "the GUID"));
            List<Use> uses = new ArrayList<>();
            int seen = 0;
            do {
                int slAt = c.blanks();
                String sl = c.name();
                int slNum = sl(sl, slAt);
                c.expect(':', "':' after the SL");
                int nameAt = c.blanks();
                String name = c.name();
                if (name.isEmpty()) {
                    throw error(nameAt, "expected a bandwidth name after ':', found " + quote(c.word()));
                }
                int bit = slNum < 0 ? 0x10000 : 1 << slNum;
                if ((seen & bit) != 0) {
                    throw error(slAt, (slNum < 0 ? "'all'" : "SL " + slNum) + " given twice in this rule");
                }
                seen |= bit;
                uses.add(new Use(slNum, name, lineNo, nameAt));
            } while (c.comma());
            c.end("',' or the end of the line after the rule's entry");
            String what = isDefault ? section + " default" : section + " " + Guid.toString(guid);
            Integer first = ruleLines.putIfAbsent(what, lineNo);
            if (first != null) {
                throw error(at, "rule for " + (isDefault ? "default" : Guid.toString(guid)) + " given twice in "
                        + section + " (first at line " + first + ")");
            }
            if (isDefault) {
                defaults.put(section, uses);
            } else {
                rules.computeIfAbsent(section, k -> new LinkedHashMap<>()).put(guid, uses);
            }
        }

        /** The SL an entry names: 0-15, or -1 for {@code all}. */
        private int sl(String text, int at) throws QosPolicyException {
            if (text.equals("all")) {
                return -1;
            }
            long v = -1;
            if (!text.isEmpty() && text.chars().allMatch(Character::isDigit) && text.length() <= 2) {
                v = Long.parseLong(text);
            }
            if (v < 0 || v > 15) {
                throw error(at, "expected an SL 0-15 or 'all', found " + quote(text));
            }
            return (int) v;
        }

        private Map<Long, SlRateRule> resolved(String sec) throws QosPolicyException {
            Map<Long, SlRateRule> out = new LinkedHashMap<>();
            for (Map.Entry<Long, List<Use>> e : rules.getOrDefault(sec, Map.of()).entrySet()) {
                out.put(e.getKey(), resolve(e.getValue()));
            }
            return out;
        }

        private SlRateRule resolve(List<Use> uses) throws QosPolicyException {
            if (uses == null) {
                return null;
            }
            int[] limits = new int[SlRateRule.SLS];
            int named = 0;
            for (Use u : uses) {
                Integer mbps = bandwidths.get(u.name());
                if (mbps == null) {
                    throw new QosPolicyException(source, u.line(), u.column(), "unknown bandwidth name '" + u.name()
                            + "' (" + (bandwidths.isEmpty() ? "BW_NAMES defines none" : "defined: "
                            + String.join(", ", bandwidths.keySet())) + ")");
                }
                if (u.sl() < 0) {
                    for (int sl = 0; sl < limits.length; sl++) {
                        if ((named >>> sl & 1) == 0) {
                            limits[sl] = mbps;
                        }
                    }
                    named = 0xFFFF;
                } else {
                    limits[u.sl()] = mbps;
                    named |= 1 << u.sl();
                }
            }
            return new SlRateRule(limits, named);
        }

        private QosPolicyException error(int column, String problem) {
            return new QosPolicyException(source, lineNo, column, problem);
        }

        private static String quote(String s) {
            return s.isEmpty() ? "the end of the line" : "'" + s + "'";
        }

        /** A position in one line of the file; columns are 1-based. */
        private final class Cursor {
            private final String line;
            private int pos;

            Cursor(String line) {
                this.line = line;
            }

            boolean atEnd() {
                return pos >= line.length();
            }

            int at() {
                return pos + 1;
            }

            /** Skips blanks; returns the column after them. */
            int blanks() {
                while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
                    pos++;
                }
                return at();
            }

            /** A name (letters, digits, '_', '-', '.'), possibly empty; blanks before it are skipped. */
            String name() {
                blanks();
                int start = pos;
                while (pos < line.length() && isNameChar(line.charAt(pos))) {
                    pos++;
                }
                return line.substring(start, pos);
            }

            /** The next run of non-blank characters, consumed. */
            String next() {
                String w = word();
                blanks();
                pos += w.length();
                return w;
            }

            /** The next run of non-blank characters, for messages; does not move. */
            String word() {
                int p = pos;
                while (p < line.length() && Character.isWhitespace(line.charAt(p))) {
                    p++;
                }
                int start = p;
                while (p < line.length() && !Character.isWhitespace(line.charAt(p))) {
                    p++;
                }
                return line.substring(start, p);
            }

            void expect(char ch, String what) throws QosPolicyException {
                blanks();
                if (atEnd() || line.charAt(pos) != ch) {
                    throw error(at(), "expected " + what + ", found " + quote(word()));
                }
                pos++;
            }

            boolean comma() {
                blanks();
                if (!atEnd() && line.charAt(pos) == ',') {
                    pos++;
                    return true;
                }
                return false;
            }

            void end(String what) throws QosPolicyException {
                blanks();
                if (!atEnd()) {
                    throw error(at(), "expected " + what + ", found " + quote(word()));
                }
            }

            private static boolean isNameChar(char ch) {
                return Character.isLetterOrDigit(ch) || ch == '_' || ch == '-' || ch == '.';
            }
        }
    }
}
