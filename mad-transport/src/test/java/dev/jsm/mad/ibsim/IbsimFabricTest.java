package dev.jsm.mad.ibsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.DrPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link IbsimFabric}: the net-file model the ibsim tests take their expectations from. */
class IbsimFabricTest {

    @Test
    void fatTreeRoutesMatchWhatIbsimAnswered() throws Exception {
        IbsimFabric f = IbsimFabric.read(resource("fat2-16.net"));
        assertThat(f.nodeCount()).isEqualTo(22);
        assertThat(f.name(0)).isEqualTo("host-0-0");
        assertThat(f.maxHops()).isEqualTo(4);
        // the GUIDs UmadChannelIT reads from ibsim along 0,1,5,3,2
        assertThat(f.nodeGuid(f.nodeAt(DrPath.of(1)))).isEqualTo(0x0002c90100000000L);
        assertThat(f.nodeGuid(f.nodeAt(DrPath.of(1, 5)))).isEqualTo(0x0002c90100000040L);
        assertThat(f.nodeGuid(f.nodeAt(DrPath.of(1, 5, 3, 2)))).isEqualTo(0x0002c90200000050L);
        assertThat(f.nodeAt(DrPath.of(1, 9))).as("port 9 of an 8-port switch").isEqualTo(-1);
    }

    @Test
    void meshHasRoutesOfEveryLengthUpToTen() throws Exception {
        IbsimFabric f = IbsimFabric.read(Path.of(System.getProperty("basedir", "."), "..", "fabrics",
                "mesh-5x5.net"));
        assertThat(f.nodeCount()).isEqualTo(75);
        assertThat(f.maxHops()).isEqualTo(10);
        for (int h = 0; h <= f.maxHops(); h++) {
            assertThat(f.route(h).hopCount()).isEqualTo(h);
            assertThat(f.nodeAt(f.route(h))).isNotNegative();
        }
        DrPath dead = f.unroutableRoute();
        int sw = f.nodeAt(DrPath.of(1));
        assertThat(f.nodeAt(dead)).isEqualTo(-1);
        int[] egress = f.egressPorts(sw);
        assertThat(egress[sw]).isZero();
        assertThat(egress[0]).as("back to the SM's host").isEqualTo(5);
        for (int node = 0; node < f.nodeCount(); node++) {
            assertThat(egress[node]).isBetween(0, f.numPorts(sw));
        }
    }

    @Test
    void nodeWithoutGuidIsAnErrorWithFileAndLine() throws Exception {
        Path lonely = resource("lonely.net");
        assertThatThrownBy(() -> IbsimFabric.read(lonely)).isInstanceOf(IOException.class)
                .hasMessage(lonely + ":3: expected a switchguid=/caguid= line before node sw");
    }

    @Test
    void unknownLinesAndPeersAreErrorsWithFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.net");
        Files.writeString(bad, "caguid=0x10\nHca 1 \"a\"\n[1] \"b\"[1]\nbogus\n");
        assertThatThrownBy(() -> IbsimFabric.read(bad)).hasMessage(bad + ":4: expected switchguid=, caguid=,"
                + " Switch, Hca or [port] \"peer\"[port]");
        Files.writeString(bad, "caguid=0x10\nHca 1 \"a\"\n[1] \"b\"[1]\n");
        assertThatThrownBy(() -> IbsimFabric.read(bad)).hasMessage(bad + ":3: cable from port 1 to unknown node \"b\"");
    }

    private static Path resource(String name) throws Exception {
        return Path.of(IbsimFabricTest.class.getResource("/fabrics/" + name).toURI());
    }
}
