package dev.jsm.routing.updn;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an updn or dnup pass decided, for the log and the dump files: the switches ranked 0 (updn's roots, dnup's
 * switches with CAs), how they were chosen, the highest rank, and notes for the operator (skipped GUIDs, the
 * detection rule). {@link #rootsDump()} is the content of OpenSM's {@code opensm-updn-roots.dump}; the engine never
 * writes files, the daemon does.
 *
 * <p>Immutable; safe to share.
 *
 * @param engine {@code updn} or {@code dnup}
 * @param rankZeroGuids node GUIDs of the rank-0 switches, ascending (unsigned)
 * @param source how they were chosen, e.g. {@code root_guid_file /etc/opensm/roots} or {@code CA-distance histogram}
 * @param maxRank the highest rank of a switch reached from rank 0
 * @param notes remarks for the operator, in the order they arose
 */
public record UpDownSummary(String engine, List<Long> rankZeroGuids, String source, int maxRank, List<String> notes) {

    /** Copies the lists. */
    public UpDownSummary {
        rankZeroGuids = List.copyOf(rankZeroGuids);
        notes = List.copyOf(notes);
    }

    /** One line per root, {@code 0x} and the GUID in lower-case hex without leading zeros, as OpenSM writes them. */
    public List<String> rootsDumpLines() {
        List<String> lines = new ArrayList<>(rankZeroGuids.size());
        for (long g : rankZeroGuids) {
            lines.add("0x" + Long.toHexString(g));
        }
        return lines;
    }

    /** The content of {@code opensm-updn-roots.dump}: {@link #rootsDumpLines()}, each ended by a newline. */
    public String rootsDump() {
        StringBuilder b = new StringBuilder();
        for (String line : rootsDumpLines()) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    /** One log line: {@code updn: 18 roots (CA-distance histogram), max rank 1}. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d %s (%s), max rank %d", engine, rankZeroGuids.size(),
                engine.equals(UpDownEngine.UPDN) ? "roots" : "CA switches", source, maxRank);
    }
}
