package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link LftDumpFile} and {@link LidMatrixDumpFile} on OpenSM's real dumps of fat2-16 and on malformed lines. */
class DumpFilesTest {

    private static final String HEADER = "Unicast lids [0-22] of switch Lid 2 guid 0x0002c90100000000 ('leaf-0'):\n";

    static Path resource(String name) throws Exception {
        return Path.of(DumpFilesTest.class.getResource("/opensm-dumps/" + name).toURI());
    }

    @Test
    void readsOpenSmsLftDump() throws Exception {
        LftDumpFile d = LftDumpFile.read(resource("opensm-lfts.dump"));

        assertThat(d.switchCount()).isEqualTo(6);
        assertThat(d.entryCount()).isEqualTo(6 * 22);
        assertThat(d.switchGuid(0)).isEqualTo(0x0002c90100000000L);
        assertThat(d.switchGuid(5)).isEqualTo(0x0002c90100000050L);
        assertThat(d.switchLine(1)).isEqualTo(25);
        assertThat(d.firstEntry(1)).isEqualTo(22);
        // 0x0001 001 # Channel Adapter portguid 0x0002c90200000001: 'host-0-0'
        assertThat(d.lid(0)).isEqualTo(1);
        assertThat(d.port(0)).isEqualTo(1);
        assertThat(d.portGuid(0)).isEqualTo(0x0002c90200000001L);
        assertThat(d.entryLine(0)).isEqualTo(2);
        // 0x000b 007 # Switch portguid 0x0002c90100000050: 'spine-1'
        assertThat(d.lid(10)).isEqualTo(0xb);
        assertThat(d.port(10)).isEqualTo(7);
        assertThat(d.portGuid(10)).isEqualTo(0x0002c90100000050L);
    }

    /** dump_lfts (infiniband-diags) run under ibsim on fabrics/fat2-16.net after the reference OpenSM routed it. */
    @Test
    void readsDumpLftsOutput() throws Exception {
        LftDumpFile d = LftDumpFile.read(resource("dump_lfts.out"));

        assertThat(d.switchCount()).isEqualTo(2);
        // Unicast lids [0x0-0x16] of switch DR path slid 0; dlid 0; 0,1,5,7 guid 0x0002c90100000030 (leaf-3):
        assertThat(d.switchGuid(0)).isEqualTo(0x0002c90100000030L);
        // line 4: 0x0001 005 : (Channel Adapter portguid 0x0002c90200000001: 'host-0-0')
        assertThat(d.entryLine(0)).isEqualTo(4);
        assertThat(d.lid(0)).isEqualTo(1);
        assertThat(d.port(0)).isEqualTo(5);
        assertThat(d.portGuid(0)).isEqualTo(0x0002c90200000001L);
        assertThat(d.entryCount()).isEqualTo(22 + 11);
    }

    @Test
    void readsOpenSmsLidMatrixDump() throws Exception {
        LidMatrixDumpFile m = LidMatrixDumpFile.read(resource("opensm-lid-matrix.dump"));

        assertThat(m.switchCount()).isEqualTo(6);
        assertThat(m.rowCount()).isEqualTo(36);
        assertThat(m.switchGuid(4)).isEqualTo(0x0002c90100000040L);
        // line 6: 0x0009: 01 ff ff ff ff 01 01 03 03 # portguid 0x0002c90100000040
        int r = 4;
        assertThat(m.rowLine(r)).isEqualTo(6);
        assertThat(m.lid(r)).isEqualTo(9);
        assertThat(m.portGuid(r)).isEqualTo(0x0002c90100000040L);
        assertThat(m.hopCount(r)).isEqualTo(9);
        assertThat(m.hops(r, 0)).isEqualTo(1);
        assertThat(m.hops(r, 1)).isEqualTo(LidMatrixDumpFile.NO_PATH);
        assertThat(m.hops(r, 7)).isEqualTo(3);
        assertThat(m.hops(r, 9)).isEqualTo(LidMatrixDumpFile.NO_PATH);
    }

    @Test
    void lftEntryWithoutPortGuidIsKeptWithGuidZero() throws Exception {
        LftDumpFile d = LftDumpFile.parse("x", HEADER + "  # a comment\n\n0x0003 005\n1 lids dumped\n");
        assertThat(d.entryCount()).isEqualTo(1);
        assertThat(d.portGuid(0)).isZero();
        assertThat(d.port(0)).isEqualTo(5);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x0001 001 # CA|x:1: expected a switch header 'Unicast lids [...] of switch Lid <lid> guid 0x<guid> (...):' "
                + "before the first LID line, found '0x0001 001 # CA'",
        "Unicast lids [0-3] of switch Lid 1 ('s'):|x:1: expected 'Unicast lids [...] of switch Lid <lid> guid "
                + "0x<guid> (...):', found 'Unicast lids [0-3] of switch Lid 1 ('s'):'",
        "Unicast lids [0-3] of switch Lid 1 guid 0xq ('s'):|x:1: expected a switch GUID 0x<1..16 hex digits> after "
                + "'guid', found '0xq ('s'):'",
        "Multicast mlids [0xc000-0xc001] of switch Lid 1 guid 0x1:|x:1: expected a unicast LFT dump "
                + "(opensm-lfts.dump), found a multicast one "
                + "'Multicast mlids [0xc000-0xc001] of switch Lid 1 guid 0x1:'",
        "garbage|x:1: expected 'Unicast lids [...] of switch Lid <lid> guid 0x<guid> (...):', '0x<lid> <port> # ... "
                + "portguid 0x<guid>: ...' or '<n> lids dumped', found 'garbage'",
    })
    void lftDumpErrorsNameFileAndLine(String text, String message) {
        assertThatThrownBy(() -> LftDumpFile.parse("x", text)).isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0xc000 001|x:2: expected a LID 0x0001..0xbfff, found '0xc000'",
        "0x0000 001|x:2: expected a LID 0x0001..0xbfff, found '0x0000'",
        "0x00001 001|x:2: expected a LID 0x0001..0xbfff, found '0x00001'",
        "0x0001|x:2: expected a port number 0..255 after the LID, found end of line",
        "0x0001 256|x:2: expected a port number 0..255 after the LID, found '256'",
        "0x0001 1x|x:2: expected a port number 0..255 after the LID, found '1x'",
        "0x0001 001 # Switch portguid 0xzz: 's'|x:2: expected a port GUID 0x<1..16 hex digits> after 'portguid', "
                + "found 'portguid 0xzz: 's''",
        "Unicast lids [0-22] of switch Lid 9 guid 0x0002c90100000000 ('again'):|x:2: expected each switch once, "
                + "found switch 0x0002c90100000000 again (first on line 1)",
    })
    void lftEntryErrorsNameFileAndLine(String line, String message) {
        assertThatThrownBy(() -> LftDumpFile.parse("x", HEADER + line + "\n"))
                .isInstanceOf(RoutingFileException.class).hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x0002: 00 ff # portguid 0x1|x:1: expected a switch header 'Switch: guid 0x<guid>' before the first row, "
                + "found '0x0002: 00 ff # portguid 0x1'",
        "Switch: guid 0x1\\n0x0002: 00 fff|x:2: expected a hop count 00..ff, found 'fff'",
        "Switch: guid 0x1\\n0x0002: # portguid 0x1|x:2: expected hop counts (hex, ff = no path) after the LID, found "
                + "none",
        "Switch: guid 0x1\\n0xc000: 00|x:2: expected a LID 0x0001..0xbfff, found '0xc000'",
        "Switch: guid 0x1\\n0x02x: 00|x:2: expected a LID '0x0001..0xbfff:', found '0x02x:'",
        "Switch: guid 0x1\\nSwitch: guid 0x1|x:2: expected each switch once, found switch 0x0000000000000001 again "
                + "(first on line 1)",
        "Switch: node 0x1|x:1: expected 'Switch: guid 0x<guid>', found 'Switch: node 0x1'",
        "Switch: guid 0x1\\nhops|x:2: expected 'Switch: guid 0x<guid>' or '0x<lid>: <hops> ... # portguid 0x<guid>',"
                + " found 'hops'",
    })
    void lidMatrixErrorsNameFileAndLine(String text, String message) {
        assertThatThrownBy(() -> LidMatrixDumpFile.parse("x", text.replace("\\n", "\n")))
                .isInstanceOf(RoutingFileException.class).hasMessage(message);
    }

    @Test
    void missingDumpIsUnreadable() {
        assertThatThrownBy(() -> LidMatrixDumpFile.read(Path.of("/nonexistent/m.dump")))
                .isInstanceOf(RoutingFileException.class).hasMessage("/nonexistent/m.dump: cannot read: no such file");
    }
}
