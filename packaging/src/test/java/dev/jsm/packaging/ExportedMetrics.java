package dev.jsm.packaging;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The metric families a scrape of {@code /metrics} (Prometheus text format 0.0.4) declares, and the series names a
 * query may use for them: a counter, gauge or untyped family its own name (in this format a counter's family name
 * already ends in {@code _total}), a summary its name, {@code _sum} and {@code _count}, a histogram {@code _bucket},
 * {@code _sum} and {@code _count}. So {@code jvm_gc_collection_seconds_count} is a series of the summary
 * {@code jvm_gc_collection_seconds}, while {@code jsm_sweeps} (without {@code _total}) or
 * {@code jvm_gc_collection_seconds_bucket} are nothing the daemon exports.
 *
 * <p>Immutable.
 */
final class ExportedMetrics {

    private final Map<String, String> families;
    private final Set<String> series = new TreeSet<>();
    private final Set<String> samples = new TreeSet<>();

    private ExportedMetrics(Map<String, String> families, Set<String> sampleNames) {
        this.families = families;
        families.forEach((name, type) -> {
            switch (type) {
                case "summary" -> series.addAll(Set.of(name, name + "_sum", name + "_count"));
                case "histogram" -> series.addAll(Set.of(name + "_bucket", name + "_sum", name + "_count"));
                default -> series.add(name);
            }
        });
        samples.addAll(sampleNames);
    }

    /** Reads the {@code # TYPE} lines and the names of the sample lines of {@code scrape}. */
    static ExportedMetrics parse(String scrape) {
        Map<String, String> families = new TreeMap<>();
        Set<String> sampleNames = new TreeSet<>();
        for (String line : scrape.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                String[] f = line.substring(7).trim().split("\\s+");
                families.put(f[0], f[1]);
            } else if (!line.isBlank() && !line.startsWith("#")) {
                int end = 0;
                while (end < line.length() && line.charAt(end) != '{' && line.charAt(end) != ' ') {
                    end++;
                }
                sampleNames.add(line.substring(0, end));
            }
        }
        return new ExportedMetrics(families, sampleNames);
    }

    /** The families by name, with their type. */
    Map<String, String> families() {
        return families;
    }

    /** Whether a query may read series named {@code name}. */
    boolean exports(String name) {
        return series.contains(name);
    }

    /** The names of the sample lines that belong to no family declared (none, from a well-formed writer). */
    Set<String> samplesWithoutFamily() {
        Set<String> out = new TreeSet<>(samples);
        out.removeAll(series);
        return out;
    }
}
