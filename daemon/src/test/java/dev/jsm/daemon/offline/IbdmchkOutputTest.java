package dev.jsm.daemon.offline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reading ibdmchk 1.5.7's output: the fixtures are lines it printed on route-only's dumps (trimmed of the
 * histograms, which the verdict ignores).
 */
class IbdmchkOutputTest {

    private static final List<String> COMMAND = List.of("ibdmchk", "-a");

    @Test
    void aCleanRunWithoutCreditLoops() {
        IbdmchkVerdict v = read(true,
                "-I- Parsing Subnet file:opensm-subnet.lst",
                "-I- Defined 128/128 systems/nodes ",
                "-I- Parsing FDBs file:opensm.fdbs",
                "-I- Defined 16384 fdb entries for:64 switches",
                "-I- Parsing SL file:opensm-path-sl.dump",
                "-I- Defined 4 SLs in use",
                "-I- Scanned:4032 CA to CA paths ",
                "-I- Verifying all paths ... ",
                "-I- Scanned:16256 paths ",
                "-I- Using full credit loop check.",
                "-I- Analyzing Fabric for Credit Loops 4 SLs, 16 VLs used.",
                "-I- no credit loops found");

        assertThat(v.caPaths()).isEqualTo(4032);
        assertThat(v.allPaths()).isEqualTo(16256);
        assertThat(v.missingPaths()).isZero();
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NONE);
        assertThat(v.slsAndVls()).isEqualTo("4 SLs, 16 VLs");
        assertThat(v.clean()).isTrue();
        assertThat(v.summary()).isEqualTo(
                "ibdmchk -a (every pair): 16256 paths traced, 0 missing; credit loops: none (4 SLs, 16 VLs)");
    }

    @Test
    void aLoopIsKeptWithItsBackTraceAndTheCrashAfterTheVerdictIsOnlyNoted() {
        IbdmchkVerdict v = read(false, 139,
                "-I- Scanned:240 CA to CA paths ",
                "-I- Analyzing Fabric for Credit Loops 1 SLs, 1 VLs used.",
                "Found credit loop on: S0002c901000000b0/U1/P1 VL: 0",
                "  - BT credit loop through: S0002c901000000a0/U1/P1 VL: 0",
                "  - BT credit loop through: S0002c901000000b0/U1/P1 VL: 0",
                "-E- credit loops in routing");

        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.FOUND);
        assertThat(v.loop()).hasSize(3).first().asString().startsWith("Found credit loop on: S0002c901000000b0");
        assertThat(v.problemCount()).as("the verdict line is not a problem").isZero();
        assertThat(v.crashedAfterVerdict()).isTrue();
        assertThat(v.summary()).isEqualTo("ibdmchk (CA to CA): 240 paths traced, 0 missing; credit loops: FOUND "
                + "(1 SLs, 1 VLs), Found credit loop on: S0002c901000000b0/U1/P1 VL: 0");
    }

    @Test
    void missingPathsStopItBeforeTheCreditLoopCheck() {
        IbdmchkVerdict v = read(true, 1,
                "-I- Scanned:4032 CA to CA paths ",
                "-I- Verifying all paths ... ",
                "-E- Unassigned LFT for lid:5 Dead end at:S0002c901000002c0/U1",
                "-E- Fail to find a path from:S0002c901000002c0/U1/1 to:S0002c90200000100/U1/1",
                "-E- Unassigned LFT for lid:7 Dead end at:S0002c90100000110/U1",
                "-E- Fail to find a path from:S0002c90100000110/U1/1 to:S0002c90200000300/U1/1",
                "-E- Found 2 missing paths out of:12432 paths",
                "-E- Some Point to Point Traversals Failed.");

        assertThat(v.missingPaths()).isEqualTo(2);
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NOT_CHECKED);
        assertThat(v.problemCount()).as("the missing paths; where they stopped and the count go with them")
                .isEqualTo(2);
        assertThat(v.problems()).allMatch(l -> l.startsWith("-E- Fail to find a path from:"));
        assertThat(v.clean()).isFalse();
        assertThat(v.crashedAfterVerdict()).isFalse();
    }

    @Test
    void aPathItCannotFollowOnItsSlInTheLoopCheckIsAProblemNotAMissingPath() {
        IbdmchkVerdict v = read(false, 1,
                "-I- Scanned:240 CA to CA paths ",
                "-I- Analyzing Fabric for Credit Loops 2 SLs, 8 VLs used.",
                "-E- Unassigned SL2VL entry, iport: 1, oport:5, SL:1",
                "-E- Fail to find a path from:S0002c90200000000/U1/1 to:S0002c90200000040/U1/1",
                "-E- Fail to traverse:1 CA to CA paths",
                "-E- Fail to build dependency graphs.");

        assertThat(v.missingPaths()).isZero();
        assertThat(v.problemCount()).isEqualTo(4);
        assertThat(v.problems()).first().isEqualTo("-E- Unassigned SL2VL entry, iport: 1, oport:5, SL:1");
        assertThat(v.creditLoops()).isEqualTo(IbdmchkVerdict.CreditLoops.NOT_CHECKED);
    }

    @Test
    void aLineItCouldNotParseIsAProblem() {
        IbdmchkVerdict v = read(false, "-W- Wrong syntax code:2 in line:7", "-I- Scanned:240 CA to CA paths ",
                "-I- Analyzing Fabric for Credit Loops 1 SLs, 1 VLs used.", "-I- no credit loops found");

        assertThat(v.clean()).isFalse();
        assertThat(v.summary()).endsWith("; 1 error: -W- Wrong syntax code:2 in line:7");
    }

    @Test
    void atMostTwentyLinesOfEachKindAreKeptButAllAreCounted() {
        IbdmchkOutput out = new IbdmchkOutput(true, COMMAND);
        for (int i = 0; i < 1000; i++) {
            out.accept("-E- Fail to find a path from:S" + i + "/U1/1 to:S0/U1/1");
        }

        IbdmchkVerdict v = out.verdict(1);

        assertThat(v.missingPaths()).isEqualTo(1000);
        assertThat(v.problems()).hasSize(IbdmchkVerdict.MAX_KEPT);
    }

    private static IbdmchkVerdict read(boolean allPairs, String... lines) {
        return read(allPairs, 0, lines);
    }

    private static IbdmchkVerdict read(boolean allPairs, int exitStatus, String... lines) {
        IbdmchkOutput out = new IbdmchkOutput(allPairs, COMMAND);
        for (String l : lines) {
            out.accept(l);
        }
        return out.verdict(exitStatus);
    }
}
