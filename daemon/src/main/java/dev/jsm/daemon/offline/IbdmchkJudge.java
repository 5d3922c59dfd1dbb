package dev.jsm.daemon.offline;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * route-only's second opinion: runs {@link Ibdmchk} on the dump files the sweep just wrote, once CA to CA and once
 * with {@code -a}, runs the route verifier on the same programmed tables with the same two traffics, and reports
 * the {@link IbdmchkJudgement} on standard output, in the daemon's log and in {@value #REPORT_FILE} beside the dumps.
 * ibdmchk is left out, with a line saying why, on a fabric of more than {@value #MAX_END_PORTS} end ports (its
 * traces grow with their square: 13 s at 2,844) unless {@link Ibdmchk#ENV} named it, and when the engine's path SLs
 * are not in a file ({@code opensm-path-sl.dump} not written), since without them it would follow every path on
 * SL 0, and with an LMC above 0, which ibdmchk 1.5.7 cannot check. The SL2VL tables go with them when the sweep
 * wrote {@code opensm-sl2vl.dump} with at least one table.
 *
 * <p>Not thread-safe; runs once on route-only's thread.
 */
public final class IbdmchkJudge {

    /** The judgement, beside the dump files. */
    public static final String REPORT_FILE = "jsm-ibdmchk.txt";
    /** The most end ports ibdmchk runs on unless the user named it. */
    static final int MAX_END_PORTS = 4096;
    /** How much older than the run's start a dump file may look and still be the run's (file-time granularity). */
    private static final long CLOCK_SLACK_MILLIS = 1000;
    private static final Pattern SL2VL_ROW = Pattern.compile("^\\d+\\s+\\d+\\s+:.*");
    private static final Logger LOG = LogManager.getLogger(IbdmchkJudge.class);

    private final Ibdmchk ibdmchk;
    private final PrintStream out;

    public IbdmchkJudge(Ibdmchk ibdmchk, PrintStream out) {
        this.ibdmchk = ibdmchk;
        this.out = out;
    }

    /**
     * Judges the routes of {@code snapshot}'s programmed tables with ibdmchk and the verifier.
     *
     * @param routed the engine's path SLs and SL2VL mapping
     * @param lmc the LMC the LIDs were assigned with
     * @param dumpDir where the sweep wrote its dump files
     * @param startedMillis when route-only started (older dump files are another run's)
     * @return the judgement, or {@code null} when ibdmchk did not run (the reason is reported)
     */
    public IbdmchkJudgement judge(SubnetSnapshot snapshot, RouteOutcome.Routed routed, int lmc, Path dumpDir,
                           long startedMillis) throws IOException, InterruptedException {
        if (lmc > 0) {
            say("ibdmchk not run: with LMC " + lmc + " it takes every 2^LMC-th LID from 1 as a base LID and cannot"
                    + " build its hop tables, on OpenSM's dumps as on jsm's");
            return null;
        }
        int endPorts = snapshot.endPorts().size();
        if (endPorts > MAX_END_PORTS && !ibdmchk.named()) {
            say("ibdmchk not run: " + endPorts + " end ports are more than " + MAX_END_PORTS + " (set "
                    + Ibdmchk.ENV + "=" + ibdmchk.program() + " to run it anyway)");
            return null;
        }
        boolean pathSl = routed.pathSl() != PathSlProvider.DEFAULT;
        if (pathSl && !writtenSince(dumpDir.resolve(DumpFiles.PATH_SL), startedMillis)) {
            say("ibdmchk not run: the engine puts paths on SLs of their own and " + DumpFiles.PATH_SL
                    + " was not written (see the log)");
            return null;
        }
        boolean sl2Vl = hasSl2VlTables(dumpDir.resolve(DumpFiles.SL2VL), startedMillis);
        RoutingInput in = RoutingInput.from(snapshot, lmc);
        LftTables lfts = programmed(in, snapshot);
        VerifierReport caToCa = new RouteVerifier(new VerifierOptions(3, false)).verify(in, lfts, routed);
        VerifierReport withSwitches = new RouteVerifier(new VerifierOptions(3, true)).verify(in, lfts, routed);
        IbdmchkJudgement j = new IbdmchkJudgement(ibdmchk.check(dumpDir, lmc, pathSl, sl2Vl, false),
                ibdmchk.check(dumpDir, lmc, pathSl, sl2Vl, true), caToCa, withSwitches);
        List<String> lines = new ArrayList<>(j.lines());
        if (routed.sl2Vl() != Sl2VlProvider.ALL_VL0 && !sl2Vl) {
            lines.add("(no SL2VL table was programmed, so ibdmchk put SL n on VL n; with -Q it reads the engine's)");
        }
        if (j.allPairs().crashedAfterVerdict() || j.caToCa().crashedAfterVerdict()) {
            lines.add("(ibdmchk died by SIGSEGV after its verdict, in its clean-up, as it does on OpenSM's dumps)");
        }
        for (String line : lines) {
            say(line);
        }
        Files.write(dumpDir.resolve(REPORT_FILE), lines, StandardCharsets.UTF_8);
        return j;
    }

    private void say(String line) {
        out.println(line);
        LOG.info("{}", line);
    }

    /** The tables the switches were programmed with, as {@code opensm.fdbs} shows them. */
    private static LftTables programmed(RoutingInput in, SubnetSnapshot s) {
        LftTables t = LftTables.forInput(in);
        for (SwitchView sw : s.switches()) {
            int i = in.switchIndexOf(sw.nodeGuid());
            if (i >= 0) {
                byte[] lft = sw.lftCopy();
                System.arraycopy(lft, 0, t.lft(i), 0, Math.min(lft.length, t.maxLid() + 1));
            }
        }
        return t;
    }

    private static boolean writtenSince(Path file, long startedMillis) throws IOException {
        return Files.isRegularFile(file)
                && Files.getLastModifiedTime(file).toMillis() >= startedMillis - CLOCK_SLACK_MILLIS;
    }

    /** Whether this run wrote {@code file} with at least one SL2VL table row. */
    private static boolean hasSl2VlTables(Path file, long startedMillis) throws IOException {
        if (!writtenSince(file, startedMillis)) {
            return false;
        }
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.anyMatch(l -> SL2VL_ROW.matcher(l).matches());
        }
    }
}
