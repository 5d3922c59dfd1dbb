package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The option lists of the README and the operations guide are what {@link OptionStatusDocs} makes of the table. */
class OptionStatusDocsTest {

    private static final String HOW = "out of step with OptionStatusTable; regenerate from the repository root: "
            + "mvn -B -ntp -o -q -pl conf test-compile && "
            + "java -cp conf/target/classes:conf/target/test-classes dev.jsm.conf.OptionStatusDocs";

    @Test
    void readmeListsWhatTheTableSays() throws IOException {
        assertThat(OptionStatusDocs.block(read("README.md"))).as(HOW).isEqualTo(OptionStatusDocs.readmeBlock());
    }

    @Test
    void operationsGuideListsWhatTheTableSays() throws IOException {
        assertThat(OptionStatusDocs.block(read("docs/operations.md"))).as(HOW)
                .isEqualTo(OptionStatusDocs.operationsBlock());
    }

    @Test
    void theListsNameEveryOptionNotFullyImplemented() {
        String readme = OptionStatusDocs.readmeBlock().replace('\n', ' ');
        String guide = OptionStatusDocs.operationsBlock();
        for (String name : new String[] {"force_log_flush"}) {
            assertThat(readme).contains("`" + name + "`");
            assertThat(guide).contains("`" + name + "`");
        }
        assertThat(guide).contains("| `force_log_flush` | not implemented |").doesNotContain("partly implemented |");
    }

    private static String read(String file) throws IOException {
        return Files.readString(Path.of("..").resolve(file), StandardCharsets.UTF_8);
    }
}
