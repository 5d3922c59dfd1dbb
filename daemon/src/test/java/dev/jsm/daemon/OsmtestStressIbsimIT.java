package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * osmtest's SA stress flows against the daemon under ibsim, through {@code scripts/osmtest-flows.sh} on
 * {@code fat2-16.net} (the inventory flow {@code c}, then {@code f -s1}: 100,000 PortInfoRecord Gets by LID, and
 * {@code f -s4}: 100,000 PathRecord Gets, each from one port with one request outstanding): every flow passes against
 * jsm and jsm refuses none of osmtest's requests. A paced client may go faster than the per-requester rate; jsm then
 * holds its requests to the rate instead of dropping them (docs/design/sa.md#requestergate), where dropping them
 * made osmtest wait out its timeouts and fail. The script runs the reference OpenSM beside it; its results are
 * printed, not judged.
 */
@Tag("ibsim")
class OsmtestStressIbsimIT {

    @Test
    void osmtestsStressFlowsPassWithNothingRefused() throws Exception {
        ReferenceScript.assumeReady();
        boolean osmtest = Files.isExecutable(Path.of("/usr/bin/osmtest"))
                || Files.isExecutable(Path.of("/usr/sbin/osmtest"));
        if (!osmtest) {
            System.err.println("[ibsim] SKIPPED: needs osmtest (Debian's opensm package)");
        }
        assumeTrue(osmtest);
        List<String> out = ReferenceScript.run(Map.of(), "osmtest-flows.sh", "-t", "120", "-F", "c|f -s1|f -s4",
                ReferenceScript.TOP.resolve("fabrics/fat2-16.net").toString());
        System.err.println("[ibsim] osmtest-flows.sh: " + String.join(" | ", out));
        Path work = Path.of(out.get(0).replaceAll(".*files in ", "").trim());
        try {
            assertThat(out).as("flow, reference, jsm").anyMatch(l -> l.matches("c\\s+\\S+\\s+PASS\\s*"))
                    .anyMatch(l -> l.matches("f -s1\\s+\\S+\\s+PASS\\s*"))
                    .anyMatch(l -> l.matches("f -s4\\s+\\S+\\s+PASS\\s*"));
            assertThat(Files.readString(work.resolve("jsm/sm.log"))).as("jsm's log").doesNotContain("SA-1201");
        } finally {
            delete(work);
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!dir.startsWith(Path.of("/tmp")) || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
