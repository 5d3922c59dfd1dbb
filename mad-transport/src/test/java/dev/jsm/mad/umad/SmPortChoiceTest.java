package dev.jsm.mad.umad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SM's port chosen from fake sysfs trees laid out as the kernel's {@code /sys/class/infiniband}. */
class SmPortChoiceTest {

    @TempDir
    Path root;

    @Test
    void aRoceNicListedFirstIsPassedOverForTheHca() throws IOException {
        port("mlx5_0", 1, "Ethernet", "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0202:c9ff:fe00:0001");
        port("mlx5_1", 1, "InfiniBand", "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0002:c903:0000:1234");

        List<UmadPort> ports = SysfsPorts.read(root);
        SmPortChoice choice = SmPortChoice.among(ports);

        assertThat(ports).extracting(UmadPort::label).containsExactly("mlx5_0/1", "mlx5_1/1");
        assertThat(choice.port().label()).isEqualTo("mlx5_1/1");
        assertThat(choice.port().portGuid()).isEqualTo(0x0002c90300001234L);
        assertThat(choice.port().gidPrefix()).isEqualTo(0xfe80000000000000L);
        assertThat(choice.why()).isEqualTo("the first Active InfiniBand port; not InfiniBand: mlx5_0/1 (link layer"
                + " Ethernet)");
    }

    @Test
    void anActivePortWinsOverAnEarlierOneWhoseCableIsOut() throws IOException {
        port("mlx5_0", 1, "InfiniBand", "1: DOWN", "2: Polling", "fe80:0000:0000:0000:0002:c903:0000:0001");
        port("mlx5_0", 2, "InfiniBand", "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0002:c903:0000:0002");

        SmPortChoice choice = SmPortChoice.among(SysfsPorts.read(root));

        assertThat(choice.port().label()).isEqualTo("mlx5_0/2");
        assertThat(choice.why()).isEqualTo("the first Active InfiniBand port");
    }

    @Test
    void withoutAnActivePortTheFirstWithALinkIsChosen() throws IOException {
        port("mlx4_0", 1, "InfiniBand", "1: DOWN", "2: Polling", "fe80:0000:0000:0000:0002:c903:0000:0001");
        port("mlx4_0", 2, "InfiniBand", "2: INIT", "5: LinkUp", "fe80:0000:0000:0000:0002:c903:0000:0002");

        SmPortChoice choice = SmPortChoice.among(SysfsPorts.read(root));

        assertThat(choice.port().label()).isEqualTo("mlx4_0/2");
        assertThat(choice.why()).isEqualTo("no InfiniBand port is Active; the first whose link is up (Init)");
    }

    @Test
    void aMissingLinkLayerFileMeansInfiniBand() throws IOException {
        port("mthca0", 1, null, "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0002:c903:0000:0007");

        UmadPort only = SysfsPorts.read(root).get(0);

        assertThat(only.isInfiniBand()).isTrue();
        assertThat(SmPortChoice.among(List.of(only)).port()).isEqualTo(only);
    }

    @Test
    void portsAreTakenInCaThenNumericPortOrder() throws IOException {
        port("mlx5_1", 10, "InfiniBand", "1: DOWN", "3: Disabled", "fe80:0000:0000:0000:0000:0000:0000:000a");
        port("mlx5_1", 2, "InfiniBand", "1: DOWN", "3: Disabled", "fe80:0000:0000:0000:0000:0000:0000:0002");
        port("mlx5_0", 1, "InfiniBand", "1: DOWN", "2: Polling", "fe80:0000:0000:0000:0000:0000:0000:0001");

        List<UmadPort> ports = SysfsPorts.read(root);

        assertThat(ports).extracting(UmadPort::label).containsExactly("mlx5_0/1", "mlx5_1/2", "mlx5_1/10");
        assertThat(SmPortChoice.among(ports).why()).isEqualTo("no InfiniBand port has a link; the first one");
        assertThat(SmPortChoice.among(ports).port().label()).isEqualTo("mlx5_0/1");
    }

    @Test
    void onlyEthernetPortsIsAClearError() throws IOException {
        port("rxe0", 1, "Ethernet", "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0202:c9ff:fe00:0001");
        port("irdma0", 1, "Ethernet", "4: ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0202:c9ff:fe00:0002");

        List<UmadPort> ports = SysfsPorts.read(root);

        assertThatThrownBy(() -> SmPortChoice.among(ports)).isInstanceOf(UmadException.class)
                .hasMessage("no InfiniBand port among the local ports: irdma0/1 (link layer Ethernet), rxe0/1 (link"
                        + " layer Ethernet)")
                .extracting(e -> ((UmadException) e).reason()).isEqualTo(UmadException.Reason.NO_DEVICE);
    }

    @Test
    void noTreeIsNoPortAndNoChoice() throws IOException {
        assertThat(SysfsPorts.read(root.resolve("absent"))).isEmpty();
        assertThatThrownBy(() -> SmPortChoice.among(List.of())).hasMessage("no local RDMA port found");
    }

    @Test
    void ofAnEthernetPortOnlyTheLinkLayerAndStatesAreRead() throws IOException {
        Path dir = port("mlx5_0", 1, "Ethernet", "4: ACTIVE", "5: LinkUp", "not read");

        UmadPort p = SysfsPorts.read(root).get(0);

        assertThat(p.linkLayer()).isEqualTo("Ethernet");
        assertThat(p.state()).isEqualTo(4);
        assertThat(p.physState()).isEqualTo(5);
        assertThat(p.portGuid()).isZero();
        assertThat(dir.resolve("gids/0")).exists();
    }

    @Test
    void aMalformedFileIsNamedInTheError() throws IOException {
        Path dir = port("mlx5_0", 1, "InfiniBand", "ACTIVE", "5: LinkUp", "fe80:0000:0000:0000:0000:0000:0000:0001");

        assertThatThrownBy(() -> SysfsPorts.read(root)).isInstanceOf(IOException.class)
                .hasMessage(dir.resolve("state") + ":1: 'ACTIVE' is not a leading decimal number");
    }

    @Test
    void aMalformedGidIsNamedInTheError() throws IOException {
        Path dir = port("mlx5_0", 1, "InfiniBand", "4: ACTIVE", "5: LinkUp", "fe80::1");

        assertThatThrownBy(() -> SysfsPorts.read(root)).isInstanceOf(IOException.class)
                .hasMessage(dir.resolve("gids/0") + ":1: 'fe80::1' is not eight groups of four hex digits separated"
                        + " by ':'");
    }

    /** One port directory as the kernel writes it; {@code linkLayer == null} leaves the file out. */
    private Path port(String ca, int num, String linkLayer, String state, String phys, String gid) throws IOException {
        Path dir = Files.createDirectories(root.resolve(ca).resolve("ports").resolve(String.valueOf(num)));
        Files.createDirectories(dir.resolve("gids"));
        if (linkLayer != null) {
            Files.writeString(dir.resolve("link_layer"), linkLayer + "\n");
        }
        Files.writeString(dir.resolve("state"), state + "\n");
        Files.writeString(dir.resolve("phys_state"), phys + "\n");
        Files.writeString(dir.resolve("gids").resolve("0"), gid + "\n");
        return dir;
    }
}
