package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one-GUID-per-line format of root_guid_file, cn_guid_file, io_guid_file and guid_routing_order_file. */
class GuidListFileTest {

    @TempDir
    Path dir;

    @Test
    void readsGuidsInFileOrderSkippingCommentsAndBlankLines() throws Exception {
        Path p = Files.writeString(dir.resolve("roots"), """
                # spines of row 1
                0x0002c90100000200

                  0x0002C90100000210   # trailing comment\r
                12345
                0x0002c90100000200
                """);

        GuidListFile f = GuidListFile.read(p);

        assertThat(f.guids()).containsExactly(0x0002c90100000200L, 0x0002c90100000210L, 12345L,
                0x0002c90100000200L);
        assertThat(f.size()).isEqualTo(4);
        assertThat(f.line(0)).isEqualTo(2);
        assertThat(f.line(1)).isEqualTo(4);
        assertThat(f.where(2)).isEqualTo(p + ":5");
        assertThat(f.guid(3)).isEqualTo(0x0002c90100000200L);
        assertThat(f.source()).isEqualTo(p.toString());
        assertThat(f.toString()).isEqualTo("GuidListFile[" + p + ", 4 GUIDs [0x0002c90100000200, "
                + "0x0002c90100000210, 0x0000000000003039, 0x0002c90100000200]]");
    }

    @Test
    void anEmptyFileOrOneOfCommentsListsNothing() throws Exception {
        assertThat(GuidListFile.parse("empty", "").isEmpty()).isTrue();
        assertThat(GuidListFile.parse("comments", "# none\n\n   \n#0x1\n").size()).isZero();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x12 0x34|roots:1: expected one GUID per line (end of line after 1 field), found '0x34'",
        "0xg1|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found '0xg1'",
        "0x|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found '0x'",
        "0x00000000000000001|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found "
            + "'0x00000000000000001'",
        "0002c90100000200|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found "
            + "'0002c90100000200'",
        "switch1|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found 'switch1'",
        "-5|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found '-5'",
        "0x0|roots:1: expected a non-zero GUID, found '0x0'",
        "0|roots:1: expected a non-zero GUID, found '0'",
        "18446744073709551616|roots:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found "
            + "'18446744073709551616'"})
    void rejectsMalformedLinesWithFileAndLine(String line, String message) {
        assertThatThrownBy(() -> GuidListFile.parse("roots", line))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }

    @Test
    void reportsTheLineOfTheFirstBadEntry() {
        assertThatThrownBy(() -> GuidListFile.parse("/etc/opensm/roots", "# roots\n0x1\n\n0x2,0x3\n"))
                .isInstanceOfSatisfying(RoutingFileException.class, e -> {
                    assertThat(e.source()).isEqualTo("/etc/opensm/roots");
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.detail()).isEqualTo("expected a GUID (0x followed by 1..16 hex digits, or decimal),"
                            + " found '0x2,0x3'");
                });
    }

    @Test
    void aMissingFileIsOneLine() {
        Path missing = dir.resolve("nope");

        assertThatThrownBy(() -> GuidListFile.read(missing))
                .isInstanceOfSatisfying(RoutingFileException.class, e -> {
                    assertThat(e).hasMessage(missing + ": cannot read: no such file");
                    assertThat(e.line()).isZero();
                });
    }

    @Test
    void largestGuidAndDecimalMaximum() throws Exception {
        GuidListFile f = GuidListFile.parse("g", "0xffffffffffffffff\n18446744073709551615\n");

        assertThat(f.guids()).containsExactly(-1L, -1L);
    }
}
