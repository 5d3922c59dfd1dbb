package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start-time M_Key rules: the lock-out refusal and the lease kept above the sweep interval (OpenSM's rule). */
class MKeyRulesTest {

    @TempDir
    Path dir;

    private CommandLineResult parse(String conf) throws IOException {
        Path file = dir.resolve("opensm.conf");
        Files.writeString(file, conf);
        return new OpenSmCommandLine("opensm", "jsm test", file).parse();
    }

    @Test
    void protectionTwoWithoutLeaseOrLookupIsRefusedWithAClearMessage() throws IOException {
        CommandLineResult r = parse("m_key 0x1234\nm_key_protection_level 2\nm_key_lease_period 0\n"
                + "m_key_lookup FALSE\n");
        assertThat(r).isInstanceOf(CommandLineResult.Exit.class);
        CommandLineResult.Exit e = (CommandLineResult.Exit) r;
        assertThat(e.exitCode()).isEqualTo(CommandLineResult.EXIT_USAGE);
        assertThat(e.text()).startsWith("opensm: m_key_protection_level 2 with m_key_lease_period 0 and m_key_lookup"
                + " FALSE would lock the SM out");
    }

    @Test
    void aLeaseALookupFileALowerLevelOrNoKeyIsAccepted() throws IOException {
        for (String conf : new String[] {
            "m_key 0x1234\nm_key_protection_level 3\nm_key_lease_period 60\nm_key_lookup FALSE\n",
            "m_key 0x1234\nm_key_protection_level 2\nm_key_lease_period 0\nm_key_lookup TRUE\n",
            "m_key 0x1234\nm_key_protection_level 1\nm_key_lease_period 0\nm_key_lookup FALSE\n",
            "m_key 0\nm_key_protection_level 2\nm_key_lease_period 0\nm_key_lookup FALSE\n"}) {
            assertThat(parse(conf)).as(conf).isInstanceOf(CommandLineResult.Run.class);
        }
    }

    @Test
    void aLeaseNotLongerThanTheSweepIntervalIsLengthenedWithAWarning() throws IOException {
        CommandLineResult.Run r = (CommandLineResult.Run) parse(
                "m_key 0x1234\nm_key_protection_level 2\nm_key_lease_period 10\nsweep_interval 10\n");
        assertThat(r.options().get(DeviceOptions.M_KEY_LEASE_PERIOD)).isEqualTo(11);
        assertThat(r.warnings()).anyMatch(w -> w.startsWith("m_key_lease_period 10 is not longer than "
                + "sweep_interval 10: using a lease of 11 s"));
    }

    @Test
    void noSweepingWithALeaseSweepsJustInsideTheLease() throws IOException {
        CommandLineResult.Run r = (CommandLineResult.Run) parse(
                "m_key 0x1234\nm_key_protection_level 1\nm_key_lease_period 30\nsweep_interval 0\n");
        assertThat(r.options().sweepIntervalSeconds()).isEqualTo(29);
        assertThat(r.options().get(DeviceOptions.M_KEY_LEASE_PERIOD)).isEqualTo(30);
        assertThat(r.warnings()).hasSize(1);
    }

    @Test
    void withoutKeyProtectionOrLeaseNothingChanges() throws IOException {
        for (String conf : new String[] {"m_key_lease_period 5\nsweep_interval 10\nm_key_protection_level 2\n",
            "m_key 0x1\nm_key_lease_period 5\nsweep_interval 10\n"}) {
            CommandLineResult.Run r = (CommandLineResult.Run) parse(conf);
            assertThat(r.warnings()).as(conf).isEmpty();
            assertThat(r.options().sweepIntervalSeconds()).as(conf).isEqualTo(10);
            assertThat(r.options().get(DeviceOptions.M_KEY_LEASE_PERIOD)).as(conf).isEqualTo(5);
        }
    }
}
