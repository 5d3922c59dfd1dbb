package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks against the OpenSM installed on this machine (Debian's opensm 3.3.23); skipped with one line when it is
 * not installed, in which case the committed name list and default file still cover names and defaults.
 */
class InstalledOpenSmTest {

    private static final Path OPENSM = Path.of("/usr/sbin/opensm");

    /** Values far from the defaults, of every kind of type. */
    private static final String CHANGED = """
            guid 0x0002c90300a1b2c3
            m_key 0xfffffffffffffffe
            lmc 3
            sweep_interval 17
            max_wire_smps 9
            packet_life_time 0x13
            force_link_width 7
            part_enforce out
            routing_engine ftree,updn
            torus_config (null)
            log_flags 0x0f
            console loopback
            qos TRUE
            qos_ca_max_vls 4
            qos_ca_high_limit 10
            qos_swe_vlarb_high 0:4,1:8
            qos_rtr_sl2vl 0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7
            cc_sw_cong_setting_victim_mask 0x8000000000000000000000000000000000000000000000000000000000000001
            cc_sw_cong_setting_credit_starvation_return_delay 2:77
            cc_ca_cong_setting_ccti_timer 3 300
            cc_ca_cong_setting_ccti_min 15 2
            cc_cct 1:2,3:16383
            """;

    @TempDir
    Path dir;

    @Test
    void namesEqualThoseTheInstalledOpenSmWrites() throws IOException, InterruptedException {
        Path out = dir.resolve("opensm.conf");
        runOpenSm("-c", out.toString(), "-F", dir.resolve("none").toString());
        assertThat(new TreeSet<>(ConfFixtures.namesIn(Files.readString(out))))
                .isEqualTo(new TreeSet<>(ConfFixtures.tableNames()));
    }

    /** Every option the installed OpenSM writes with {@code -c} has a status in jsm's table. */
    @Test
    void everyOptionOfTheInstalledOpenSmHasAStatus() throws IOException, InterruptedException {
        Path out = dir.resolve("opensm.conf");
        runOpenSm("-c", out.toString(), "-F", dir.resolve("none").toString());
        List<String> names = ConfFixtures.namesIn(Files.readString(out));
        assertThat(names).hasSizeGreaterThan(100);
        List<String> without = new ArrayList<>();
        for (String name : names) {
            if (OptionStatusTable.find(OptionTable.currentName(name).orElse(name)).isEmpty()) {
                without.add(name);
            }
        }
        assertThat(without).as("options of the installed OpenSM without a status").isEmpty();
    }

    /** Our file, with values far from the defaults, means the same to OpenSM as to us. */
    @Test
    void installedOpenSmReadsOurFileAsWeDo() throws IOException, InterruptedException {
        ConfFile changed = OpenSmConfReader.parse("changed.conf", CHANGED);
        assertThat(changed.warnings()).isEmpty();
        assertThat(changed.errors()).isEmpty();
        SmOptions ours = SmOptions.fromFile(changed);
        Path in = dir.resolve("ours.conf");
        Path out = dir.resolve("theirs.conf");
        ConfWriter.write(ours, in);
        String log = runOpenSm("-F", in.toString(), "-c", out.toString());
        assertThat(log).doesNotContain("Unrecognized", "Invalid");
        ConfFile theirs = OpenSmConfReader.read(out);
        assertThat(theirs.warnings()).isEmpty();
        assertThat(theirs.errors()).isEmpty();
        assertThat(SmOptions.fromFile(theirs)).isEqualTo(ours);
    }

    /** Runs {@code opensm} with a {@code -c} command line (it writes the file and exits); returns its output. */
    private String runOpenSm(String... args) throws IOException, InterruptedException {
        if (!Files.isExecutable(OPENSM)) {
            System.err.println("[opensm] SKIPPED: " + OPENSM + " not installed (apt-get install opensm)");
        }
        assumeTrue(Files.isExecutable(OPENSM), "opensm not installed");
        String[] command = new String[args.length + 1];
        command[0] = OPENSM.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        Path log = dir.resolve("opensm.out");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean done = p.waitFor(30, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as("opensm -c finished").isTrue();
        assertThat(p.exitValue()).isZero();
        return Files.readString(log);
    }
}
