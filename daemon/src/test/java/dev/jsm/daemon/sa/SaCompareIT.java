package dev.jsm.daemon.sa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/sa-compare.sh} on a small two-switch fabric: the same single-record saquery queries against the
 * reference OpenSM and against jsm, each under its own ibsim; every answer must be the same as the reference's or
 * one of the differences the script explains (docs/sa-conformance.md). Needs root (a network namespace per SM),
 * Debian's opensm and infiniband-diags, and a packaged daemon ({@code bin/opensm} runs {@code daemon/target/lib}).
 */
@Tag("ibsim")
class SaCompareIT {

    private static final String NET = """
            Hca 1 "sm"
            [1] "sw1"[1]

            Switch 8 "sw1"
            [1] "sm"[1]
            [2] "h1"[1]
            [3] "h2"[1]
            [5] "sw2"[5]
            [6] "sw2"[6]

            Switch 8 "sw2"
            [2] "h3"[1]
            [3] "h4"[1]
            [5] "sw1"[5]
            [6] "sw1"[6]

            Hca 1 "h1"
            [1] "sw1"[2]

            Hca 1 "h2"
            [1] "sw1"[3]

            Hca 1 "h3"
            [1] "sw2"[2]

            Hca 1 "h4"
            [1] "sw2"[3]
            """;

    @Test
    void everySaqueryAnswerIsTheReferencesOrAnExplainedDifference(@TempDir Path tmp) throws Exception {
        IbsimHarness.assumeAvailable();
        Path top = Path.of("..").toAbsolutePath().normalize();
        boolean saquery = Files.isExecutable(Path.of("/usr/sbin/saquery"))
                || Files.isExecutable(Path.of("/usr/bin/saquery"));
        boolean ready = saquery && Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && Files.isExecutable(Path.of("/usr/bin/unshare")) && "root".equals(System.getProperty("user.name"))
                && Files.isDirectory(top.resolve("daemon/target/lib"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: sa-compare needs root, Debian's opensm and infiniband-diags, and a"
                    + " packaged daemon (mvn package -pl daemon)");
        }
        assumeTrue(ready);
        Path net = Files.writeString(tmp.resolve("two-switches.net"), NET);
        Path log = tmp.resolve("sa-compare.txt");
        Process p = new ProcessBuilder(top.resolve("scripts/sa-compare.sh").toString(), net.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(400, TimeUnit.SECONDS);
        if (!ended) {
            p.destroy();
        }
        List<String> out = Files.readAllLines(log, StandardCharsets.UTF_8);
        String all = String.join("\n", out);
        assertThat(ended).as("the script ends\n%s", all).isTrue();
        assertThat(out).as(all).anyMatch(l -> l.startsWith("sa-compare: ") && l.endsWith(" 0 different"));
        assertThat(p.exitValue()).as(all).isZero();
        assertThat(out).as("the SAs answered: ClassPortInfo compared\n%s", all)
                .anyMatch(l -> l.startsWith("saquery CPI "));
        System.out.println("[ibsim] " + out.get(out.size() - 1));
    }
}
