package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GetMulti(MultiPathRecord) against Debian's ibsim: the SA agent of {@link SaIbsimServerMain} on host "sa", the
 * client {@link SaMultiPathIbsimClientMain} on host "h3" asking for the paths from its port to the four other CA
 * ports - an RMPP request ACKed by the SA, answered by a GetMultiResp of PathRecords in two RMPP segments.
 * Skips with one line when ibsim is missing.
 *
 * <p>Transport quirk, not asserted: the third record's LIDs lie at bytes 224-227 of the first segment and arrive
 * zeroed under umad2sim (the in-JVM {@link SaAgentMultiPathSimTest} checks every record).
 */
@Tag("ibsim")
class SaMultiPathIbsimIT {

    private static final String NET = """
            Hca 1 "sa"
            [1] "sw"[1]

            Switch 8 "sw"
            [1] "sa"[1]
            [2] "h2"[1]
            [3] "h3"[1]
            [4] "h4"[1]
            [5] "h5"[1]

            Hca 1 "h2"
            [1] "sw"[2]

            Hca 1 "h3"
            [1] "sw"[3]

            Hca 1 "h4"
            [1] "sw"[4]

            Hca 1 "h5"
            [1] "sw"[5]
            """;

    @Test
    void multiPathRecordThroughRmppBothWaysUnderIbsim(@TempDir Path tmp) throws Exception {
        IbsimHarness.assumeAvailable();
        Path net = Files.writeString(tmp.resolve("sa-star.net"), NET);
        IbsimResult r = IbsimHarness.builder(net).simHost("sa").env("SIM_SET_ISSM", "1")
                .timeout(Duration.ofSeconds(150)).build()
                .run(SaIbsimServerMain.class, net.toString(), "h3", SaMultiPathIbsimClientMain.class.getName());
        assertThat(r.exitCode()).as(() -> r.describe() + "\n--- stdout ---\n" + r.stdout()).isZero();
        String line = r.lines("CLIENT multipath").get(0);
        assertThat(line).contains("method=0x94", "attr=0x0035", "status=0", "dgids=4", "records=4",
                "paths=4>1,4>3,").endsWith(",4>6");
        System.out.println("[ibsim] " + line);
        System.out.println("[ibsim] " + r.lines("SA stats").get(0));
    }
}
