package dev.jsm.sim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ContractComparison} and the {@link KnownDifference} table on hand-written lines. */
class ContractComparisonTest {

    private static final String LOCAL = "LOCALPORT => port=1 guid=0x11 lid=0 smlid=0 state=2";
    private static final String PORT_INFO = "DR Get PortInfo path=0,1 mod=0x1";
    private static final String HEADER = "outcome=ANSWERED class=0x81 method=0x81 status=0x0000 attr=0x0015 mod=0x1"
            + " D=1 hops=1 hptr=0";

    @Test
    void identicalAnswersPass() {
        List<String> lines = List.of(LOCAL, line(PORT_INFO, 0, "NeighborMTU=4"));
        ContractComparison.Result r = ContractComparison.compare(lines, lines);
        assertThat(r.failures()).isEmpty();
        assertThat(r.lines()).isEqualTo(2);
        assertThat(r.identical()).isEqualTo(2);
        assertThat(r.known()).isEmpty();
    }

    @Test
    void returnPathEntryZeroIsExplainedOnlyWithTheLocalPortNumber() {
        ContractComparison.Result ok = ContractComparison.compare(List.of(LOCAL, line(PORT_INFO, 0, "LID=3")),
                List.of(LOCAL, line(PORT_INFO, 1, "LID=3")));
        assertThat(ok.failures()).isEmpty();
        assertThat(ok.known()).containsEntry(KnownDifference.RETURN_PATH_0, 1);

        ContractComparison.Result bad = ContractComparison.compare(List.of(LOCAL, line(PORT_INFO, 0, "LID=3")),
                List.of(LOCAL, line(PORT_INFO, 2, "LID=3")));
        assertThat(bad.failures()).singleElement().asString().contains("rp0 sim=0 ibsim=2");
    }

    @Test
    void anUntaggedFieldDifferenceFailsAndNamesBothValues() {
        ContractComparison.Result r = ContractComparison.compare(List.of(LOCAL, line(PORT_INFO, 0, "NeighborMTU=3")),
                List.of(LOCAL, line(PORT_INFO, 1, "NeighborMTU=4")));
        assertThat(r.failures()).singleElement().asString()
                .contains("line 2: " + PORT_INFO + ": ").contains("NeighborMTU sim=3 ibsim=4");
    }

    @Test
    void aTaggedDifferenceIsExplainedOnlyWithTheValuesOfItsEntry() {
        String tagged = PORT_INFO + " case=" + KnownDifference.NEIGHBOR_MTU_STORED;
        ContractComparison.Result ok = ContractComparison.compare(List.of(LOCAL, line(tagged, 0, "NeighborMTU=3")),
                List.of(LOCAL, line(tagged, 1, "NeighborMTU=4")));
        assertThat(ok.failures()).isEmpty();
        assertThat(ok.known()).containsEntry(KnownDifference.NEIGHBOR_MTU_STORED, 1);

        ContractComparison.Result wrongValue = ContractComparison.compare(
                List.of(LOCAL, line(tagged, 0, "NeighborMTU=5")), List.of(LOCAL, line(tagged, 1, "NeighborMTU=4")));
        assertThat(wrongValue.failures()).hasSize(1);

        ContractComparison.Result otherField = ContractComparison.compare(
                List.of(LOCAL, line(tagged, 0, "NeighborMTU=3 LID=1")),
                List.of(LOCAL, line(tagged, 1, "NeighborMTU=4 LID=2")));
        assertThat(otherField.failures()).singleElement().asString().contains("LID sim=1 ibsim=2");
    }

    @Test
    void aDropIsExplainedOnlyOnTheTaggedRequest() {
        String sim = "outcome=ANSWERED class=0x81 method=0x81 status=0x000c attr=0xff00 mod=0x0 data=0";
        String ibsim = "outcome=SEND_FAILED status=110";
        String label = "DR Get 0xff00 path=0,1 mod=0x0";
        assertThat(ContractComparison.compare(List.of(label + " case=UNKNOWN_ATTRIBUTE => " + sim),
                List.of(label + " case=UNKNOWN_ATTRIBUTE => " + ibsim)).failures()).isEmpty();
        assertThat(ContractComparison.compare(List.of(label + " => " + sim), List.of(label + " => " + ibsim))
                .failures()).hasSize(1);
    }

    @Test
    void divergingSequencesStopTheComparison() {
        ContractComparison.Result r = ContractComparison.compare(
                List.of(LOCAL, line(PORT_INFO, 0, "LID=1"), line(PORT_INFO, 0, "LID=1")),
                List.of(LOCAL, line("DR Get NodeInfo path=0,1 mod=0x0", 0, "LID=1"), line(PORT_INFO, 0, "LID=1")));
        assertThat(r.failures()).singleElement().asString().contains("line 2: sequences diverge");
        assertThat(r.lines()).isEqualTo(1);
    }

    @Test
    void aShorterRunFails() {
        ContractComparison.Result r = ContractComparison.compare(List.of(LOCAL, line(PORT_INFO, 0, "LID=1")),
                List.of(LOCAL));
        assertThat(r.failures()).containsExactly("sim printed 2 lines, the ibsim run 1");
    }

    private static String line(String label, int rp0, String fields) {
        return label + ScriptedSmps.ARROW + HEADER + " rp0=" + rp0 + " rpath=1 " + fields;
    }
}
