package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * torus-2QoS with {@code -Q} on the 6x5 torus of the engine's documentation, under ibsim: the SL2VL table of every
 * port that {@code bin/opensm} programs (read back with {@code smpquery sl2vl} by
 * {@code scripts/qos-reference-tables.sh}) equals what the reference OpenSM programs. (The VL arbitration tables of
 * switch ports facing CAs differ on purpose: the reference blanks the entries of VLs 2-7 there, which torus-2QoS
 * never uses on end-port links; jsm keeps the configured entries.)
 */
@Tag("ibsim")
class TorusQosIT {

    @Test
    void jsmProgramsTheReferencesSl2VlTablesOnATorus() throws Exception {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/sbin/opensm"))
                && "root".equals(System.getProperty("user.name"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: the torus QoS comparison needs root and Debian's opensm");
        }
        assumeTrue(ready);
        Path top = Path.of("..").toAbsolutePath().normalize();
        Path conf = Files.createTempFile("torus", ".conf");
        Files.writeString(conf, "routing_engine torus-2QoS,no_fallback\ntorus_config "
                + top.resolve("fabrics/torus-6x5.torus-2QoS.conf") + "\n");
        List<String> ref = sl2vl(tables(top, conf, "opensm"));
        List<String> jsm = sl2vl(tables(top, conf, top.resolve("bin/opensm").toString()));

        assertThat(ref).as("30 switches x 6 x 5 port pairs + 30 CAs").hasSize(930);
        assertThat(jsm).isEqualTo(ref);
        Files.delete(conf);
    }

    private static List<String> sl2vl(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("sl2vl ")).sorted().toList();
    }

    private static List<String> tables(Path top, Path conf, String sm) throws IOException, InterruptedException {
        Path out = Files.createTempFile("tables", ".txt");
        Process p = new ProcessBuilder(top.resolve("scripts/qos-reference-tables.sh").toString(),
                top.resolve("fabrics/torus-6x5.net").toString(), conf.toString(), sm)
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("the script ends").isTrue();
        assertThat(p.exitValue()).as(sm).isZero();
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        Files.delete(out);
        return lines;
    }
}
