package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one loop the routing file readers share: line ends, comments, blank lines, line numbers, errors. */
class SourceLinesTest {

    private static final String TEXT = "  first  \r\n\n# comment\r  second # tail\n\t\nthird#x\r\n"
            + "   # indented comment\n";

    @Test
    void commentsToTheEndOfALineAreCutAndLinesKeepTheirNumbers() {
        assertThat(walk(SourceLines.of("f", TEXT), SourceLines.Comments.TO_END_OF_LINE))
                .containsExactly("1:first", "4:second", "6:third");
    }

    @Test
    void wholeLineCommentsKeepALaterHash() {
        assertThat(walk(SourceLines.of("f", TEXT), SourceLines.Comments.WHOLE_LINE))
                .containsExactly("1:first", "4:second # tail", "6:third#x");
    }

    @Test
    void anEmptyTextHasNoLines() {
        assertThat(walk(SourceLines.of("f", ""), SourceLines.Comments.WHOLE_LINE)).isEmpty();
    }

    @Test
    void errorsNameFileAndLine(@TempDir Path dir) {
        SourceLines text = SourceLines.of("conf/x.txt", TEXT);
        assertThat(text.source()).isEqualTo("conf/x.txt");
        assertThat(text.error(4, "a GUID", "'second'")).hasMessage("conf/x.txt:4: expected a GUID, found 'second'");

        Path missing = dir.resolve("missing.txt");
        assertThatThrownBy(() -> SourceLines.read(missing)).isInstanceOf(RoutingFileException.class)
                .hasMessage(missing + ": cannot read: no such file");
    }

    private static List<String> walk(SourceLines text, SourceLines.Comments comments) {
        List<String> out = new ArrayList<>();
        for (SourceLines.Cursor c = text.cursor(comments); c.next(); ) {
            out.add(c.number() + ":" + c.text());
        }
        return out;
    }
}
