package dev.jsm.sim.contract;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares the contract lines of the simulator with ibsim's, line by line: the labels must match (same request in
 * the same place, otherwise the sequences diverged and the comparison stops there), the answers must be equal, or
 * every key in which they differ must be explained by a {@link KnownDifference}.
 *
 * <p>Stateless.
 */
final class ContractComparison {

    /**
     * What a comparison found.
     *
     * @param lines lines compared
     * @param identical lines whose answers are identical
     * @param known for each known difference, the lines it explained (all of them, or part with other entries)
     * @param failures one message per unexplained difference or divergence
     */
    record Result(int lines, int identical, Map<KnownDifference, Integer> known, List<String> failures) {

        /** One line of figures for the test log. */
        String summary() {
            StringBuilder sb = new StringBuilder().append(lines).append(" lines compared, ").append(identical)
                    .append(" identical");
            known.forEach((k, n) -> sb.append(", ").append(k).append('=').append(n));
            return sb.append(", ").append(failures.size()).append(" unexplained").toString();
        }
    }

    private ContractComparison() {
    }

    /** Compares {@code sim} with {@code ibsim} (both without the probe's prefix). */
    static Result compare(List<String> sim, List<String> ibsim) {
        List<String> failures = new ArrayList<>();
        Map<KnownDifference, Integer> known = new EnumMap<>(KnownDifference.class);
        int localPort = localPort(ibsim);
        int identical = 0;
        int n = Math.min(sim.size(), ibsim.size());
        int compared = 0;
        for (int i = 0; i < n; i++) {
            String[] s = split(sim.get(i));
            String[] b = split(ibsim.get(i));
            if (!s[0].equals(b[0])) {
                failures.add("line " + (i + 1) + ": sequences diverge: sim asked '" + s[0] + "', ibsim run asked '"
                        + b[0] + "'");
                break;
            }
            compared++;
            if (s[1].equals(b[1])) {
                identical++;
                continue;
            }
            LineDiff d = LineDiff.of(s[0], s[1], b[1], localPort);
            Set<String> explained = new LinkedHashSet<>();
            for (KnownDifference k : KnownDifference.values()) {
                Set<String> keys = k.explain(d);
                if (!keys.isEmpty()) {
                    explained.addAll(keys);
                    known.merge(k, 1, Integer::sum);
                }
            }
            if (!explained.containsAll(d.differing())) {
                failures.add("line " + (i + 1) + ": " + d.describe());
            }
        }
        if (sim.size() != ibsim.size() && failures.isEmpty()) {
            failures.add("sim printed " + sim.size() + " lines, the ibsim run " + ibsim.size());
        }
        return new Result(compared, identical, known, failures);
    }

    /** The SM's port number from the {@code LOCALPORT} line (0 if absent). */
    private static int localPort(List<String> lines) {
        for (String l : lines) {
            if (l.startsWith("LOCALPORT" + ScriptedSmps.ARROW)) {
                String port = LineDiff.tokens(split(l)[1]).get("port");
                return port == null ? 0 : Integer.parseInt(port);
            }
        }
        return 0;
    }

    private static String[] split(String line) {
        int a = line.indexOf(ScriptedSmps.ARROW);
        return a < 0 ? new String[] {line, ""} : new String[] {line.substring(0, a),
            line.substring(a + ScriptedSmps.ARROW.length())};
    }
}
