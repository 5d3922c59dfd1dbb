package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Re-runs {@code scripts/partitions-reference.sh} (Debian's ibsim and OpenSM) and checks that the transcript still
 * equals {@code opensm-reference.txt}, the reference {@link OpenSmReferenceTest} compares the planner with. A
 * difference means the tools or the script changed: re-record and review.
 *
 * <p>Skips with one line when the tools are not installed.
 */
@Tag("ibsim")
class OpenSmReferenceIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "partitions-reference.sh").toAbsolutePath()
            .normalize();
    private static final List<String> TOOLS = List.of("/usr/bin/ibsim", "/usr/sbin/smpdump", "/usr/sbin/smpquery",
            "/usr/sbin/opensm", "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so", "/usr/bin/unshare");

    @Test
    void referenceIsReproducible() throws IOException, InterruptedException {
        String missing = TOOLS.stream().filter(t -> !Files.exists(Path.of(t))).findFirst().orElse(null);
        if (missing != null || !Files.isExecutable(SCRIPT)) {
            System.err.println("[ibsim] SKIPPED OpenSmReferenceIT: " + (missing != null ? missing : SCRIPT)
                    + " not found (apt-get install ibsim-utils infiniband-diags opensm)");
        }
        assumeTrue(missing == null && Files.isExecutable(SCRIPT), "ibsim tools or reference script missing");
        Path out = Files.createTempFile("partitions-reference", ".txt");
        try {
            Process p = new ProcessBuilder(SCRIPT.toString()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            boolean finished = p.waitFor(180, TimeUnit.SECONDS);
            if (!finished) {
                p.destroy();                            // TERM: the script stops ibsim and OpenSM by PID
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
            assertThat(finished).as("partitions-reference.sh finished within 180 s").isTrue();
            assertThat(p.exitValue()).as("partitions-reference.sh exit status").isZero();
            List<String> actual = Files.readAllLines(out, StandardCharsets.UTF_8);
            List<String> expected = PartitionsExamplesTest.resource("opensm-reference.txt").lines().toList();
            // line 0 names the tool versions
            assertThat(actual.subList(1, actual.size())).containsExactlyElementsOf(expected.subList(1,
                    expected.size()));
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
