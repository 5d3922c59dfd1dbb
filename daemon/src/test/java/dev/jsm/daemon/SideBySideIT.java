package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code scripts/side-by-side.sh}: the reference OpenSM and jsm's {@code bin/opensm} on the same ibsim fabric with
 * the same engine; the tables each programmed are read back with {@code dump_fts} and checked by jsm's verifier.
 * jsm's must deliver every pair the reference's deliver, and for the engines that follow OpenSM's port choice they
 * are identical on every entry the reference programmed (updn also routes the switch LIDs the reference leaves
 * unreachable, which adds entries). Needs root (the script runs each SM in its own network namespace) and Debian's
 * opensm.
 */
@Tag("ibsim")
class SideBySideIT {

    @ParameterizedTest
    @CsvSource({"minhop,fat2-16.net,", "updn,fat2-16.net,", "dor,mesh-5x5.net,", "minhop,hypercube-5.net,",
            "torus-2QoS,torus-4x4x4.net,torus-4x4x4.torus-2QoS.conf"})
    void jsmProgramsTheTablesTheReferenceDoes(String engine, String net, String torusConfig) throws Exception {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && Files.isExecutable(Path.of("/usr/bin/unshare")) && "root".equals(System.getProperty("user.name"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: side by side needs root and Debian's opensm (apt-get install opensm)");
        }
        assumeTrue(ready);
        Path top = Path.of("..").toAbsolutePath().normalize();
        Path log = Files.createTempFile("side-by-side", ".txt");
        List<String> command = new ArrayList<>(List.of(top.resolve("scripts/side-by-side.sh").toString(), "-R", engine,
                top.resolve("fabrics").resolve(net).toString()));
        if (torusConfig != null) {
            command.addAll(List.of("--torus_config", top.resolve("fabrics").resolve(torusConfig).toString(), "-Q"));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the script ends").isTrue();
        List<String> out = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(String.join("\n", out)).isZero();
        String[] ref = row(out, "reference");
        String[] jsm = row(out, "jsm");
        assertThat(jsm[6]).as("SUBNET UP in jsm's log\n%s", String.join("\n", out)).isEqualTo("1");
        assertThat(delivered(jsm)).as("pairs jsm's tables deliver").isGreaterThanOrEqualTo(delivered(ref));
        assertThat(out).as("identical tables").anyMatch(l -> l.startsWith("run 1: identical LFTs"));
        System.out.println("[ibsim] side by side " + engine + " " + net + ": " + String.join(" ", jsm));
        Files.delete(log);
    }

    private static String[] row(List<String> out, String sm) throws IOException {
        return out.stream().filter(l -> l.startsWith(sm + " ")).findFirst()
                .orElseThrow(() -> new IOException("no row for " + sm + " in\n" + String.join("\n", out)))
                .trim().split("\\s+");
    }

    /** The delivered pairs of a row's "delivered/total" column. */
    private static long delivered(String[] row) {
        return Long.parseLong(row[7].substring(0, row[7].indexOf('/')));
    }
}
