package dev.jsm.routing.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.Fabrics;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileEngineTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();

    @TempDir
    Path dir;

    static LftTables minhop(RoutingInput in) {
        LftTables out = LftTables.forInput(in);
        assertThat(new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, out).isRouted()).isTrue();
        return out;
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(FileEngineTest.class.getResource("/opensm-dumps/" + name).toURI());
    }

    private FileEngine engine(Path lfts) {
        return new FileEngine(Optional.of(lfts), Optional.empty());
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {Fabrics.FAT2_16 + "|0", Fabrics.FAT3_128 + "|0", "torus:dims=4x4,hosts=2|2"})
    void reloadsItsOwnDumpIdentically(String shape, int lmc) throws IOException {
        RoutingInput in = TopologySubnets.input(shape, lmc);
        LftTables original = minhop(in);
        Path dump = write("lfts.dump", LftDumpWriter.render(in, original));

        FileEngine engine = engine(dump);
        LftTables loaded = LftTables.forInput(in);
        RouteOutcome outcome = engine.route(in, loaded);

        assertThat(outcome.isRouted()).as(outcome.toString()).isTrue();
        assertThat(loaded.contentEquals(original)).isTrue();
        FileLoadSummary s = engine.lastSummary().orElseThrow();
        assertThat(s.switchesLoaded()).isEqualTo(in.switchCount());
        assertThat(s.switchesNotInFile()).isZero();
        assertThat(s.notes()).isEmpty();
    }

    @Test
    void routesFollowTheGuidsWhenLidsAreReassigned() throws IOException {
        Topology t = TopologyShapes.parse(Fabrics.FAT2_16);
        RoutingInput before = TopologySubnets.input(t, 0);
        LftTables original = minhop(before);
        RoutingInput after = withReversedLids(t);
        assertThat(after.endPortBaseLid()).isNotEqualTo(before.endPortBaseLid());

        FileEngine engine = engine(write("lfts.dump", LftDumpWriter.render(before, original)));
        LftTables loaded = LftTables.forInput(after);
        assertThat(engine.route(after, loaded).isRouted()).isTrue();

        for (int sw = 0; sw < after.switchCount(); sw++) {
            for (int e = 0; e < after.endPortCount(); e++) {
                int oldLid = before.endPortBaseLid()[indexOfGuid(before, after.endPortGuid()[e])];
                assertThat(loaded.port(sw, after.endPortBaseLid()[e])).isEqualTo(original.port(sw, oldLid));
            }
        }
        VerifierReport r = VERIFIER.verify(after, loaded);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(engine.lastSummary().orElseThrow().notes()).singleElement().asString()
                .startsWith(after.switchCount() * after.endPortCount() + " " + LftLoader.REMAPPED);
    }

    @Test
    void referenceOpenSmDumpReachesEveryPairOfTheSameFabric() throws Exception {
        RoutingInput in = TopologySubnets.input(TopologyReader.read(Path.of("..", "fabrics", "fat2-16.net")), 0);

        FileEngine engine = new FileEngine(Optional.of(resource("opensm-lfts.dump")),
                Optional.of(resource("opensm-lid-matrix.dump")));
        LftTables loaded = LftTables.forInput(in);
        assertThat(engine.route(in, loaded).isRouted()).isTrue();

        VerifierReport r = VERIFIER.verify(in, loaded);
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.disconnectedPairs()).isZero();
        assertThat(r.deliveredPairs()).isEqualTo((long) in.switchCount() * in.maxLid());
        assertThat(r.hops().nonMinimalPairs()).isZero();
        FileLoadSummary s = engine.lastSummary().orElseThrow();
        assertThat(s.switchesLoaded()).isEqualTo(6);
        assertThat(s.notes()).allMatch(n -> n.contains(LftLoader.REMAPPED), "only remapping notes");
    }

    @Test
    void loadedRoutesAreCheckedAgainstTheLidMatrix() throws Exception {
        RoutingInput in = TopologySubnets.input(TopologyReader.read(Path.of("..", "fabrics", "fat2-16.net")), 0);
        String matrix = Files.readString(resource("opensm-lid-matrix.dump")).replaceFirst(
                "0x0003: 02 ff ff ff ff 02 02 02 02", "0x0003: 02 ff ff ff ff ff ff ff ff");
        Path m = write("matrix.dump", matrix);
        FileEngine engine = new FileEngine(Optional.of(resource("opensm-lfts.dump")), Optional.of(m));

        assertThat(engine.route(in, LftTables.forInput(in)).isRouted()).isTrue();

        FileLoadSummary s = engine.lastSummary().orElseThrow();
        assertThat(s.lidMatrixFile()).isEqualTo(m.toString());
        assertThat(s.notes()).anyMatch(n -> n.startsWith("1 " + MatrixCheck.NO_PATH_PORT + " (first: " + m + ":3: "));
    }

    @Test
    void switchesAndLidsTheDumpLacksHaveNoRoutesAndAreCounted() throws IOException {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        LftTables original = minhop(in);
        String full = LftDumpWriter.render(in, original);
        int secondSwitch = full.indexOf("Unicast lids", 1);
        String firstOnly = full.substring(0, secondSwitch);
        String withStrangers = firstOnly
                + "0x0001 001 # Channel Adapter portguid 0x00000000deadbeef: 'gone'\n"
                + String.format("0x0001 %03d%n", original.port(0, 1))
                + "Unicast lids [0-1] of switch Lid 99 guid 0x00000000cafe0000 ('gone'):\n0x0001 001\n";

        FileEngine engine = engine(write("partial.dump", withStrangers));
        LftTables loaded = LftTables.forInput(in);
        assertThat(engine.route(in, loaded).isRouted()).isTrue();

        for (int lid = 1; lid <= in.maxLid(); lid++) {
            assertThat(loaded.port(0, lid)).isEqualTo(original.port(0, lid));
            for (int sw = 1; sw < in.switchCount(); sw++) {
                assertThat(loaded.port(sw, lid)).isEqualTo(LftTables.NO_PATH);
            }
        }
        FileLoadSummary s = engine.lastSummary().orElseThrow();
        assertThat(s.switchesLoaded()).isEqualTo(1);
        assertThat(s.switchesNotInFile()).isEqualTo(in.switchCount() - 1);
        assertThat(s.notes()).anyMatch(n -> n.startsWith("1 " + LftLoader.UNKNOWN_DESTINATION) && n.contains(":"
                + (firstOnly.lines().count() + 1) + ": 0x00000000deadbeef"));
        assertThat(s.notes()).anyMatch(n -> n.startsWith("1 " + LftLoader.UNKNOWN_SWITCH));
        assertThat(s.notes()).anyMatch(n -> n.startsWith("1 " + LftLoader.NO_GUID));
        assertThat(VERIFIER.verify(in, loaded).unreachablePairs()).isPositive();
    }

    @Test
    void portsMissingOrDownOnTheCurrentFabricAreSkippedAndCounted() throws IOException {
        RoutingInput whole = TopologySubnets.input(Fabrics.FAT2_16, 0);
        String dump = LftDumpWriter.render(whole, minhop(whole));
        RoutingInput degraded = TopologySubnets.input(Fabrics.FAT2_16 + ",remove-links=1,degrade-seed=1", 0);
        int sw = 0;
        String header = String.format("Unicast lids [0-%d] of switch Lid %d guid 0x%016x ('x'):%n", 1,
                whole.switchLid()[sw], whole.switchGuid()[sw]);
        String extra = header + String.format("0x%04x 009 # Switch portguid 0x%016x%n",
                whole.switchLid()[1], whole.endPortGuid()[indexOfGuid(whole, whole.switchGuid()[1])]);

        FileEngine engine = engine(write("degraded.dump", dump));
        LftTables loaded = LftTables.forInput(degraded);
        assertThat(engine.route(degraded, loaded).isRouted()).isTrue();
        assertThat(engine.lastSummary().orElseThrow().notes()).anyMatch(n -> n.contains(LftLoader.PORT_DOWN));

        FileEngine bad = engine(write("ninth-port.dump", extra));
        assertThat(bad.route(whole, LftTables.forInput(whole)).isRouted()).isTrue();
        assertThat(bad.lastSummary().orElseThrow().notes()).containsExactly("1 " + LftLoader.NO_SUCH_PORT
                + " (first: " + dir.resolve("ninth-port.dump") + ":2: port 9 of " + whole.describeSwitch(0)
                + " (8 ports))");
    }

    @Test
    void missingFileIsDeclinedWithTheReason() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        Path missing = dir.resolve("nope.dump");

        RouteOutcome o = engine(missing).route(in, LftTables.forInput(in));

        assertThat(o).isEqualTo(RouteOutcome.declined("file: " + missing + ": cannot read: no such file"));
    }

    @Test
    void noLftsFileIsDeclined() {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        RouteOutcome o = new FileEngineFactory().create(EngineOptions.defaults().with(EngineOptions.LFTS_FILE,
                "(null)")).route(in, LftTables.forInput(in));
        assertThat(o).isEqualTo(RouteOutcome.declined("file: no lfts_file given"));
    }

    @Test
    void malformedFileFailsWithFileAndLine() throws IOException {
        RoutingInput in = TopologySubnets.input(Fabrics.FAT2_16, 0);
        Path p = write("bad.dump", "Unicast lids [0-3] of switch Lid 1 guid 0x0002c90100000000 ('s'):\n0x0001 1x\n");

        RouteOutcome o = engine(p).route(in, LftTables.forInput(in));

        assertThat(o).isEqualTo(RouteOutcome.failed("file: " + p + ":2: expected a port number 0..255 after the LID, "
                + "found '1x'"));
    }

    @Test
    void dumpOfAnotherFabricIsDeclined() throws Exception {
        RoutingInput in = TopologySubnets.input(TopologyReader.read(Path.of("..", "fabrics", "fat2-16.net")), 0);
        String otherSwitches = Files.readString(resource("opensm-lfts.dump"))
                .replaceAll("(?m)^(Unicast lids .* guid 0x)0002c901", "$10002c9ff");
        RouteOutcome o = engine(write("other.dump", otherSwitches)).route(in, LftTables.forInput(in));
        assertThat(o).isInstanceOf(RouteOutcome.Declined.class);
        assertThat(((RouteOutcome.Declined) o).reason()).endsWith("lists none of the fabric's 6 switches (6 switch "
                + "blocks)");
    }

    @Test
    void isABuiltInEngine() {
        assertThat(RoutingEngines.load().factory("file")).isInstanceOf(FileEngineFactory.class);
        assertThat(new FileEngineFactory().create(EngineOptions.defaults()
                .with(EngineOptions.LFTS_FILE, "/x/l.dump").with(EngineOptions.LID_MATRIX_DUMP_FILE, "/x/m.dump"))
                .toString()).isEqualTo("FileEngine[lfts_file=/x/l.dump, lid_matrix_dump_file=/x/m.dump]");
    }

    private static int indexOfGuid(RoutingInput in, long portGuid) {
        for (int e = 0; e < in.endPortCount(); e++) {
            if (in.endPortGuid()[e] == portGuid) {
                return e;
            }
        }
        throw new AssertionError("no end port " + Long.toHexString(portGuid));
    }

    /** The fabric of {@code t} with LIDs given in descending port-GUID order, with gaps. */
    private static RoutingInput withReversedLids(Topology t) {
        Subnet s = TopologySubnets.subnet(t, 0);
        List<EndPort> ports = new ArrayList<>(s.endPorts());
        ports.forEach(s::releaseLids);
        ports.sort(Comparator.comparing(EndPort::portGuid, Long::compareUnsigned).reversed());
        for (int i = 0; i < ports.size(); i++) {
            s.assignLids(ports.get(i), LidRange.single(5 + 3 * i));
        }
        s.index();
        return RoutingInput.from(SubnetSnapshot.of(s), 0);
    }
}
