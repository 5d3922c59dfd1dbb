package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code <guid> <id>} format of ids_guid_file. */
class GuidIdFileTest {

    @TempDir
    Path dir;

    @Test
    void readsPairsInFileOrder() throws Exception {
        Path p = Files.writeString(dir.resolve("ids"), "# switch ids\n0x0002c90100000200 7\n\n"
                + "0x0002c90100000210\t0x10 # spine 2\n");

        GuidIdFile f = GuidIdFile.read(p);

        assertThat(f.size()).isEqualTo(2);
        assertThat(f.guid(0)).isEqualTo(0x0002c90100000200L);
        assertThat(f.id(0)).isEqualTo(7);
        assertThat(f.guid(1)).isEqualTo(0x0002c90100000210L);
        assertThat(f.id(1)).isEqualTo(16);
        assertThat(f.line(1)).isEqualTo(4);
        assertThat(f.where(0)).isEqualTo(p + ":2");
        assertThat(GuidIdFile.parse("ids", "0x300 0").id(0)).isZero();
        assertThat(f.toString()).isEqualTo("GuidIdFile[" + p + ", 2 pairs]");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0x200|ids:1: expected <guid> <id>, found end of line after 1 field",
        "0x200 1 2|ids:1: expected <guid> <id> (end of line after 2 fields), found '2'",
        "0x200 one|ids:1: expected an id (0x followed by 1..16 hex digits, or decimal), found 'one'",
        "0x0 1|ids:1: expected a non-zero GUID, found '0x0'",
        "zz 1|ids:1: expected a GUID (0x followed by 1..16 hex digits, or decimal), found 'zz'"})
    void rejectsMalformedLines(String line, String message) {
        assertThatThrownBy(() -> GuidIdFile.parse("ids", line))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }

    @Test
    void rejectsAGuidGivenTwice() {
        assertThatThrownBy(() -> GuidIdFile.parse("ids", "0x200 1\n0x210 2\n0x200 3\n"))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage("ids:3: expected each GUID once, found 0x0000000000000200 again (first on line 1)");
    }
}
