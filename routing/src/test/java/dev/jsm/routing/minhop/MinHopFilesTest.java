package dev.jsm.routing.minhop;

import static dev.jsm.routing.minhop.MinHopEngineTest.assertCompleteAndMinimal;
import static dev.jsm.routing.minhop.MinHopEngineTest.route;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.updn.DnUpEngineFactory;
import dev.jsm.routing.updn.UpDnEngineFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * guid_routing_order_file (and _no_scatter), port_prof_ignore_file and port_search_ordering_file on a small fat
 * tree.
 */
class MinHopFilesTest {

    @TempDir
    Path dir;

    /** 4 leaves of 4 hosts, 2 spines, 2 links per leaf-spine pair. */
    private RoutingInput in;
    /** The leaf of the first host and its four up ports, ascending. */
    private int leaf;
    private int[] up;
    /** Base LIDs of the hosts on other leaves, ascending. */
    private List<Integer> remote;

    @BeforeEach
    void fabric() {
        in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        int firstHost = 0;
        while (in.endPortIsSwitch()[firstHost]) {
            firstHost++;
        }
        leaf = in.endPortSwitch()[firstHost];
        up = upPorts(in, leaf);
        remote = new ArrayList<>();
        for (int x = 0; x < in.endPortCount(); x++) {
            if (!in.endPortIsSwitch()[x] && in.endPortSwitch()[x] != leaf) {
                remote.add(in.endPortBaseLid()[x]);
            }
        }
        assertThat(up).hasSize(4);
        assertThat(remote).hasSize(12);
    }

    @Test
    void theRoutingOrderFileDecidesWhoGetsTheIdlePortsFirst() throws IOException {
        int first = remote.get(0);
        int last = remote.get(remote.size() - 1);
        LftTables plain = route(in);
        assertThat(plain.port(leaf, first)).isEqualTo(up[0]);
        assertThat(plain.port(leaf, last)).isNotEqualTo(up[0]);

        LftTables ordered = route(in, orderFile(last));

        assertThat(ordered.port(leaf, last)).isEqualTo(up[0]);
        assertThat(ordered.port(leaf, first)).isEqualTo(up[1]);
        assertCompleteAndMinimal(in, ordered);
        assertThat(perPort(ordered, leaf)).containsOnly(3);
    }

    @Test
    void unknownAndRepeatedGuidsInTheOrderFileAreSkipped() throws IOException {
        int last = remote.get(remote.size() - 1);
        Path p = Files.writeString(dir.resolve("order-extra"), "0x0002c902ffffff01\n"
                + guidOf(last) + "\n" + guidOf(last) + "\n");

        LftTables ordered = route(in, EngineOptions.defaults().with(EngineOptions.GUID_ROUTING_ORDER_FILE,
                p.toString()));

        assertThat(ordered.contentEquals(route(in, orderFile(last)))).isTrue();
    }

    @Test
    void noScatterRoutesTheListedPortsAsWithoutScatter() throws IOException {
        int last = remote.get(remote.size() - 1);
        EngineOptions ordered = orderFile(last);
        EngineOptions scattered = ordered.with(EngineOptions.SCATTER_PORTS, "7");
        LftTables reference = route(in, ordered);

        LftTables withScatter = route(in, scattered);
        LftTables noScatter = route(in, scattered.with(EngineOptions.GUID_ROUTING_ORDER_NO_SCATTER, "TRUE"));

        int differ = 0;
        for (int sw = 0; sw < in.switchCount(); sw++) {
            assertThat(noScatter.port(sw, last)).as("switch %d", sw).isEqualTo(reference.port(sw, last));
            differ += withScatter.port(sw, last) != reference.port(sw, last) ? 1 : 0;
        }
        assertThat(differ).isPositive();
        assertThat(noScatter.contentEquals(reference)).isFalse();
        assertCompleteAndMinimal(in, noScatter);
    }

    @Test
    void anIgnoredPortIsNeverCountedSoItTakesEveryRouteItCan() throws IOException {
        assertThat(perPort(route(in), leaf)).containsOnly(3);
        Path p = Files.writeString(dir.resolve("ignore"), String.format("0x%016x %d%n", in.switchGuid()[leaf],
                up[3]));

        LftTables out = route(in, EngineOptions.defaults().with(EngineOptions.PORT_PROF_IGNORE_FILE, p.toString()));

        assertThat(perPort(out, leaf)).containsExactly(1, 1, 1, 9);
        assertCompleteAndMinimal(in, out);
    }

    @ParameterizedTest
    @CsvSource({"minhop, FALSE", "minhop, TRUE", "updn, FALSE", "updn, TRUE", "dnup, FALSE"})
    void theSearchOrderFileDecidesWhichEquallyLoadedPortIsTakenFirst(String engine, String shifting)
            throws IOException {
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_SHIFTING, shifting);
        LftTables plain = routeWith(engine, options);
        assertThat(plain.port(leaf, remote.get(0))).isEqualTo(up[0]);
        Path p = Files.writeString(dir.resolve("search"), String.format("0x%016x %d %d%n", in.switchGuid()[leaf],
                up[3], up[2]));

        LftTables out = routeWith(engine, options.with(EngineOptions.PORT_SEARCH_ORDERING_FILE, p.toString()));

        assertThat(out.port(leaf, remote.get(0))).isEqualTo(up[3]);
        assertThat(out.port(leaf, remote.get(1))).isEqualTo(up[2]);
        assertThat(out.port(leaf, remote.get(2))).isEqualTo(up[0]);
        assertThat(perPort(out, leaf)).containsOnly(3);
        assertThat(routeWith(engine, options.with(EngineOptions.DIMN_PORTS_FILE, p.toString())).contentEquals(out))
                .isTrue();
    }

    @Test
    void aSearchOrderNamingAPortTheSwitchLacksFailsThePassWithItsLine() throws IOException {
        Path p = Files.writeString(dir.resolve("search"), String.format("# order%n0x%016x 200%n",
                in.switchGuid()[leaf]));
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_SEARCH_ORDERING_FILE, p.toString());

        RouteOutcome outcome = new MinHopEngineFactory().create(options).route(in, LftTables.forInput(in));

        assertThat(outcome.toString()).contains(p + ":2:");
    }

    @Test
    void anUnusableFileFailsThePassWithItsLine() throws IOException {
        Path p = Files.writeString(dir.resolve("ignore"), "# ports\n0x0002c90100000000 x\n");
        EngineOptions options = EngineOptions.defaults().with(EngineOptions.PORT_PROF_IGNORE_FILE, p.toString());

        RouteOutcome outcome = new MinHopEngineFactory().create(options).route(in, LftTables.forInput(in));

        assertThat(outcome).isEqualTo(RouteOutcome.failed(p + ":2: expected a port number 1..254, found 'x'"));
        Path missing = dir.resolve("nosuch");
        assertThat(new MinHopEngineFactory().create(EngineOptions.defaults().with(
                EngineOptions.GUID_ROUTING_ORDER_FILE, missing.toString())).route(in, LftTables.forInput(in)))
                .isEqualTo(RouteOutcome.failed(missing + ": cannot read: no such file"));
    }

    @Test
    void unsetFileOptionsAreAsNone() {
        EngineOptions unset = EngineOptions.defaults().with(EngineOptions.HOP_WEIGHTS_FILE, "(null)")
                .with(EngineOptions.GUID_ROUTING_ORDER_FILE, " ");

        assertThat(route(in, unset).contentEquals(route(in))).isTrue();
    }

    private LftTables routeWith(String engine, EngineOptions options) {
        if (engine.equals("minhop")) {
            return MinHopEngineTest.route(in, options);
        }
        LftTables out = LftTables.forInput(in);
        RouteOutcome outcome = (engine.equals("updn") ? new UpDnEngineFactory() : new DnUpEngineFactory())
                .create(options).route(in, out);
        assertThat(outcome).isEqualTo(RouteOutcome.routed());
        return out;
    }

    private EngineOptions orderFile(int lid) throws IOException {
        Path p = Files.writeString(dir.resolve("order"), "# routed first\n" + guidOf(lid) + "\n");
        return EngineOptions.defaults().with(EngineOptions.GUID_ROUTING_ORDER_FILE, p.toString());
    }

    private String guidOf(int lid) {
        return String.format("0x%016x", in.endPortGuid()[in.lidEndPort()[lid]]);
    }

    /** How many remote host LIDs each up port of {@code sw} carries, in up-port order. */
    private int[] perPort(LftTables out, int sw) {
        int[] n = new int[up.length];
        for (int lid : remote) {
            for (int i = 0; i < up.length; i++) {
                n[i] += out.port(sw, lid) == up[i] ? 1 : 0;
            }
        }
        return n;
    }

    /** The ports of {@code sw} cabled to switches, ascending. */
    static int[] upPorts(RoutingInput in, int sw) {
        List<Integer> ports = new ArrayList<>();
        for (int p = 1; p <= in.switchNumPorts()[sw]; p++) {
            if (in.edgeOfPort(sw, p) >= 0) {
                ports.add(p);
            }
        }
        return ports.stream().mapToInt(Integer::intValue).toArray();
    }
}
