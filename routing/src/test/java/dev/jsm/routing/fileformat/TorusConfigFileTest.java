package dev.jsm.routing.fileformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TorusConfigFileTest {

    /** The example of torus-2QoS.conf(5). */
    private static final String MAN_EXAMPLE = """
            # Look for a 2D (since x radix is one) 4x5 torus.
            torus 1 4 5

            # y is radix-4 torus dimension, need both
            # ym_link and yp_link configuration.
            yp_link 0x200000 0x200005  # sw @ y=0,z=0 -> sw @ y=1,z=0
            ym_link 0x200000 0x20000f  # sw @ y=0,z=0 -> sw @ y=3,z=0

            # z is not radix-4 torus dimension, only need one of
            # zm_link or zp_link configuration.
            zp_link 0x200000 0x200001  # sw @ y=0,z=0 -> sw @ y=0,z=1

            next_seed

            yp_link 0x20000b 0x200010  # sw @ y=2,z=1 -> sw @ y=3,z=1
            ym_link 0x20000b 0x200006  # sw @ y=2,z=1 -> sw @ y=1,z=1
            zp_link 0x20000b 0x20000c  # sw @ y=2,z=1 -> sw @ y=2,z=2

            y_dateline -2  # Move the dateline for this seed
            z_dateline -1  # back to its original position.

            port_order 7 10 8 11 9 12 25 28 26 29 27 30
            """;

    @Test
    void readsTheManPageExample() throws Exception {
        TorusConfigFile c = TorusConfigFile.parse("t.conf", MAN_EXAMPLE);

        assertThat(new int[] {c.radix(0), c.radix(1), c.radix(2)}).containsExactly(1, 4, 5);
        assertThat(c.isTorus(1)).isTrue();
        assertThat(c.seeds()).hasSize(2);
        TorusConfigFile.Seed first = c.seeds().get(0);
        assertThat(first.from()).isEqualTo(0x200000L);
        assertThat(first.link(2)).isEqualTo(0x200005L);
        assertThat(first.link(3)).isEqualTo(0x20000fL);
        assertThat(first.link(4)).isEqualTo(0x200001L);
        assertThat(first.link(0)).isZero();
        assertThat(first.line()).isEqualTo(6);
        TorusConfigFile.Seed second = c.seeds().get(1);
        assertThat(second.from()).isEqualTo(0x20000bL);
        assertThat(second.dateline(1)).isEqualTo(-2);
        assertThat(second.dateline(2)).isEqualTo(-1);
        assertThat(second.line()).isEqualTo(13);
        assertThat(c.portOrder()).containsExactly(7, 10, 8, 11, 9, 12, 25, 28, 26, 29, 27, 30);
        assertThat(c.portgroupMaxPorts()).isEqualTo(16);
        assertThat(c.maxChanges()).isEqualTo(32);
    }

    @Test
    void radixSuffixesMixMeshAndTorus() throws Exception {
        TorusConfigFile a = TorusConfigFile.parse("t", "mesh 3T 4 5\nxp_link 1 2\n");
        TorusConfigFile b = TorusConfigFile.parse("t", "torus 3 4M 5m\nxp_link 1 2\n");
        for (TorusConfigFile c : new TorusConfigFile[] {a, b}) {
            assertThat(new boolean[] {c.isTorus(0), c.isTorus(1), c.isTorus(2)}).containsExactly(true, false, false);
            assertThat(new int[] {c.radix(0), c.radix(1), c.radix(2)}).containsExactly(3, 4, 5);
        }
    }

    @Test
    void lastPortgroupMaxPortsWinsAndDuplicatePortsAreIgnored() throws Exception {
        TorusConfigFile c = TorusConfigFile.parse("t", """
                torus 4 4 4
                xp_link 0x1 0x2 trailing tokens are ignored
                portgroup_max_ports 8
                portgroup_max_ports 20
                port_order 3 1 3 2
                max_changes 5
                """);

        assertThat(c.portgroupMaxPorts()).isEqualTo(20);
        assertThat(c.portOrder()).containsExactly(3, 1, 2);
        assertThat(c.maxChanges()).isEqualTo(5);
    }

    @Test
    void errorsNameFileAndLine() {
        assertError("xp_link 1 2\n", "t:1: expected torus or mesh as the first keyword, found 'xp_link'");
        assertError("torus 6 5x 1\n", "t:1: expected a radix 1..255 with an optional m, M, t or T suffix, "
                + "found '5x'");
        assertError("torus 6 1 1\n", "t:1: expected at least two dimensions of radix above 1 (a 2D or 3D torus), "
                + "found '6 1 1'");
        assertError("torus 6 5\n", "t:1: expected torus x_radix y_radix z_radix, found end of line after 3 fields");
        assertError("torus 6 5 1\nxp_link 0x1 0x2\nyp_link 0x3 0x4\n", "t:3: expected the seed's \"from\" switch "
                + "0x0000000000000001 (all link keywords of a seed share it), found 0x0000000000000003");
        assertError("torus 6 5 1\nxp_link 0x1\n", "t:2: expected xp_link sw0_GUID sw1_GUID, found end of line "
                + "after 2 fields");
        assertError("torus 6 5 1\nxp_link 0x1 0x2\nx_dateline two\n", "t:3: expected a signed decimal position, "
                + "found 'two'");
        assertError("torus 6 5 1\nxp_link 0x1 0x2\nnext_seed\ny_dateline 1\n",
                "t:3: expected seed link keywords (xp_link ... zm_link) in this seed, found none");
        assertError("torus 6 5 1\nxq_link 0x1 0x2\n", "t:2: expected a keyword (torus, mesh, xp_link, xm_link, "
                + "yp_link, ym_link, zp_link, zm_link, x_dateline, y_dateline, z_dateline, next_seed, "
                + "portgroup_max_ports, port_order or max_changes), found 'xq_link'");
        assertError("", "t:1: expected torus or mesh and three radices, found an empty file");
    }

    @Test
    void unreadableFileIsReported(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> TorusConfigFile.read(dir.resolve("none.conf")))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(dir.resolve("none.conf") + ": cannot read: no such file");
        Path p = dir.resolve("t.conf");
        Files.writeString(p, "torus 4 4 4\nxp_link 0x1 0x2\nxm_link 0x1 0x3\n");
        assertThat(TorusConfigFile.read(p).seeds().get(0).link(1)).isEqualTo(3);
    }

    private static void assertError(String text, String message) {
        assertThatThrownBy(() -> TorusConfigFile.parse("t", text))
                .isInstanceOf(RoutingFileException.class)
                .hasMessage(message);
    }
}
