package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two SMs on one ibsim fabric through libibumad, each run of {@code scripts/ha-pair.sh} in its own network
 * namespace: jsm beside Debian's OpenSM in both roles and beside another jsm - standby without a Set, failover on
 * SIGKILL, handover on SIGTERM and on a raised priority (HUP) - with the LIDs ({@code ibnetdiscover -p}) and LFTs
 * ({@code dump_fts}) before and after compared, and a jsm standby's takeover without an LFT block Set (a warm
 * standby). Polling is sped up ({@code sminfo_polling_timeout 500},
 * {@code polling_retry_number 2}) where the test waits for a failover.
 */
@Tag("ibsim")
class HighAvailabilityIbsimIT {

    private static final String FABRIC = ReferenceScript.TOP.resolve("fabrics/fat2-16.net").toString();
    /** Both SMs log VERBOSE (0x04) too: jsm's LFT block Sets per sweep, which the script reports for a new master. */
    private static final Map<String, String> VERBOSE = Map.of("HA_LOG_FLAGS", "0x07");

    @BeforeAll
    static void ready() {
        ReferenceScript.assumeReady();
    }

    @Test
    void jsmStandsByUnderTheReferenceWithoutASetAndTakesOverAfterSigkill() throws Exception {
        List<String> out = pair(VERBOSE, "-a", "ref:10", "-b", "jsm:1", "-e", "kill", "-t", "500", "-n", "2");

        assertThat(out).contains("before a=MASTER b=STANDBY", "standby b subnet-up 0 refused-sets 0", "after b=MASTER",
                "lids identical", "lfts identical", "new master lft-block-sets 0");
        assertThat(out).as("a takeover that trusts the standby's model")
                .anyMatch(l -> l.startsWith("log b: ") && l.contains("SwitchInfo of all 6 switches is as held"));
    }

    @Test
    void aWarmJsmStandbyTakesOverFromAJsmMasterWithoutAnLftSet() throws Exception {
        List<String> out = pair(VERBOSE, "-a", "jsm:10", "-b", "jsm:1", "-e", "kill", "-t", "500", "-n", "2");

        assertThat(out).contains("before a=MASTER b=STANDBY", "standby b subnet-up 0 refused-sets 0", "after b=MASTER",
                "lids identical", "lfts identical", "new master lft-block-sets 0");
        assertThat(out).anyMatch(l -> l.startsWith("log b: ") && l.contains("LFTs of 6 switches read as standby"))
                .as("a takeover that trusts the standby's model")
                .anyMatch(l -> l.startsWith("log b: ") && l.contains("SwitchInfo of all 6 switches is as held"));
    }

    @Test
    void theReferenceStandsByUnderJsmAndTakesOverAfterSigkill() throws Exception {
        List<String> out = pair("-a", "jsm:10", "-b", "ref:1", "-e", "kill", "-t", "500", "-n", "2");

        assertThat(out).contains("before a=MASTER b=STANDBY", "after b=MASTER", "lids identical", "lfts identical");
    }

    @Test
    void jsmStoppedBySigtermHandsOverToTheReferenceAtOnce() throws Exception {
        List<String> out = pair("-a", "jsm:10", "-b", "ref:1", "-e", "term");

        assertThat(out).contains("before a=MASTER b=STANDBY", "after b=MASTER", "lids identical", "lfts identical");
        assertThat(takeover(out)).as("a handover, not a polling timeout of 50 s").isLessThan(10);
    }

    @Test
    void theHigherJsmWinsWhateverTheStartOrderAndAPriorityRaisedByHupMovesTheMaster() throws Exception {
        List<String> later = pair("-a", "jsm:1", "-b", "jsm:10", "-e", "kill", "-t", "500", "-n", "2");
        assertThat(later).as("the higher SM started second").contains("before a=STANDBY b=MASTER");

        List<String> out = pair("-a", "jsm:10", "-b", "jsm:1", "-e", "priority");

        assertThat(out).contains("before a=MASTER b=STANDBY", "after a=STANDBY b=MASTER", "lids identical",
                "lfts identical");
        assertThat(out).anyMatch(l -> l.startsWith("log a: ") && l.contains("sending HANDOVER"))
                .anyMatch(l -> l.startsWith("log a: ") && l.contains("ACKNOWLEDGE received"))
                .anyMatch(l -> l.startsWith("log b: ") && l.contains("sending ACKNOWLEDGE"))
                .anyMatch(l -> l.startsWith("log b: ") && l.contains("HANDOVER received"));
    }

    private static List<String> pair(String... args) throws Exception {
        return pair(Map.of(), args);
    }

    private static List<String> pair(Map<String, String> env, String... args) throws Exception {
        String[] all = new String[args.length + 1];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = FABRIC;
        List<String> out = ReferenceScript.run(env, "ha-pair.sh", all);
        System.err.println("[ibsim] ha-pair.sh " + String.join(" ", args) + ": " + String.join(" | ", out));
        return out;
    }

    private static double takeover(List<String> out) {
        return out.stream().filter(l -> l.startsWith("takeover ")).map(l -> l.substring(9))
                .filter(v -> !v.equals("none")).mapToDouble(Double::parseDouble).findFirst().orElse(1e9);
    }
}
