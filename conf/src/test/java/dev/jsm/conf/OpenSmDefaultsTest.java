package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Our defaults are OpenSM 3.3.23's: its own {@code opensm -c} file reads back as exactly our defaults. */
class OpenSmDefaultsTest {

    private static final String SOURCE = ConfFixtures.OPENSM_DEFAULT_CONF;

    @Test
    void openSmsFileReadsWithoutProblems() {
        ConfFile file = OpenSmConfReader.parse(SOURCE, ConfFixtures.resource(SOURCE));
        assertThat(file.warnings()).isEmpty();
        assertThat(file.errors()).isEmpty();
        assertThat(file.values()).hasSize(160);
    }

    @Test
    void everyValueInOpenSmsFileIsOurDefault() {
        ConfFile file = OpenSmConfReader.parse(SOURCE, ConfFixtures.resource(SOURCE));
        for (Option<?> o : OptionTable.all()) {
            assertThat(file.sets(o)).as(o.name()).isTrue();
            assertThat(file.values().get(o)).as(o.name()).isEqualTo(o.defaultValue());
        }
        assertThat(SmOptions.fromFile(file)).isEqualTo(SmOptions.defaults());
    }

    /** Not only equal values: the same spelling ({@code 0x12}, {@code 0x0000000000000001}, {@code 0x0}). */
    @Test
    void everyDefaultIsWrittenAsOpenSmWritesIt() {
        List<String> openSm = valueLines(ConfFixtures.resource(SOURCE));
        List<String> ours = valueLines(ConfWriter.render(SmOptions.defaults()));
        assertThat(ours).containsExactlyElementsOf(openSm);
    }

    private static List<String> valueLines(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                lines.add(line);
            }
        }
        return lines;
    }
}
