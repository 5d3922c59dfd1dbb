package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository is self-contained: what the code relies on is written under {@code docs/} and cited from there, so
 * no tracked source, script or page may name a document outside the repository, and every {@code docs/...} citation
 * and every relative Markdown link must lead to a page (and heading) that exists ({@link RepositoryCitations}).
 */
class DocCitationsTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void theRepositoryCitesOnlyItselfAndEveryCitationResolves() throws Exception {
        assertThat(ROOT.resolve("docs/reference")).isDirectory();
        RepositoryCitations citations = new RepositoryCitations(ROOT);
        List<String> files = citations.files();
        assertThat(files).contains("README.md", "docs/reference/mad-formats.md",
                "packaging/src/test/java/dev/jsm/packaging/DocCitationsTest.java");

        assertThat(citations.problems(files)).as("citations that do not resolve or leave the repository").isEmpty();
    }

    @Test
    void namesOfOutsideDocumentsAreFound() throws Exception {
        RepositoryCitations citations = new RepositoryCitations(dir);
        String[] outside = {"FACTS" + ".md 2.3", "FACTS" + " 1.4", "/work" + "/shared/fabrics",
            "../shared" + "/ECOSYSTEM.md", "seed" + " 004", "Seed" + " 002's", "design note" + " 001"};
        for (String name : outside) {
            assertThat(citations.problems("A.java", "/** As " + name + " says. */"))
                    .as(name).singleElement().asString().startsWith("A.java:1: names a document outside");
        }
        assertThat(citations.problems("A.java", "/** a torus seed, seed 7, the seed's switch */")).isEmpty();
    }

    @Test
    void docsPathsMustExistWithTheirAnchors() throws Exception {
        Files.createDirectories(dir.resolve(docs("DOCS/reference")));
        Files.writeString(dir.resolve(docs("DOCS/reference/page.md")), """
                # Page
                ## Port bring-up
                ```sh
                # not a heading
                ```
                ## Multicast: MCMemberRecord (`sa/mcast`)
                ## Port bring-up
                """);
        RepositoryCitations citations = new RepositoryCitations(dir);

        assertThat(citations.problems("A.java", docs("""
                /**
                 * DOCS/reference/page.md#port-bring-up, DOCS/reference/page.md#port-bring-up-1 and
                 * DOCS/reference/page.md#multicast-mcmemberrecord-samcast; DOCS/reference/.
                 */"""))).isEmpty();
        assertThat(citations.problems("A.java", docs("\n * see DOCS/reference/gone.md."))).singleElement().asString()
                .isEqualTo(docs("A.java:2: cites DOCS/reference/gone.md, which does not exist"));
        assertThat(citations.problems("A.java", docs("DOCS/reference/page.md#not-a-heading"))).singleElement()
                .asString().contains("page.md has no heading with that anchor");
    }

    @Test
    void markdownLinksResolveFromThePageTheyAreOn() throws Exception {
        Files.createDirectories(dir.resolve(docs("DOCS/reference")));
        Files.writeString(dir.resolve(docs("DOCS/ops.md")), "# Ops\n## Signals and exit statuses\n");
        Files.writeString(dir.resolve(docs("DOCS/reference/page.md")), "# Page\n## Here\n");
        RepositoryCitations citations = new RepositoryCitations(dir);

        assertThat(citations.problems(docs("DOCS/reference/page.md"),
                "[a](../ops.md#signals-and-exit-statuses) [b](#here) [c](https://example.org/x) [d](page.md)"))
                .isEmpty();
        assertThat(citations.problems(docs("DOCS/reference/page.md"), "[a](ops.md) [b](#there)")).hasSize(2);
        assertThat(citations.problems(docs("DOCS/reference/page.md"), "```\n[a](ops.md)\n```")).isEmpty();
    }

    /** {@code text} with DOCS/ as docs/: citations in this file that are not meant for the repository's own check. */
    private static String docs(String text) {
        return text.replace("DOCS/", "docs/");
    }
}
