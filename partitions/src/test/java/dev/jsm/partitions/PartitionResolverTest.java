package dev.jsm.partitions;

import static dev.jsm.partitions.TestFabric.ROUTER;
import static dev.jsm.partitions.TestFabric.SM;
import static dev.jsm.partitions.TestFabric.SWITCH;
import static dev.jsm.partitions.TestFabric.SWITCH2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

/** Resolution rules: merging, generated P_Keys, keywords, both-membership, indx0, empty partitions. */
class PartitionResolverTest {

    private static final SubnetSnapshot FABRIC = TestFabric.examples();

    private static PartitionSet resolve(String text, boolean allowBoth) throws PartitionsParseException {
        return PartitionResolver.resolve(PartitionConfig.parse(text, "t.conf"), FABRIC, SM, allowBoth, false);
    }

    @Test
    void generatedPKeysSkipTakenOnesAndReuseNames() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse("X=1 : SELF;\nA : SELF;\nB : SELF;\nA : 0x123451;\n"
                + "Default : 0x123452=full;", "t.conf");
        assertThat(cfg.statements()).extracting(PartitionStatement::pkey)
                .containsExactly(0x7fff, 0x0001, 0x0002, 0x0003, 0x0002, 0x7fff);
        PartitionSet set = PartitionResolver.resolve(cfg, FABRIC, SM, false, false);
        assertThat(set.partition(2).limitedMembers()).containsExactly(SM, 0x123451L);
        assertThat(set.partition(0x7fff).fullMembers()).containsExactly(SM, 0x123452L);
    }

    @Test
    void onlyTheLow15BitsOfThePKeyCount() throws Exception {
        PartitionSet set = resolve("Hi=0x8123 : SELF=full;\nLo=0x0123 : 0x123451;", false);
        assertThat(set.partition(0x123).name()).isEqualTo("Hi");
        assertThat(set.partition(0x123).fullMembers()).containsExactly(SM);
        assertThat(set.partition(0x123).limitedMembers()).containsExactly(0x123451L);
        assertThat(set.pkeysOf(SM)).contains(0x8123);
    }

    @Test
    void keywordsSelectByNodeTypeAndMatchByPrefix() throws Exception {
        PartitionSet set = resolve("C=0x10 : ALL_C=full;\nS=0x11 : ALL_S;\nR=0x12 : ALL_R;\nV=0x13 : ALL_V, SELF;\n"
                + "N=0x14 : NONE;\nA=0x15 : A=f, S=l;", false);
        assertThat(set.partition(0x10).fullMembers()).hasSize(16).contains(SM).doesNotContain(SWITCH, ROUTER);
        assertThat(set.partition(0x11).limitedMembers()).containsExactlyInAnyOrder(SWITCH, SWITCH2);
        assertThat(set.partition(0x12).limitedMembers()).containsExactly(ROUTER);
        assertThat(set.partition(0x13).limitedMembers()).containsExactly(SM);
        assertThat(set.partition(0x14)).as("empty partitions are dropped").isNull();
        assertThat(set.partition(0x15).limitedMembers()).containsExactly(SM);
        assertThat(set.partition(0x15).fullMembers()).hasSize(FABRIC.endPorts().size() - 1);
    }

    @Test
    void guidsNotInTheFabricAreIgnoredAndEmptyPartitionsDropTheirGroups() throws Exception {
        PartitionSet set = resolve("Gone=0x20,ipoib : 0xdead;\nHere=0x21,ipoib : 0x123451;", false);
        assertThat(set.partition(0x20)).isNull();
        assertThat(set.groups()).extracting(PartitionGroup::pkey).containsExactly(0x8021);
    }

    @Test
    void bothMeansFullWithoutAllowBothPKeys() throws Exception {
        PartitionSet set = resolve("P=0x30 : 0x123451=both;", false);
        assertThat(set.pkeysOf(0x123451L)).containsExactly(0x8030, 0x7fff);
    }

    @Test
    void bothAddsBothKeysWithAllowBothPKeysAndFullOrLimitedReplace() throws Exception {
        PartitionSet set = resolve("P=0x30 : 0x123451=both, 0x123452=both, 0x123453=both;\n"
                + "P=0x30 : 0x123452=full, 0x123453=limited;", true);
        Partition p = set.partition(0x30);
        assertThat(p.fullMembers()).containsExactly(0x123451L, 0x123452L);
        assertThat(p.limitedMembers()).containsExactly(0x123451L, 0x123453L);
        // limited before full, partitions in OpenSM's byte-swapped P_Key order (0x0030 -> 0x3000 < 0xff7f)
        assertThat(set.pkeysOf(0x123451L)).containsExactly(0x0030, 0x8030, 0x7fff);
    }

    @Test
    void indx0IsRecordedPerPortAndClearedByALaterStatementWithoutIt() throws Exception {
        PartitionSet set = resolve("P=0x40,indx0 : 0x123451=full, 0x123452;\nP=0x40 : 0x123452;", false);
        assertThat(set.indx0PKeyOf(0x123451L)).isEqualTo(0x8040);
        assertThat(set.indx0PKeyOf(0x123452L)).isZero();
        assertThat(set.indx0PKeyOf(SM)).isZero();
    }

    @Test
    void membersMayTalkWhenOneIsFull() throws Exception {
        PartitionSet set = resolve("P=0x50 : 0x123451=full, 0x123452, 0x123453;", false);
        assertThat(set.canCommunicate(0x123451L, 0x123452L)).isTrue();
        // both limited in 0x50 and in the default partition
        assertThat(set.canCommunicate(0x123452L, 0x123453L)).isFalse();
        assertThat(set.canCommunicate(0x123452L, SM)).isTrue();
        assertThat(set.sharedPKeys(0x123451L, 0x123452L)).containsExactly(0x8050);
    }

    @Test
    void lastStatementSetsThePartitionSlWithQos() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse("P=0x60,sl=3 : SELF;\nP=0x60,sl=5 : SELF;", "t.conf");
        assertThat(PartitionResolver.resolve(cfg, FABRIC, SM, false, true).partition(0x60).sl()).isEqualTo(5);
        assertThat(PartitionResolver.resolve(cfg, FABRIC, SM, false, false).partition(0x60).sl()).isZero();
    }

    @Test
    void scopesMakeOneGroupEach() throws Exception {
        PartitionSet set = resolve("P=0x70,ipoib,scope=2,scope=5,mtu=5,rate=7 : SELF=full;", false);
        assertThat(set.groups()).extracting(g -> g.mgid().toString())
                .containsExactly("ff12:401b:8070::ffff:ffff", "ff15:401b:8070::ffff:ffff");
        assertThat(set.groups()).extracting(PartitionGroup::hopLimit).containsExactly(0, 0xFF);
        assertThat(set.groups()).allSatisfy(g -> {
            assertThat(g.mtu()).isEqualTo(5);
            assertThat(g.rate()).isEqualTo(7);
        });
    }

    @Test
    void theSmPortStaysAFullMemberOfTheDefaultPartition() throws Exception {
        assertThat(resolve("Default=0x7fff : ALL=limited;", false).partition(0x7fff).fullMembers())
                .containsExactly(SM);
        Partition both = resolve("Default=0x7fff : SELF=limited;", true).partition(0x7fff);
        assertThat(both.isFullMember(SM)).isTrue();
        assertThat(both.isLimitedMember(SM)).isTrue();
    }
}
