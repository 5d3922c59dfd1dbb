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
 * The SA agent against Debian's ibsim (umad2sim does no RMPP): our agent on host "sa" answers a client process on
 * host "h3" with a GetTable of NodeRecords in several RMPP segments (our sender, the client's own receiver) and a
 * PathRecord Get. The SA process sets {@code SIM_SET_ISSM=1}: ibsim hands GSI requests on QP1 only to a client
 * that holds the issm device, as an SM does. Skips with one line when ibsim is missing.
 *
 * <p>Known transport quirk, not asserted: under ibsim/umad2sim bytes 236..255 of these MADs arrive zeroed (the
 * client sees LID 5's NodeDescription, which straddles that range in segment 2, empty); the in-JVM simulator
 * delivers the same segments intact ({@link SaAgentSimTest} checks every description).
 */
@Tag("ibsim")
class SaIbsimIT {

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
    void multiSegmentTableAndPathRecordReachAClientUnderIbsim(@TempDir Path tmp) throws Exception {
        IbsimHarness.assumeAvailable();
        Path net = Files.writeString(tmp.resolve("sa-star.net"), NET);
        IbsimResult r = IbsimHarness.builder(net).simHost("sa").env("SIM_SET_ISSM", "1")
                .timeout(Duration.ofSeconds(150)).build()
                .run(SaIbsimServerMain.class, net.toString(), "h3");
        assertThat(r.exitCode()).as(() -> r.describe() + "\n--- stdout ---\n" + r.stdout()).isZero();
        String table = r.lines("CLIENT table").get(0);
        assertThat(table).contains("bytes=" + 6 * 112).contains("attrOffset=14")
                .contains("1:sa").contains("2:sw").contains("4:h3").contains("6:h5");
        assertThat(r.lines("CLIENT path").get(0)).contains("status=0 slid=4 dlid=1").contains("reversible=1");
        System.out.println("[ibsim] " + table);
        System.out.println("[ibsim] " + r.lines("CLIENT path").get(0));
        System.out.println("[ibsim] " + r.lines("SA stats").get(0));
    }
}
