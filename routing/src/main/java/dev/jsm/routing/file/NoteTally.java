package dev.jsm.routing.file;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts the dump lines the {@code file} engine skipped or changed, by kind, keeping the first example of each so
 * the operator sees one line per kind ({@code 3 entries skipped: ... (first: file:12 ...)}) instead of one per entry.
 *
 * <p>Confined to the thread of one routing pass.
 */
final class NoteTally {

    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private final Map<String, String> firsts = new LinkedHashMap<>();

    /** Counts one occurrence of {@code kind}; keeps {@code example} ({@code file:line: detail}) if it is the first. */
    void add(String kind, String example) {
        counts.merge(kind, 1, Integer::sum);
        firsts.putIfAbsent(kind, example);
    }

    /** One line per kind, in the order kinds first occurred: {@code <n> <kind> (first: <example>)}. */
    List<String> lines() {
        List<String> out = new ArrayList<>(counts.size());
        for (Map.Entry<String, Integer> c : counts.entrySet()) {
            out.add(c.getValue() + " " + c.getKey() + " (first: " + firsts.get(c.getKey()) + ")");
        }
        return out;
    }
}
