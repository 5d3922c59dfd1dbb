package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OpenSM's prefix routes file (docs/routers.md): the routes in order, the wildcards, the errors. */
class PrefixRoutesFileTest {

    @Test
    void routesInFileOrderWithWildcardsAndComments() throws Exception {
        PrefixRoutesFile f = PrefixRoutesFile.parse("prefix-routes.conf", """
                # routes to the remote subnets
                0xfec0000000000001  0x0002c90400000001
                fec0000000000002\t2c90400000002   # hex without 0x
                fec0000000000003 *
                * 0x0002c90400000009 extra

                """);

        assertThat(f.routes()).containsExactly(
                new PrefixRoutesFile.Route(0xfec0000000000001L, 0x0002c90400000001L),
                new PrefixRoutesFile.Route(0xfec0000000000002L, 0x0002c90400000002L),
                new PrefixRoutesFile.Route(0xfec0000000000003L, 0),
                new PrefixRoutesFile.Route(0, 0x0002c90400000009L));
        assertThat(f.warnings()).containsExactly("prefix-routes.conf:5: tokens after the router port GUID ignored:"
                + " 'extra'");
        assertThat(f.routeFor(0xfec0000000000002L).routerGuid()).isEqualTo(0x0002c90400000002L);
        assertThat(f.routeFor(0xfec0000000000077L).routerGuid()).as("the wildcard line").isEqualTo(0x0002c90400000009L);
        assertThat(PrefixRoutesFile.parse("x", "fec0000000000001 1\n").routeFor(2)).isNull();
    }

    @Test
    void aMalformedLineRejectsTheFileWithFileAndLine() {
        assertThat(catchThrowableOfType(RoutingFileException.class,
                () -> PrefixRoutesFile.parse("p.conf", "* *\nfec0::1 0x1\n")).getMessage())
                .isEqualTo("p.conf:2: expected a subnet prefix (hex, 0x optional, or *), found 'fec0::1'");
        assertThat(catchThrowableOfType(RoutingFileException.class,
                () -> PrefixRoutesFile.parse("p.conf", "\n0xfec0000000000001\n")).getMessage())
                .isEqualTo("p.conf:2: expected a subnet prefix and a router port GUID, found only"
                        + " '0xfec0000000000001'");
        assertThat(catchThrowableOfType(RoutingFileException.class,
                () -> PrefixRoutesFile.parse("p.conf", "* 0x1234567890abcdef0\n")).getMessage())
                .isEqualTo("p.conf:1: expected a router port GUID (hex, 0x optional, or *), found"
                        + " '0x1234567890abcdef0'");
    }

    @Test
    void noFileNoRoutes(@TempDir Path dir) throws Exception {
        assertThat(PrefixRoutesFile.read(dir.resolve("absent.conf"))).isEqualTo(PrefixRoutesFile.NONE);
        Path f = dir.resolve("routes.conf");
        Files.writeString(f, "* *\n");
        assertThat(PrefixRoutesFile.read(f).routes()).containsExactly(new PrefixRoutesFile.Route(0, 0));
        assertThat(catchThrowableOfType(RoutingFileException.class, () -> PrefixRoutesFile.read(dir)).line())
                .as("a directory").isZero();
    }
}
