package dev.jsm.routing.sssp;

import static dev.jsm.routing.sssp.SsspTesting.VERIFIER;
import static dev.jsm.routing.sssp.SsspTesting.WITH_SWITCHES;
import static dev.jsm.routing.sssp.SsspTesting.assertCompleteAndMinimal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.Guid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** sssp and dfsssp with cn_guid_file and io_guid_file: compute nodes routed first, then I/O nodes, then the rest. */
class GuidFilesTest {

    /**
     * The fabric of OpenSM's man page: three compute nodes on s1, two I/O nodes and a compute node on s2, two cables
     * between the switches. The I/O nodes take LIDs 6 and 8, with the compute node's 7 between them.
     */
    private static final String TWO_SWITCHES = """
            switchguid=0x0002c90100000010
            Switch 5 "s1"
            [1] "cn1"[1]
            [2] "cn2"[1]
            [3] "cn3"[1]
            [4] "s2"[4]
            [5] "s2"[5]

            switchguid=0x0002c90100000020
            Switch 5 "s2"
            [1] "io1"[1]
            [2] "cn4"[1]
            [3] "io2"[1]
            [4] "s1"[4]
            [5] "s1"[5]

            """;

    private static final EngineOption<?> CN = EngineOptions.CN_GUID_FILE;
    private static final EngineOption<?> IO = EngineOptions.IO_GUID_FILE;

    @TempDir
    Path dir;

    static Stream<RoutingEngineFactory> engines() {
        return Stream.of(new SsspEngineFactory(), new DfssspEngineFactory());
    }

    private static RoutingInput twoSwitches() throws Exception {
        StringBuilder net = new StringBuilder(TWO_SWITCHES);
        String[] cas = {"cn1", "cn2", "cn3", "io1", "cn4", "io2"};
        String[] peers = {"s1\"[1]", "s1\"[2]", "s1\"[3]", "s2\"[1]", "s2\"[2]", "s2\"[3]"};
        for (int i = 0; i < cas.length; i++) {
            net.append("caguid=0x0002c9020000000").append(i + 1).append("\nHca 1 \"").append(cas[i])
                    .append("\"\n[1] \"").append(peers[i]).append("\n\n");
        }
        return TopologySubnets.input(TopologyReader.parse(net.toString(), "man-page"), 0);
    }

    @ParameterizedTest
    @MethodSource("engines")
    void givesTheIoNodesOfASwitchSeparateCablesWhenIoGuidFileNamesThem(RoutingEngineFactory engine) throws Exception {
        RoutingInput in = twoSwitches();
        int s1 = in.endPortSwitch()[port(in, "cn1")];
        int io1 = lid(in, "io1");
        int io2 = lid(in, "io2");

        LftTables plain = route(engine, in, EngineOptions.defaults()).lfts();
        LftTables withIo = route(engine, in, file(IO, guids(in, "io1", "io2"))).lfts();

        assertThat(plain.port(s1, io1)).as("without the file both I/O nodes share a cable")
                .isEqualTo(plain.port(s1, io2));
        assertThat(withIo.port(s1, io1)).isNotEqualTo(withIo.port(s1, io2));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void halvesTheBusiestComputeNodeLinkOnATorusWhenCnGuidFileNamesOneHostPerSwitch(RoutingEngineFactory engine)
            throws Exception {
        RoutingInput in = TopologySubnets.input("torus:dims=4x4,hosts=2", 0);
        List<Integer> cns = new ArrayList<>();
        StringBuilder text = new StringBuilder("# the first host of every switch\n");
        boolean[] taken = new boolean[in.switchCount()];
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (!in.endPortIsSwitch()[ep] && !taken[sw]) {
                taken[sw] = true;
                cns.add(ep);
                text.append(Guid.toString(in.endPortGuid()[ep])).append('\n');
            }
        }

        long plain = busiestLink(in, route(engine, in, EngineOptions.defaults()).lfts(), cns);
        SsspTesting.Result r = route(engine, in, file(CN, text.toString()));

        assertThat(plain).isEqualTo(16);
        assertThat(busiestLink(in, r.lfts(), cns)).isEqualTo(8);
        assertCompleteAndMinimal(in, r, engine instanceof DfssspEngineFactory ? WITH_SWITCHES : VERIFIER);
        assertThat(r.outcome().notes()).isEmpty();
    }

    @Test
    void routesComputeNodesThenIoNodesThenTheOthersThenTheSwitches() throws Exception {
        RoutingInput in = twoSwitches();
        List<String> notes = new ArrayList<>();
        SsspOptions options = SsspOptions.from(file(file(EngineOptions.defaults(), CN, guids(in, "cn4", "cn2")),
                IO, guids(in, "io2", "cn2")));
        SsspGraph g = new SsspGraph(in);

        int[] order = DestinationOrder.of(g, SsspEngine.groups(in, options, notes));

        assertThat(order).containsExactly(lid(in, "cn2"), lid(in, "cn4"), lid(in, "io2"), lid(in, "cn1"),
                lid(in, "cn3"), lid(in, "io1"), 1, 2);
        assertThat(DestinationOrder.interleaved(g, SsspEngine.groups(in, options, notes))).containsExactly(
                lid(in, "cn2"), lid(in, "cn4"), lid(in, "io2"), lid(in, "cn1"), lid(in, "io1"), lid(in, "cn3"), 1, 2);
        assertThat(notes).isEmpty();
    }

    @Test
    void routesTheIoNodesFirstWhenOnlyIoGuidFileIsGiven() throws Exception {
        RoutingInput in = twoSwitches();
        SsspOptions options = SsspOptions.from(file(IO, guids(in, "io2")));

        int[] order = DestinationOrder.of(new SsspGraph(in), SsspEngine.groups(in, options, new ArrayList<>()));

        assertThat(order).startsWith(lid(in, "io2"), lid(in, "cn1"), lid(in, "cn2"), lid(in, "cn3"), lid(in, "io1"));
    }

    @ParameterizedTest
    @MethodSource("engines")
    void ignoresAFileWithoutGuidsAndSkipsUnknownGuidsWithNotes(RoutingEngineFactory engine) throws Exception {
        RoutingInput in = twoSwitches();
        LftTables plain = route(engine, in, EngineOptions.defaults()).lfts();

        SsspTesting.Result empty = route(engine, in, file(CN, "# nothing yet\n\n"));
        SsspTesting.Result unknown = route(engine, in, file(IO, "0x0000000000000bad\n0x0002c90100000010\n"));

        assertThat(empty.lfts().contentEquals(plain)).isTrue();
        assertThat(empty.outcome().notes()).containsExactly("cn_guid_file " + dir.resolve("cn_guid_file.txt")
                + " lists no GUID, ignored");
        assertThat(unknown.outcome().notes()).containsExactly("io_guid_file: 2 GUIDs are not a CA or router port "
                + "cabled to a switch (first 0x0000000000000bad), skipped");
    }

    @ParameterizedTest
    @MethodSource("engines")
    void failsNamingTheFileAndLineOfAMalformedOrMissingFile(RoutingEngineFactory engine) throws Exception {
        RoutingInput in = twoSwitches();
        String name = engine.name();

        RouteOutcome malformed = outcome(engine, in, file(IO, "0x0002c90200000004\nio2\n"));
        RouteOutcome missing = outcome(engine, in, EngineOptions.defaults().with(CN, dir.resolve("gone").toString()));

        assertThat(malformed).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) malformed).reason())
                .startsWith(name + ": " + dir.resolve("io_guid_file.txt") + ":2: ");
        assertThat(missing).isInstanceOf(RouteOutcome.Failed.class);
        assertThat(((RouteOutcome.Failed) missing).reason())
                .startsWith(name + ": " + dir.resolve("gone") + ": cannot read");
    }

    private EngineOptions file(EngineOption<?> key, String text) throws IOException {
        return file(EngineOptions.defaults(), key, text);
    }

    private EngineOptions file(EngineOptions options, EngineOption<?> key, String text) throws IOException {
        Path p = Files.writeString(dir.resolve(key.name() + ".txt"), text);
        return options.with(key, p.toString());
    }

    private static RouteOutcome outcome(RoutingEngineFactory engine, RoutingInput in, EngineOptions options) {
        return engine.create(options).route(in, LftTables.forInput(in));
    }

    private static SsspTesting.Result route(RoutingEngineFactory engine, RoutingInput in, EngineOptions options) {
        LftTables out = LftTables.forInput(in);
        RouteOutcome o = engine.create(options).route(in, out);
        assertThat(o.isRouted()).as("%s", o).isTrue();
        return new SsspTesting.Result(out, (RouteOutcome.Routed) o);
    }

    private static int port(RoutingInput in, String description) {
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (in.endPortNodeDescription()[ep].equals(description)) {
                return ep;
            }
        }
        throw new AssertionError("no end port of " + description);
    }

    private static int lid(RoutingInput in, String description) {
        return in.endPortBaseLid()[port(in, description)];
    }

    private static String guids(RoutingInput in, String... descriptions) {
        StringBuilder text = new StringBuilder();
        for (String d : descriptions) {
            text.append(Guid.toString(in.endPortGuid()[port(in, d)])).append('\n');
        }
        return text.toString();
    }

    /** The most compute-node-to-compute-node routes any switch-to-switch link direction carries. */
    private static long busiestLink(RoutingInput in, LftTables lfts, List<Integer> cns) {
        long[] load = new long[in.edgeCount()];
        for (int src : cns) {
            for (int dst : cns) {
                int lid = in.endPortBaseLid()[dst];
                int sw = in.endPortSwitch()[src];
                while (sw != in.endPortSwitch()[dst]) {
                    int e = in.portEdge()[in.portStart()[sw] + lfts.port(sw, lid)];
                    load[e]++;
                    sw = in.peerSwitch()[e];
                }
            }
        }
        long max = 0;
        for (long l : load) {
            max = Math.max(max, l);
        }
        return max;
    }
}
