package dev.jsm.sim.contract;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * One line of the contract on which the two simulators answered differently: the request's label, the
 * {@link KnownDifference} it was tagged with (if any), both answers as {@code key -> value} and the keys whose values
 * differ (a key missing on one side differs).
 *
 * @param label what was asked, without the tag
 * @param tag the name of the known difference the request exercises, or null
 * @param sim the simulator's answer
 * @param ibsim ibsim's answer
 * @param differing keys whose values differ, in answer order
 * @param localPort the SM's port number (ibsim writes it into ReturnPath[0])
 */
record LineDiff(String label, String tag, Map<String, String> sim, Map<String, String> ibsim, Set<String> differing,
                int localPort) {

    /** Keys of the answer header; the rest are the attribute's fields. */
    static final Set<String> HEADER = Set.of("outcome", "class", "method", "status", "attr", "mod", "D", "hops",
            "hptr", "rp0", "rpath", "from");

    /** Compares two answers of the line labelled {@code label} ({@code case=<tag>} included, if any). */
    static LineDiff of(String label, String simAnswer, String ibsimAnswer, int localPort) {
        String tag = null;
        int c = label.indexOf(" case=");
        if (c >= 0) {
            tag = label.substring(c + " case=".length());
            label = label.substring(0, c);
        }
        Map<String, String> s = tokens(simAnswer);
        Map<String, String> i = tokens(ibsimAnswer);
        Set<String> diff = new LinkedHashSet<>();
        for (String k : s.keySet()) {
            if (!s.get(k).equals(i.get(k))) {
                diff.add(k);
            }
        }
        for (String k : i.keySet()) {
            if (!s.containsKey(k)) {
                diff.add(k);
            }
        }
        return new LineDiff(label, tag, s, i, diff, localPort);
    }

    /** The {@code key=value} tokens of an answer, in order. */
    static Map<String, String> tokens(String answer) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String t : answer.split(" ")) {
            int eq = t.indexOf('=');
            m.put(eq < 0 ? t : t.substring(0, eq), eq < 0 ? "" : t.substring(eq + 1));
        }
        return m;
    }

    /** Whether the request was tagged with {@code d}. */
    boolean taggedWith(KnownDifference d) {
        return d.name().equals(tag);
    }

    /** The simulator's value of {@code key}, or null. */
    String sim(String key) {
        return sim.get(key);
    }

    /** ibsim's value of {@code key}, or null. */
    String ibsim(String key) {
        return ibsim.get(key);
    }

    /** Whether only keys among {@code allowed} differ. */
    boolean onlyDiffer(Set<String> allowed) {
        return allowed.containsAll(differing);
    }

    /** The differing keys that are attribute fields, plus {@code status}. */
    Set<String> statusAndPayload() {
        Set<String> keys = new LinkedHashSet<>();
        for (String k : differing) {
            if (k.equals("status") || !HEADER.contains(k)) {
                keys.add(k);
            }
        }
        return keys;
    }

    /** What a failure message shows: the label and every differing key with both values. */
    String describe() {
        StringBuilder sb = new StringBuilder(label).append(tag == null ? "" : " case=" + tag).append(':');
        for (String k : differing) {
            sb.append(' ').append(k).append(" sim=").append(sim.get(k)).append(" ibsim=").append(ibsim.get(k));
        }
        return sb.toString();
    }
}
