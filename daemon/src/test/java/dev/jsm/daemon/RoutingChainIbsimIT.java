package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routing chain over topologies under Debian's ibsim: the daemon's real {@code main} on
 * {@code fabrics/tree-torus.net} with the policy files {@code fabrics} keeps (ftree over the fat tree, torus-2QoS over
 * the torus, minhop for what joins them). The tables the switches hold are read back with {@code dump_fts} and
 * checked as {@code scripts/side-by-side.sh} checks another SM's: {@code --route-only -R file,no_fallback -U} over
 * them delivers every pair; and they are exactly the chain's tables on the same LIDs ({@code --route-only} with the
 * chain and the run's guid2lid), which the verifier finds free of credit loops on every VL with the chain's path SLs.
 */
@Tag("ibsim")
class RoutingChainIbsimIT {

    private static final Path NET = TreeTorusPolicies.NET;

    @TempDir
    Path dir;

    @Test
    void theProgrammedTablesAreTheChainsAndDeliverEveryPair() throws Exception {
        IbsimHarness.assumeAvailable();
        String[] policies = TreeTorusPolicies.copyTo(dir);
        Path conf = dir.resolve("opensm.conf");
        StringBuilder c = new StringBuilder("sweep_interval 0\n");
        for (int i = 0; i < policies.length; i += 2) {
            c.append(policies[i]).append(' ').append(policies[i + 1]).append('\n');
        }
        Files.writeString(conf, c.toString());
        IbsimResult r = IbsimHarness.builder(NET).timeout(Duration.ofSeconds(240))
                .ibsimArgs("-N", "320", "-S", "320", "-P", "10624")
                .env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build()
                .run(IbsimSubnetUpProbe.class, "-F", conf.toString(), "-f", "opensm.log", "-s", "0");
        assertThat(r.exitCode()).as(r::describe).isZero();
        FabricDump d = new FabricDump();
        d.readDumpLfts(strip(r.lines("LFTS ")));
        assertThat(d.unreachable()).as("dump_lfts").isEmpty();

        Path fts = Files.write(dir.resolve("fts.out"), strip(r.lines("FTS ")));
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Files.write(cache.resolve(LidStore.FILE_NAME), strip(r.lines("G2L ")));

        Path programmed = Files.createDirectories(dir.resolve("programmed"));
        String check = routeOnly(programmed, cache, "routing_engine", "file,no_fallback", "lfts_file",
                fts.toString());
        assertThat(check).contains("0 unreachable");

        Path chain = Files.createDirectories(dir.resolve("chain"));
        String routed = routeOnly(chain, cache, policies);
        assertThat(routed).contains("chain[1.minhop, 2.ftree, 3.torus-2QoS]", "0 unreachable",
                "credit loops: none");
        assertThat(Files.readString(programmed.resolve(DumpFiles.LFTS)))
                .as("the tables the switches hold are the chain's")
                .isEqualTo(Files.readString(chain.resolve(DumpFiles.LFTS)));
        System.out.println("[ibsim] tree-torus chain: " + check.lines().filter(l -> l.startsWith("route check"))
                .findFirst().orElse("?"));
    }

    /** {@code --route-only} over the fabric file with {@code options}; what it printed. */
    private static String routeOnly(Path dumps, Path cache, String... options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ExitCode code = new RouteOnly(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(NET.toString(), SimSm.options(options), dumps,
                cache);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(printed + err.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCode.OK);
        return printed;
    }

    private static List<String> strip(List<String> lines) {
        return lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
    }
}
