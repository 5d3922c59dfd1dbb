package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code -c} file: complete, commented, in OpenSM's order, and read back unchanged. */
class ConfWriterTest {

    @Test
    void writesEveryOptionOfOpenSmsFileInItsOrder() {
        String text = ConfWriter.render(SmOptions.defaults());
        assertThat(ConfFixtures.namesIn(text)).containsExactlyElementsOf(ConfFixtures.openSmOptionNames());
    }

    @Test
    void defaultsReadBackWithoutWarnings() {
        ConfFile f = OpenSmConfReader.parse("written.conf", ConfWriter.render(SmOptions.defaults()));
        assertThat(f.warnings()).isEmpty();
        assertThat(f.errors()).isEmpty();
        assertThat(SmOptions.fromFile(f)).isEqualTo(SmOptions.defaults());
    }

    @Test
    void changedValuesReadBackUnchanged() {
        SmOptions options = SmOptions.builder()
                .set(DeviceOptions.GUID, 0x0002c90300001234L)
                .set(DeviceOptions.M_KEY, -1L)
                .set(DeviceOptions.LMC, 3L)
                .set(RoutingOptions.ROUTING_ENGINE, "ftree,updn")
                .set(DebugOptions.LOG_FILE, null)
                .set(DebugOptions.LOG_PREFIX, "fabric-a")
                .set(PartitionOptions.PART_ENFORCE, "out")
                .set(QosOptions.SWE.sl2Vl, "0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7")
                .set(QosOptions.RTR.highLimit, 10L)
                .set(CongestionOptions.CC_SW_CONG_SETTING_VICTIM_MASK, BigInteger.TWO.pow(200))
                .set(CongestionOptions.CC_CA_CONG_SETTING_CCTI_TIMER, PerSlValues.ZERO.with(2, 5).with(9, 700))
                .set(CongestionOptions.CC_CCT, List.of(new CctEntry(0, 1), new CctEntry(3, 16383)))
                .build();
        String text = ConfWriter.render(options);
        assertThat(text).contains("\ncc_ca_cong_setting_ccti_timer 2 5\ncc_ca_cong_setting_ccti_timer 9 700\n")
                .contains("\nm_key 0xffffffffffffffff\n").contains("\ncc_cct 0:1,3:16383\n")
                .contains("\nlog_file (null)\n");
        ConfFile f = OpenSmConfReader.parse("written.conf", text);
        assertThat(f.warnings()).isEmpty();
        assertThat(f.errors()).isEmpty();
        assertThat(SmOptions.fromFile(f)).isEqualTo(options);
    }

    @Test
    void commentsCarryDescriptionRangeDefaultAndRestartNote() {
        String text = ConfWriter.render(SmOptions.defaults());
        assertThat(text).contains("""
                #
                # DEVICE ATTRIBUTES OPTIONS
                #

                # GUID of the local port the SM runs on; 0 means the first active port
                # Value: a 64-bit number (0x and up to 16 hex digits, or decimal); default 0x0000000000000000; \
                needs a restart
                guid 0x0000000000000000
                """);
        assertThat(text).contains("""
                # LID Mask Control: every end port gets 2^lmc consecutive LIDs
                # Value: an integer in 0..7; default 0; needs a restart
                lmc 0
                """);
        assertThat(text).contains("""
                # Seconds between light sweeps; 0 sweeps only on traps and signals
                # Value: an integer in 0..2147483; default 10
                sweep_interval 10
                """);
        assertThat(text).contains("# --- QoS CA options ---\n");
    }

    @Test
    void optionsJsmDoesNotFullyImplementSaySo() {
        String text = ConfWriter.render(SmOptions.defaults());
        assertThat(text).contains("""
                # Run the performance manager
                # Value: TRUE or FALSE; default FALSE; needs a restart
                perfmgr FALSE
                """);
        assertThat(text).contains("""
                # Connect the root switches in updn, dnup and ftree, by routes that may turn from down to up
                # Value: TRUE or FALSE; default FALSE
                connect_roots FALSE
                """);
        assertThat(text).contains("""
                # File of compute node port GUIDs for ftree, sssp and dfsssp, one per line
                # Value: a file name or (null); default (null); needs a restart
                cn_guid_file (null)
                """);
        long notImplemented = OptionTable.known().stream()
                .filter(o -> OptionStatusTable.of(o).level() == OptionStatus.Level.NOT_IMPLEMENTED).count();
        assertThat(text.split("\n# Not implemented in jsm: ", -1)).as("OpenSM's options and the extensions")
                .hasSize((int) notImplemented + 1);
    }

    @Test
    void writeReplacesTheFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("opensm.conf");
        Files.writeString(file, "old");
        SmOptions options = SmOptions.builder().set(SweepOptions.SWEEP_INTERVAL, 7L).build();
        ConfWriter.write(options, file);
        assertThat(Files.readString(file)).isEqualTo(ConfWriter.render(options));
        try (var listing = Files.list(dir)) {
            assertThat(listing).containsExactly(file);
        }
        assertThat(SmOptions.fromFile(OpenSmConfReader.read(file))).isEqualTo(options);
    }
}
