package dev.jsm.mad.umad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.LocalPort;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The parts of the binding that need no InfiniBand device: availability, options, errno texts, port views. */
class UmadTest {

    @Test
    void availabilityMatchesTheInstalledLibrary() throws Exception {
        boolean installed = Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libibumad.so.3"));
        assertThat(Umad.isAvailable()).isEqualTo(installed);
        if (installed) {
            assertThat(Umad.unavailabilityCause()).isNull();
            Umad.ensureAvailability();
            assertThat(Umad.umad_size()).as("old ABI header size before any port is opened").isEqualTo(56);
        } else {
            assertThatThrownBy(Umad::ensureAvailability).isInstanceOf(UmadException.class)
                    .hasMessageStartingWith("cannot load libibumad.so.3");
        }
    }

    @Test
    void errnoTextsNameTheCode() {
        assertThat(Errno.text(-13)).isEqualTo("permission denied (EACCES)");
        assertThat(Errno.text(110)).isEqualTo("timed out (ETIMEDOUT)");
        assertThat(Errno.text(-999)).isEqualTo("errno 999");
    }

    @Test
    void optionsRejectNonsense() {
        UmadChannel.Options o = UmadChannel.Options.defaults().withSaServer(true).withRequestTimeoutMs(200);
        assertThat(o).isEqualTo(new UmadChannel.Options(true, 200, 1000));
        assertThatThrownBy(() -> new UmadChannel.Options(false, -1, 100)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UmadChannel.Options(false, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void portViews() {
        UmadPort p = new UmadPort("mlx5_0", 1, 12, 0, 1, 0, 4, 5, 100, 0x02510a6a, 0xfe80000000000000L,
                0x0002c90300a1b2c3L, "InfiniBand");
        assertThat(p.toLocalPort()).isEqualTo(new LocalPort("mlx5_0", 1, 0x0002c90300a1b2c3L, 12, 1, 4));
        assertThat(p.isInfiniBand()).isTrue();
        assertThat(p.physStateName()).isEqualTo("LinkUp");
        assertThat(p.label()).isEqualTo("mlx5_0/1");
        UmadPort roce = new UmadPort("mlx5_1", 1, 0, 0, 0, 0, 4, 5, 100, 0, 0, 1, "Ethernet");
        assertThat(roce.isInfiniBand()).isFalse();
    }

    @Test
    void networkOrderConversion() {
        assertThat(UmadDevices.fromNetwork(Long.reverseBytes(0x0002c90200000001L))).isEqualTo(0x0002c90200000001L);
        assertThat(UmadDevices.fromNetwork(Integer.reverseBytes(0x02510a6a))).isEqualTo(0x02510a6a);
    }
}
