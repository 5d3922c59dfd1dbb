package dev.jsm.daemon.plan;

import dev.jsm.daemon.plan.PlanDiff.LidChange;
import dev.jsm.daemon.plan.PlanDiff.SwitchChange;
import dev.jsm.subnet.Guid;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The plan as one JSON object, for the web console's {@code /plan} page: the same counts as {@link PlanText}, every
 * switch whose LFT changes, the table counts and the verdict ({@code ok}, {@code problems}).
 *
 * <p>Stateless.
 */
public final class PlanJson {

    private PlanJson() {
    }

    /** The JSON text of {@code d}. */
    public static String format(PlanDiff d) {
        StringBuilder sb = new StringBuilder(256 + 96 * d.switches().size());
        sb.append('{').append("\"ok\":").append(d.ok()).append(",\"problems\":").append(strings(d.problems()));
        sb.append(",\"switchCount\":").append(d.switchCount()).append(",\"lftEntries\":").append(d.lftEntries())
                .append(",\"lftBlocks\":").append(d.lftBlocks()).append(",\"switches\":[");
        String sep = "";
        for (SwitchChange s : d.switches()) {
            sb.append(sep).append("{\"guid\":").append(string(Guid.toString(s.guid()))).append(",\"name\":")
                    .append(string(s.name())).append(",\"entries\":").append(s.entries()).append(",\"blocks\":")
                    .append(s.blocks()).append('}');
            sep = ",";
        }
        sb.append("],\"pairs\":").append(d.pairs()).append(",\"pairsMoved\":").append(d.pairsMoved())
                .append(",\"movedShare\":").append(String.format(Locale.ROOT, "%.4f", d.movedShare()));
        sb.append(",\"before\":").append(summary(d.before())).append(",\"after\":").append(summary(d.after()));
        sb.append(",\"pKeyTables\":").append(d.pKeyTables().size()).append(",\"sl2VlTables\":")
                .append(d.sl2VlTables().size()).append(",\"vlArbTables\":").append(d.vlArbTables().size())
                .append(",\"lids\":[");
        sep = "";
        for (LidChange l : d.lids()) {
            sb.append(sep).append("{\"guid\":").append(string(Guid.toString(l.portGuid()))).append(",\"before\":")
                    .append(l.before()).append(",\"after\":").append(l.after()).append('}');
            sep = ",";
        }
        sb.append("],\"restartOnly\":").append(strings(d.restartOnly())).append(",\"errors\":")
                .append(strings(d.errors())).append('}');
        return sb.toString();
    }

    private static String summary(RouteSummary s) {
        return "{\"pairs\":" + s.pairs() + ",\"unreachable\":" + s.unreachable() + ",\"maxLoad\":" + s.maxLoad()
                + ",\"meanLoad\":" + String.format(Locale.ROOT, "%.3f", s.meanLoad()) + ",\"hops\":"
                + s.hops().stream().map(String::valueOf).collect(Collectors.joining(",", "[", "]"))
                + ",\"creditLoop\":" + s.creditLoop() + "}";
    }

    private static String strings(List<String> list) {
        return list.stream().map(PlanJson::string).collect(Collectors.joining(",", "[", "]"));
    }

    /** {@code text} as a JSON string: quotes, backslashes and control characters escaped. */
    static String string(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
