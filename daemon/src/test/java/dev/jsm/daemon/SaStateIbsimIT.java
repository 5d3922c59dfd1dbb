package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The SA's registrations across a failover and restarts under ibsim, each a run of {@code scripts/sa-state-ibsim.sh}
 * in its own network namespace (hosts registering groups, ServiceRecords and a subscription through libibumad;
 * {@code saquery}, jsm's own queries, both SMs' {@code opensm-sa.dump} and {@code dump_mfts} before and after): a
 * jsm standby taking over after {@code kill -9} of the jsm master, a jsm restarted with the {@code sa_db_file} it
 * dumped, and the file passed between jsm and the reference OpenSM both ways.
 */
@Tag("ibsim")
class SaStateIbsimIT {

    @BeforeAll
    static void ready() {
        ReferenceScript.assumeReady();
    }

    @Test
    void aStandbyJsmTakesOverWithTheSameGroupsMlidsServicesAndMfts() throws Exception {
        assertThat(run("ha")).contains("groups identical", "members identical", "services identical",
                "mfts identical", "standby refused-sets 0");
    }

    @Test
    void jsmRestartedWithItsSaDbFileKeepsEveryRegistration() throws Exception {
        assertThat(run("restart")).contains("groups identical", "members identical", "services identical",
                "dumped identical", "mfts identical");
    }

    @Test
    void jsmLoadsTheFileTheReferenceWrote() throws Exception {
        assertThat(run("ref-to-jsm")).contains("groups identical", "dumped identical");
    }

    @Test
    void theReferenceLoadsTheFileJsmWrote() throws Exception {
        assertThat(run("jsm-to-ref")).contains("groups identical", "dumped identical");
    }

    private static List<String> run(String mode) throws Exception {
        List<String> out = ReferenceScript.run(Map.of(), "sa-state-ibsim.sh", mode);
        System.err.println("[ibsim] sa-state-ibsim.sh " + mode + ": " + String.join(" | ", out));
        return out;
    }
}
