package dev.jsm.daemon.offline;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.ExitCode;
import dev.jsm.daemon.FabricAttachment;
import dev.jsm.daemon.StartupException;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.routing.RoutingChain;
import dev.jsm.routing.RoutingEngines;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.model.TopologyModel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code opensm --route-only --sim-topology FILE|SHAPE}: routes a fabric that exists only as a topology file, for
 * planning one before it is cabled. The fabric is modelled as discovery would find it ({@link TopologyModel}: LIDs
 * in node order, {@code -l} honoured), routed by the configured chain ({@code -R}, with its engine options and
 * fallbacks), checked by the {@link RouteVerifier}, and the routing dump files ({@code opensm-lfts.dump},
 * {@code opensm-lid-matrix.dump}, {@code opensm.fdbs}, {@code opensm-subnet.lst}, and the engine's own, such as
 * {@code opensm-torus.dump}) are written to the dump directory with the verifier's report beside them
 * ({@value #REPORT_FILE}). Nothing is sent anywhere; no guid2lid is read or
 * written.
 *
 * <p>Exit status: {@link ExitCode#OK} when an engine routed and every pair is reachable,
 * {@link ExitCode#NOT_CONFIGURED} when no engine routed or some pair is unreachable, {@link ExitCode#SIM_TOPOLOGY}
 * when the file cannot be read, {@link ExitCode#USAGE} without {@code --sim-topology} or with an unknown engine.
 *
 * <p>Not thread-safe; runs once on the main thread.
 */
public final class RouteOnly {

    /** The verifier's report, written beside the dump files. */
    public static final String REPORT_FILE = "jsm-route-check.txt";

    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param out where the summary and the verifier's report go
     * @param err where errors and the chain's warnings go
     */
    public RouteOnly(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Routes the fabric {@code fileOrShape} with {@code options} and writes the dumps into {@code dumpDir}.
     *
     * @param fileOrShape the {@code --sim-topology} argument, or {@code null} when it was not given
     * @return the exit status
     */
    public ExitCode run(String fileOrShape, SmOptions options, Path dumpDir) {
        if (fileOrShape == null) {
            err.println("opensm: --route-only needs --sim-topology FILE|SHAPE: the fabric to route");
            return ExitCode.USAGE;
        }
        Topology topology;
        Subnet subnet;
        RoutingChain chain;
        try {
            topology = FabricAttachment.loadTopology(fileOrShape);
            subnet = TopologyModel.subnet(topology, options.lmc());
            chain = RoutingChain.parse(options.getString("routing_engine"), Daemon.engineOptions(options),
                    RoutingEngines.load());
        } catch (StartupException e) {
            err.println("opensm: " + e.getMessage());
            return e.exitCode();
        } catch (IllegalArgumentException e) {
            err.println("opensm: " + e.getMessage());
            return ExitCode.USAGE;
        }
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(subnet), options.lmc());
        out.printf("routing %s: %d switches, %d end ports, LIDs 1..%d (LMC %d)%n", fileOrShape, in.switchCount(),
                in.endPortCount(), in.maxLid(), options.lmc());
        RoutingResult result = chain.route(in);
        result.warnings().forEach(w -> err.println("opensm: " + w));
        out.println(result.summary());
        if (!result.isRouted()) {
            err.println("opensm: no routing engine produced routes");
            return ExitCode.NOT_CONFIGURED;
        }
        VerifierReport report = new RouteVerifier().verify(in, result.tables(), result.routed());
        result.routed().notes().forEach(n -> out.println(result.engineUsed().orElse("routing") + ": " + n));
        out.println(report.format());
        result.tables().applyWanted(in, subnet);
        for (int i = 0; i < subnet.switchCount(); i++) {
            SwitchLft lft = subnet.switchAt(i).lft();
            for (int b = 0; b < lft.blockCount(); b++) {
                lft.markProgrammed(b);
            }
        }
        if (!writeDumps(dumpDir, SubnetSnapshot.of(subnet), options.lmc(), report, result.routed().dumpFiles())) {
            return ExitCode.FILE_ERROR;
        }
        return report.unreachablePairs() == 0 ? ExitCode.OK : ExitCode.NOT_CONFIGURED;
    }

    private boolean writeDumps(Path dir, SubnetSnapshot routed, int lmc, VerifierReport report,
                               Map<String, String> engineDumps) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(REPORT_FILE), report.format() + System.lineSeparator(),
                    StandardCharsets.UTF_8);
            for (Map.Entry<String, String> d : engineDumps.entrySet()) {
                Files.writeString(dir.resolve(d.getKey()), d.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            err.println("opensm: cannot write to " + dir + ": " + e.getMessage());
            return false;
        }
        DumpFiles.write(dir, routed, LogLevels.ROUTING, lmc);
        out.println("dump files written to " + dir + ": " + DumpFiles.SUBNET_LIST + ", " + DumpFiles.LFTS + ", "
                + DumpFiles.LID_MATRIX + ", " + DumpFiles.FDBS + ", " + DumpFiles.MCFDBS + ", " + REPORT_FILE
                + engineDumps.keySet().stream().sorted().map(n -> ", " + n).reduce("", String::concat));
        return true;
    }
}
