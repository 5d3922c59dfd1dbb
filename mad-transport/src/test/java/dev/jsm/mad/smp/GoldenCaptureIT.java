package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Re-runs {@code scripts/capture-golden.sh} against Debian's ibsim, OpenSM and infiniband-diags and checks that the
 * transcript still equals {@code golden-captures.txt}, the bytes the golden tests decode. A difference means either
 * the tools changed (a new ibsim/OpenSM version: re-capture and review the fixtures) or the script did.
 *
 * <p>Skips with one line when the tools are not installed.
 */
@Tag("ibsim")
class GoldenCaptureIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "capture-golden.sh").toAbsolutePath().normalize();
    private static final List<String> TOOLS = List.of("/usr/bin/ibsim", "/usr/sbin/smpdump", "/usr/sbin/opensm",
            "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so", "/usr/bin/unshare");

    @Test
    void captureIsReproducible() throws IOException, InterruptedException {
        String missing = TOOLS.stream().filter(t -> !Files.exists(Path.of(t))).findFirst().orElse(null);
        if (missing == null && !onPath("python3")) {
            missing = "python3";
        }
        if (missing != null || !Files.isExecutable(SCRIPT)) {
            System.err.println("[ibsim] SKIPPED GoldenCaptureIT: " + (missing != null ? missing : SCRIPT)
                    + " not found (apt-get install ibsim-utils infiniband-diags opensm)");
        }
        assumeTrue(missing == null && Files.isExecutable(SCRIPT), "ibsim tools or capture script missing");

        Path out = Files.createTempFile("golden-captures", ".txt");
        try {
            Process p = new ProcessBuilder(SCRIPT.toString()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            boolean finished = p.waitFor(120, TimeUnit.SECONDS);
            if (!finished) {
                p.destroy();                            // TERM: the script stops ibsim and OpenSM by PID
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
            assertThat(finished).as("capture-golden.sh finished within 120 s").isTrue();
            assertThat(p.exitValue()).as("capture-golden.sh exit status").isZero();
            compareWithCommittedTranscript(Files.readAllLines(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    private static void compareWithCommittedTranscript(List<String> actual) throws IOException {
        try (InputStream in = GoldenCaptureIT.class.getResourceAsStream("golden-captures.txt")) {
            List<String> expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            // line 0 is the capture date and tool versions
            assertThat(actual.subList(1, actual.size()))
                    .containsExactlyElementsOf(expected.subList(1, expected.size()));
        }
    }
}
