package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.offline.Ibdmchk;
import dev.jsm.daemon.offline.IbdmchkJudgement;
import dev.jsm.daemon.offline.IbdmchkVerdict;
import dev.jsm.routing.verify.VerifierReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every routing engine judged by ibutils' {@code ibdmchk} (Debian's {@code ibutils}): for each engine on the suite's
 * fabrics where it applies (fat trees, tori, meshes, a hypercube, random and degraded fabrics, the routing chain of
 * {@code tree-torus.net}), {@code --route-only} routes the fabric with the daemon's own sweep on the in-JVM simulator,
 * writes the dump files ({@code -D 0x43}, with the path-SL and SL2VL files of the engines that use several SLs) and has
 * ibdmchk judge them ({@code IbdmchkJudge}). Asserted for every case: ibdmchk reads the files without an error or a
 * warning, it agrees with the route verifier on the reachable pairs and on credit loops under both traffics
 * (CA to CA, and with {@code -a} the traffic of switch port 0 too), and where the verifier says every pair is
 * delivered ibdmchk traced all of them (CA pairs and every pair of ports, as many as the LIDs say). Where the engine
 * promises freedom from credit loops (for CA-to-CA traffic, or for all traffic), ibdmchk finds none; for the engines
 * that promise none (minhop, sssp, dor on a torus) the agreement is the assertion. The verdicts of every case go to
 * {@value #MATRIX}. Skips with one {@code [ibdmchk] SKIPPED} line when ibdmchk is not installed.
 */
@Tag("ibdmchk")
class IbdmchkIT {

    private static final Path FABRICS = TreeTorusPolicies.FABRICS;
    private static final String FAT2 = FABRICS.resolve("fat2-16.net").toString();
    private static final String FAT3 = "fat3:k=8,pods=4";
    private static final String FAT3_DEGRADED = "fat3:k=8,pods=4,remove-switches=1,remove-links=2,degrade-seed=3";
    private static final String TORUS_6X5 = FABRICS.resolve("torus-6x5.net").toString();
    private static final String TORUS_4X4X4 = FABRICS.resolve("torus-4x4x4.net").toString();
    private static final String TORUS_DEGRADED = "torus:dims=4x4x4,remove-links=3,degrade-seed=2";
    private static final String TORUS_DOUBLE_CABLES = "torus:dims=4x4,links=2,hosts=2";
    private static final String MESH = FABRICS.resolve("mesh-5x5.net").toString();
    private static final String HYPERCUBE = FABRICS.resolve("hypercube-5.net").toString();
    private static final String RANDOM = FABRICS.resolve("random-40.net").toString();
    private static final String RANDOM_DEGRADED =
            "random:switches=30,radix=16,degree=4,hosts=2,seed=5,remove-switches=1,remove-links=2,degrade-seed=4";
    private static final Map<String, String> LABELS = Map.of(FAT3, "fat3-64", FAT3_DEGRADED, "fat3-64 degraded",
            TORUS_DEGRADED, "torus-4x4x4 degraded", TORUS_DOUBLE_CABLES, "torus-4x4 2 cables",
            RANDOM_DEGRADED, "random-30 degraded");
    private static final AtomicBoolean SKIP_PRINTED = new AtomicBoolean();
    /** Where the verdicts of every case go, for reading (relative to the module: its build directory). */
    private static final String MATRIX = "target/ibdmchk-matrix.txt";
    private static final String ROW = "%-40s %-13s %-13s %-11s %-14s %-12s %s";
    private static final Queue<String> MATRIX_ROWS = new ConcurrentLinkedQueue<>();

    /** What the engine promises: nothing, no credit loop for CA-to-CA traffic, or none for any traffic. */
    enum Promise { NONE, CA_TO_CA, ALL }

    /** One engine on one fabric, with the options it needs and what it promises there. */
    record Case(String engine, String fabric, Promise promise, boolean delivers, List<String> options) {
        /** {@code nue -Q 4 VLs, switches on torus-4x4x4.net}: the engine, the options that matter, the fabric. */
        @Override
        public String toString() {
            List<String> said = new ArrayList<>();
            for (int i = 0; i < options.size(); i += 2) {
                switch (options.get(i)) {
                    case "qos" -> said.add("-Q");
                    case "root_guid_file" -> said.add("root");
                    case "nue_max_num_vls" -> said.add(options.get(i + 1) + " VLs");
                    case "nue_include_switches" -> said.add("switches");
                    default -> { }
                }
            }
            return engine + (said.isEmpty() ? "" : " " + String.join(" ", said)) + " on " + LABELS.getOrDefault(
                    fabric, fabric.startsWith("/") ? Path.of(fabric).getFileName().toString() : fabric);
        }
    }

    @TempDir
    static Path shared;

    private static Ibdmchk ibdmchk;
    private static Path roots;

    @TempDir
    Path dir;

    @BeforeAll
    static void ibdmchkInstalled() throws Exception {
        Optional<Ibdmchk> found = Ibdmchk.locate(System.getenv(), Duration.ofMinutes(2));
        if (found.isEmpty()) {
            String message = "[ibdmchk] SKIPPED: ibdmchk (Debian's ibutils) is not installed, or " + Ibdmchk.ENV
                    + " turns it off";
            if (SKIP_PRINTED.compareAndSet(false, true)) {
                System.err.println(message);
            }
            Assumptions.abort(message);
        }
        ibdmchk = found.get();
        roots = Files.writeString(shared.resolve("roots"), "0x0002c90100000000\n");
        // torus-2QoS's seeds for the generated 4x4 torus and for mesh-5x5.net: switch (x, y) of an X-wide fabric has
        // GUID 0x0002c90100000000 + 0x10 * (x + y * X)
        Files.writeString(shared.resolve("TORUS_4X4"), "torus 4 4 1\n"
                + "xp_link 0x0002c90100000000 0x0002c90100000010\nxm_link 0x0002c90100000000 0x0002c90100000030\n"
                + "yp_link 0x0002c90100000000 0x0002c90100000040\nym_link 0x0002c90100000000 0x0002c901000000c0\n");
        Files.writeString(shared.resolve("MESH_5X5"), "mesh 5 5 1\n"
                + "xp_link 0x0002c90100000000 0x0002c90100000010\nyp_link 0x0002c90100000000 0x0002c90100000050\n");
    }

    static Stream<Case> cases() {
        List<Case> c = new ArrayList<>();
        for (String f : List.of(FAT2, FAT3, FAT3_DEGRADED)) {
            boolean pure = !f.equals(FAT3_DEGRADED);
            c.add(new Case("minhop", f, Promise.NONE, true, List.of()));
            c.add(new Case("updn", f, Promise.CA_TO_CA, true, List.of()));
            // dnup's routes miss the CA LIDs of leaves a CA-less switch of the degraded tree has no way down to
            c.add(new Case("dnup", f, Promise.CA_TO_CA, pure, List.of()));
            if (pure) {
                c.add(new Case("ftree", f, Promise.CA_TO_CA, true, List.of()));
            }
            common(c, f);
        }
        for (String f : List.of(TORUS_6X5, TORUS_4X4X4, TORUS_DEGRADED, TORUS_DOUBLE_CABLES, MESH, HYPERCUBE, RANDOM,
                RANDOM_DEGRADED)) {
            boolean random = f.equals(RANDOM) || f.equals(RANDOM_DEGRADED);
            c.add(new Case("minhop", f, Promise.NONE, true, List.of()));
            c.add(new Case("updn", f, Promise.CA_TO_CA, true, List.of("root_guid_file", "ROOTS")));
            if (!random) {
                c.add(new Case("dnup", f, Promise.CA_TO_CA, true, List.of("root_guid_file", "ROOTS")));
                boolean torus = !f.equals(MESH) && !f.equals(HYPERCUBE);
                c.add(new Case("dor", f, torus ? Promise.NONE : Promise.ALL, true, List.of()));
            }
            common(c, f);
        }
        c.add(torus2Qos(TORUS_6X5, "torus-6x5.torus-2QoS.conf"));
        c.add(torus2Qos(TORUS_4X4X4, "torus-4x4x4.torus-2QoS.conf"));
        c.add(torus2Qos(TORUS_DEGRADED, "torus-4x4x4.torus-2QoS.conf"));
        c.add(new Case("torus-2QoS", TORUS_DOUBLE_CABLES, Promise.ALL, true, List.of("qos", "TRUE", "torus_config",
                "TORUS_4X4")));
        c.add(new Case("torus-2QoS", MESH, Promise.ALL, true, List.of("qos", "TRUE", "torus_config", "MESH_5X5")));
        c.add(new Case("chain", TreeTorusPolicies.NET.toString(), Promise.CA_TO_CA, true, List.of("qos", "TRUE")));
        return c.stream();
    }

    /** The engines that apply to any fabric: lash, sssp, dfsssp and nue (one layer, four, and with switches). */
    private static void common(List<Case> c, String f) {
        c.add(new Case("lash", f, Promise.ALL, true, List.of("qos", "TRUE")));
        c.add(new Case("sssp", f, Promise.NONE, true, List.of()));
        c.add(new Case("dfsssp", f, Promise.ALL, true, List.of("qos", "TRUE")));
        c.add(new Case("nue", f, Promise.CA_TO_CA, true, List.of("qos", "TRUE")));
        c.add(new Case("nue", f, Promise.CA_TO_CA, true, List.of("qos", "TRUE", "nue_max_num_vls", "4")));
        c.add(new Case("nue", f, Promise.ALL, true,
                List.of("qos", "TRUE", "nue_max_num_vls", "4", "nue_include_switches", "TRUE")));
    }

    private static Case torus2Qos(String fabric, String conf) {
        return new Case("torus-2QoS", fabric, Promise.ALL, true,
                List.of("qos", "TRUE", "torus_config", FABRICS.resolve(conf).toString()));
    }

    /** Writes the verdicts of every case, one line each, to {@value #MATRIX}. */
    @AfterAll
    static void writeTheMatrix() throws Exception {
        if (!MATRIX_ROWS.isEmpty()) {
            List<String> rows = new ArrayList<>(List.of(String.format(Locale.ROOT, ROW, "case", "pairs missing",
                    "ibdmchk CA-CA", "ibdmchk -a", "verifier CA-CA", "verifier all", "agree")));
            rows.addAll(MATRIX_ROWS);
            Files.write(Path.of(MATRIX), rows, StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void ibdmchkAgreesWithTheRouteVerifier(Case c) throws Exception {
        IbdmchkJudgement j = judge(c, dir, options(c));
        MATRIX_ROWS.add(String.format(Locale.ROOT, ROW, c, j.allPairs().missingPaths() + "/"
                + j.verifierWithSwitches().unreachablePairs(), j.caToCa().creditLoops(), j.allPairs().creditLoops(),
                loops(j.verifier()), loops(j.verifierWithSwitches()), j.agrees() ? "yes" : "NO"));

        assertThat(j.caToCa().problemCount()).as("ibdmchk read the files: %s", j.caToCa().problems())
                .isEqualTo(j.caToCa().missingPaths());
        assertThat(j.allPairs().problemCount() - j.allPairs().missingPaths())
                .as("ibdmchk -a read the files: %s", j.allPairs().problems()).isZero();
        assertThat(j.agrees()).as("%s", j.lines()).isTrue();
        int endPorts = j.verifier().lids();
        int cas = endPorts - j.verifier().switches();
        if (c.delivers()) {
            assertThat(j.allPairs().missingPaths()).isZero();
            assertThat(j.caToCa().caPaths()).as("CA pairs traced").isEqualTo((long) cas * (cas - 1));
            assertThat(j.allPairs().allPaths()).as("port pairs traced").isEqualTo((long) endPorts * (endPorts - 1));
        } else {
            assertThat(j.allPairs().missingPaths()).as("ibdmchk finds the pairs the verifier finds unreachable")
                    .isPositive();
        }
        if (c.promise() != Promise.NONE) {
            assertThat(j.caToCa().creditLoops()).as("%s", j.lines()).isEqualTo(IbdmchkVerdict.CreditLoops.NONE);
        }
        if (c.promise() == Promise.ALL) {
            assertThat(j.allPairs().creditLoops()).as("%s", j.lines()).isEqualTo(IbdmchkVerdict.CreditLoops.NONE);
        }
    }

    /** The file engine reading minhop's {@code opensm-lfts.dump} back gets minhop's verdicts. */
    @Test
    void theFileEngineOnMinhopsTablesIsJudgedAsMinhop() throws Exception {
        Path first = Files.createDirectories(dir.resolve("minhop"));
        Path second = Files.createDirectories(dir.resolve("file"));
        IbdmchkJudgement minhop = judge(new Case("minhop", HYPERCUBE, Promise.NONE, true, List.of()), first,
                options(List.of("routing_engine", "minhop")));

        IbdmchkJudgement file = judge(new Case("file", HYPERCUBE, Promise.NONE, true, List.of()), second,
                options(List.of("routing_engine", "file,no_fallback", "lfts_file",
                        first.resolve(DumpFiles.LFTS).toString())));

        assertThat(file.agrees()).as("%s", file.lines()).isTrue();
        assertThat(file.caToCa().creditLoops()).isEqualTo(minhop.caToCa().creditLoops());
        assertThat(file.allPairs().creditLoops()).isEqualTo(minhop.allPairs().creditLoops());
        assertThat(file.allPairs().allPaths()).isEqualTo(minhop.allPairs().allPaths()).isPositive();
    }

    private static String loops(VerifierReport r) {
        return r.creditLoops().hasCycle() ? "FOUND" : "NONE";
    }

    private static IbdmchkJudgement judge(Case c, Path dumpDir, SmOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RouteOnly routeOnly = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), ibdmchk);
        Path cache = Files.createDirectories(dumpDir.resolve("cache"));

        ExitCode code = routeOnly.run(c.fabric(), options, dumpDir, cache);

        String said = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(said).isEqualTo(c.delivers() ? ExitCode.OK : ExitCode.NOT_CONFIGURED);
        assertThat(routeOnly.judgement()).as(said).isNotNull();
        return routeOnly.judgement();
    }

    private static SmOptions options(Case c) throws Exception {
        List<String> pairs = new ArrayList<>();
        if (c.engine().equals("chain")) {
            pairs.addAll(List.of(TreeTorusPolicies.copyTo(Files.createDirectories(shared.resolve("chain")))));
        } else {
            pairs.addAll(List.of("routing_engine", c.engine() + ",no_fallback"));
        }
        for (String s : c.options()) {
            pairs.add(switch (s) {
                case "ROOTS" -> roots.toString();
                case "TORUS_4X4", "MESH_5X5" -> shared.resolve(s).toString();
                default -> s;
            });
        }
        return options(pairs);
    }

    private static SmOptions options(List<String> pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.size(); i += 2) {
            b.setText(OptionTable.get(pairs.get(i)), pairs.get(i + 1));
        }
        return b.build();
    }
}
