package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.offline.Ibdmchk;
import dev.jsm.daemon.offline.IbdmchkJudge;
import dev.jsm.daemon.offline.IbdmchkJudgement;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RouteOnlyTest {

    @TempDir
    Path dir;

    /** Where the daemon's guid2lid would be; route-only only reads it. */
    @TempDir
    Path cache;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final RouteOnly routeOnly = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void routesATopologyAndWritesTheDumpsAndTheReport() throws Exception {
        ExitCode code = routeOnly.run("fat2:k=4", options("routing_engine", "minhop"), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(text(out)).contains("6 switches", "minhop", "0 unreachable", "dump files written to " + dir);
        for (String f : new String[] {DumpFiles.LFTS, DumpFiles.LID_MATRIX, DumpFiles.FDBS, DumpFiles.SUBNET_LIST,
            RouteOnly.REPORT_FILE}) {
            assertThat(dir.resolve(f)).isNotEmptyFile();
        }
        assertThat(Files.readString(dir.resolve(RouteOnly.REPORT_FILE))).contains("0 unreachable");
    }

    @Test
    void theLidsAreTheLidManagersWithGuid2LidReadButNeverWritten() throws Exception {
        Topology t = TopologyShapes.parse("fat2:k=4");
        int host = t.nodeCount() - 1;
        while (t.node(host).kind() != NodeKind.CA) {
            host--;
        }
        long portGuid = t.node(host).portGuid(1);
        String records = String.format("0x%016x 0x%04x 0x%04x%n", portGuid, 0x42, 0x42);
        Files.writeString(cache.resolve(LidStore.FILE_NAME), records);

        ExitCode code = routeOnly.run("fat2:k=4", options(), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(Files.readString(dir.resolve(DumpFiles.LFTS)))
                .as("the port keeps the LID guid2lid gives it, as the daemon's LID manager would")
                .containsPattern(String.format("(?m)^0x0042 \\d{3} # Channel Adapter portguid 0x%016x", portGuid));
        assertThat(Files.readString(cache.resolve(LidStore.FILE_NAME))).isEqualTo(records);
        try (Stream<Path> files = Files.list(cache)) {
            assertThat(files).as("nothing written to the cache directory")
                    .containsExactly(cache.resolve(LidStore.FILE_NAME));
        }
    }

    @Test
    void theLftDumpLoadsBackThroughTheFileEngineToTheSameTables() throws Exception {
        Path first = Files.createDirectories(dir.resolve("minhop"));
        Path second = Files.createDirectories(dir.resolve("file"));
        assertThat(routeOnly.run("torus:dims=3x3,hosts=1", options("routing_engine", "minhop"), first, cache))
                .isEqualTo(ExitCode.OK);

        ExitCode code = routeOnly.run("torus:dims=3x3,hosts=1", options("routing_engine", "file,no_fallback",
                "lfts_file", first.resolve(DumpFiles.LFTS).toString()), second, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(text(out)).contains("file");
        assertThat(second.resolve(DumpFiles.LFTS)).hasSameTextualContentAs(first.resolve(DumpFiles.LFTS));
    }

    @Test
    void anEnginesOwnDumpFileAndNotesComeWithTheRoutes() throws Exception {
        Path fabrics = Path.of("..", "fabrics");
        ExitCode code = routeOnly.run(fabrics.resolve("torus-6x5.net").toString(), options("routing_engine",
                "torus-2QoS,no_fallback", "torus_config", fabrics.resolve("torus-6x5.torus-2QoS.conf").toString(),
                "qos", "TRUE"), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(text(out)).contains("torus-2QoS", "credit loops: none", "opensm-torus.dump");
        assertThat(dir.resolve("opensm-torus.dump")).isNotEmptyFile();
    }

    @Test
    void ftreeWritesItsComputeNodeOrder() throws Exception {
        ExitCode code = routeOnly.run("fat2:k=4", options("routing_engine", "ftree,no_fallback"), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(Files.readAllLines(dir.resolve("opensm-ftree-ca-order.dump"))).hasSize(8)
                .allMatch(l -> l.matches("0x[0-9a-f]{4}\t.+"));
    }

    @Test
    void ibdmchkJudgesTheDumpsTwiceBesideTheVerifier() throws Exception {
        Path calls = dir.resolve("calls");
        RouteOnly judged = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), fakeIbdmchk(calls));

        ExitCode code = judged.run("fat2:k=4", options("routing_engine", "minhop"), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(judged.judgement()).isNotNull().returns(true, IbdmchkJudgement::agrees);
        assertThat(Files.readAllLines(calls)).as("CA to CA, then every pair; minhop gives no path SLs")
                .containsExactly("-s opensm-subnet.lst -f opensm.fdbs -m opensm.mcfdbs",
                        "-s opensm-subnet.lst -f opensm.fdbs -m opensm.mcfdbs -a");
        assertThat(text(out)).contains("ibdmchk -a (every pair): 90 paths traced, 0 missing; credit loops: none",
                "ibdmchk agrees with the route verifier");
        assertThat(Files.readAllLines(dir.resolve(IbdmchkJudge.REPORT_FILE))).hasSize(4);
    }

    @Test
    void ibdmchkGetsTheEnginesPathSlsAndTheProgrammedSl2VlTables() throws Exception {
        Path calls = dir.resolve("calls");
        RouteOnly judged = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), fakeIbdmchk(calls));

        ExitCode code = judged.run("torus:dims=3x3", options("routing_engine", "lash,no_fallback", "qos", "TRUE"),
                dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(Files.readAllLines(calls)).hasSize(2)
                .allMatch(l -> l.contains("-c " + DumpFiles.PATH_SL + " -d " + DumpFiles.SL2VL));
        assertThat(dir.resolve(DumpFiles.PATH_SL)).isNotEmptyFile();
    }

    @Test
    void ibdmchkIsNotRunWithAnLmc() throws Exception {
        Path calls = dir.resolve("calls");
        RouteOnly judged = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), fakeIbdmchk(calls));

        ExitCode code = judged.run("fat2:k=4", options("routing_engine", "minhop", "lmc", "1"), dir, cache);

        assertThat(code).as(text(err)).isEqualTo(ExitCode.OK);
        assertThat(judged.judgement()).isNull();
        assertThat(calls).doesNotExist();
        assertThat(text(out)).contains("ibdmchk not run: with LMC 1");
    }

    /** A stand-in for ibdmchk that records its arguments and finds everything fine (fat2:k=4: 8 CAs, 14 ports). */
    private Ibdmchk fakeIbdmchk(Path calls) throws Exception {
        Path program = dir.resolve("fake-ibdmchk");
        Files.writeString(program, "#!/bin/sh\necho \"$@\" >> " + calls + "\n"
                + "echo '-I- Scanned:56 CA to CA paths '\n"
                + "case \"$*\" in *-a) echo '-I- Scanned:90 paths ';; esac\n"
                + "echo '-I- Analyzing Fabric for Credit Loops 1 SLs, 1 VLs used.'\n"
                + "echo '-I- no credit loops found'\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new Ibdmchk(program, false, Duration.ofSeconds(60));
    }

    @Test
    void noEngineRoutingIsNotConfigured() throws Exception {
        ExitCode code = routeOnly.run("fat2:k=4", options("routing_engine", "file,no_fallback"), dir, cache);

        assertThat(code).isEqualTo(ExitCode.NOT_CONFIGURED);
        assertThat(text(err)).contains("no routing engine produced routes");
        assertThat(dir.resolve(DumpFiles.LFTS)).doesNotExist();
    }

    @Test
    void withoutATopologyItIsAUsageError() throws Exception {
        assertThat(routeOnly.run(null, options(), dir, cache)).isEqualTo(ExitCode.USAGE);
        assertThat(text(err)).contains("--route-only needs --sim-topology");
    }

    @Test
    void aBadTopologyFileNamesItsLine() throws Exception {
        Path net = dir.resolve("bad.net");
        Files.writeString(net, "Switch 4 \"S1\"\n[1] \"H1\"[1\n");

        assertThat(routeOnly.run(net.toString(), options(), dir, cache)).isEqualTo(ExitCode.SIM_TOPOLOGY);
        assertThat(text(err)).contains("bad.net:2");
    }

    @Test
    void anUnknownEngineIsAUsageError() throws Exception {
        assertThat(routeOnly.run("fat2:k=4", options("routing_engine", "nosuch"), dir, cache))
                .isEqualTo(ExitCode.USAGE);
        assertThat(text(err)).contains("nosuch");
    }

    private static SmOptions options(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        return b.build();
    }

    private static String text(ByteArrayOutputStream s) {
        return s.toString(StandardCharsets.UTF_8);
    }
}
