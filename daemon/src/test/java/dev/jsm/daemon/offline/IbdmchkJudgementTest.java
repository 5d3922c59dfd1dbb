package dev.jsm.daemon.offline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.verify.UnreachableReason;
import dev.jsm.routing.verify.VerifierReport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When ibdmchk and the route verifier agree: reachability, and the credit loops of each traffic. */
class IbdmchkJudgementTest {

    @Test
    void theyAgreeWhenEachTrafficGetsTheSameLoopVerdict() {
        IbdmchkJudgement j = new IbdmchkJudgement(verdict(false, 0, IbdmchkVerdict.CreditLoops.NONE),
                verdict(true, 0, IbdmchkVerdict.CreditLoops.FOUND), report(0, false), report(0, true));

        assertThat(j.agrees()).isTrue();
        assertThat(j.lines()).hasSize(4).last().isEqualTo("ibdmchk agrees with the route verifier");
        assertThat(j.lines().get(2)).isEqualTo("route verifier: 0 unreachable switch-to-LID pairs, 0 disconnected; "
                + "credit loops CA to CA: none (1 VL); with switch traffic: FOUND, a cycle of 4 channels (1 VL)");
    }

    @Test
    void aLoopOnlyOneOfThemFindsIsADisagreementNamedForItsTraffic() {
        IbdmchkJudgement j = new IbdmchkJudgement(verdict(false, 0, IbdmchkVerdict.CreditLoops.FOUND),
                verdict(true, 0, IbdmchkVerdict.CreditLoops.FOUND), report(0, false), report(0, false));

        assertThat(j.caToCaLoopsAgree()).isFalse();
        assertThat(j.allPairsLoopsAgree()).isFalse();
        assertThat(j.lines()).last().isEqualTo("ibdmchk DISAGREES with the route verifier on CA-to-CA credit loops, "
                + "credit loops with switch traffic");
    }

    @Test
    void missingPathsAgreeWithUnreachablePairsAndThenNoLoopVerdictIsNeeded() {
        IbdmchkJudgement j = new IbdmchkJudgement(verdict(false, 0, IbdmchkVerdict.CreditLoops.NONE),
                verdict(true, 156, IbdmchkVerdict.CreditLoops.NOT_CHECKED), report(156, false), report(156, true));

        assertThat(j.agrees()).isTrue();
    }

    @Test
    void noLoopVerdictWithoutMissingPathsIsADisagreement() {
        IbdmchkJudgement j = new IbdmchkJudgement(verdict(false, 0, IbdmchkVerdict.CreditLoops.NOT_CHECKED),
                verdict(true, 0, IbdmchkVerdict.CreditLoops.NONE), report(0, false), report(0, false));

        assertThat(j.reachabilityAgrees()).isTrue();
        assertThat(j.caToCaLoopsAgree()).isFalse();
    }

    @Test
    void pathsOnlyOneOfThemMissesAreADisagreement() {
        IbdmchkJudgement j = new IbdmchkJudgement(verdict(false, 0, IbdmchkVerdict.CreditLoops.NONE),
                verdict(true, 3, IbdmchkVerdict.CreditLoops.NOT_CHECKED), report(0, false), report(0, false));

        assertThat(j.reachabilityAgrees()).isFalse();
        assertThat(j.lines()).last().asString().contains("reachable pairs");
    }

    private static IbdmchkVerdict verdict(boolean allPairs, long missing, IbdmchkVerdict.CreditLoops loops) {
        return new IbdmchkVerdict(allPairs, List.of("ibdmchk"), 0, 240, allPairs ? 462 : 0, missing, loops,
                "1 SLs, 1 VLs", List.of(), missing == 0 ? List.of() : List.of("-E- Fail to find a path from:S1/U1/1"),
                missing);
    }

    private static VerifierReport report(long unreachable, boolean loop) {
        return new VerifierReport(6, 22, 132, 0, 132 - unreachable, Map.of(UnreachableReason.values()[0],
                unreachable), List.of(), null, null, new VerifierReport.CreditLoops(1, 48, loop ? 4 : 0, List.of()));
    }
}
