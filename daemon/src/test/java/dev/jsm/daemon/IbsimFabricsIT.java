package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The daemon's real {@code main} on each example fabric under Debian's ibsim: SUBNET UP, every node has a LID
 * ({@code ibnetdiscover}), and every switch's LFT ({@code dump_lfts}) delivers every LID ({@link FabricDump}).
 */
@Tag("ibsim")
class IbsimFabricsIT {

    @ParameterizedTest
    @ValueSource(strings = {"torus-6x5.net", "torus-4x4x4.net", "mesh-5x5.net", "hypercube-5.net", "random-40.net"})
    void everySwitchReachesEveryLid(String net) throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimResult r = IbsimHarness.builder(Path.of("..", "fabrics", net)).timeout(Duration.ofSeconds(180))
                .env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build()
                .run(IbsimSubnetUpProbe.class, "-f", "opensm.log", "-s", "0");
        assertThat(r.exitCode()).as(r::describe).isZero();
        assertThat(r.lines("UP ")).hasSize(1);
        FabricDump d = new FabricDump();
        d.readIbnetdiscover(strip(r.lines("IBND ")));
        d.readDumpLfts(strip(r.lines("LFTS ")));
        assertThat(d.lids).isNotEmpty().doesNotContainValue(0);
        assertThat(d.lfts).isNotEmpty();
        assertThat(d.unreachable()).as(net).isEmpty();
        assertThat(r.lines("TRACE-RC ")).containsExactly("TRACE-RC 0");
        assertThat(r.lines("TRACE To ")).as(String.join("\n", r.lines("TRACE "))).hasSize(1);
        System.out.println("[ibsim] " + net + ": " + d.lids.size() + " nodes, SUBNET UP after "
                + r.lines("UP ").get(0).substring(3) + " ms");
    }

    private static List<String> strip(List<String> lines) {
        return lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
    }
}
