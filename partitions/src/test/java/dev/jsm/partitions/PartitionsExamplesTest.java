package dev.jsm.partitions;

import static dev.jsm.partitions.TestFabric.ROUTER;
import static dev.jsm.partitions.TestFabric.SM;
import static dev.jsm.partitions.TestFabric.SWITCH;
import static dev.jsm.partitions.TestFabric.SWITCH2;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every partitions.conf example of NVIDIA's OpenSM documentation, the opensm(8) manual and
 * docs/reference/opensm-behaviour.md#partitions, and the membership it means.
 */
class PartitionsExamplesTest {

    private static final SubnetSnapshot FABRIC = TestFabric.examples();

    static String resource(String name) throws IOException {
        try (InputStream in = PartitionsExamplesTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static PartitionSet resolve(String text) throws PartitionsParseException {
        return resolve(text, false, false);
    }

    private static PartitionSet resolve(String text, boolean allowBoth, boolean qos)
            throws PartitionsParseException {
        return PartitionResolver.resolve(PartitionConfig.parse(text, "t.conf"), FABRIC, SM, allowBoth, qos);
    }

    @Test
    void defaultWithSelfFull() throws Exception {
        Partition d = resolve(" Default=0x7fff : ALL, SELF=full ;").partition(0x7fff);
        assertThat(d.fullMembers()).containsExactly(SM);
        assertThat(d.isLimitedMember(0x123451L)).isTrue();
        assertThat(d.isLimitedMember(SWITCH)).isTrue();
        assertThat(d.isLimitedMember(ROUTER)).isTrue();
        assertThat(d.limitedMembers()).hasSize(FABRIC.endPorts().size() - 1);
    }

    @Test
    void defaultWithSwitchesFull() throws Exception {
        Partition d = resolve(" Default=0x7fff : ALL, ALL_SWITCHES=full, SELF=full ;").partition(0x7fff);
        assertThat(d.fullMembers()).containsExactlyInAnyOrder(SM, SWITCH, SWITCH2);
        assertThat(d.isLimitedMember(0x3456789034L)).isTrue();
    }

    @Test
    void newPartitionGetsTheFirstGeneratedPKeyAndItsBroadcastGroup() throws Exception {
        PartitionSet set = resolve(" NewPartition , ipoib : 0x123456=full, 0x3456789034=limi, 0x2134af2306 ;");
        Partition p = set.partition(0x0001);
        assertThat(p.name()).isEqualTo("NewPartition");
        assertThat(p.fullMembers()).containsExactly(0x123456L);
        assertThat(p.limitedMembers()).containsExactlyInAnyOrder(0x3456789034L, 0x2134af2306L);
        assertThat(p.groups()).singleElement().satisfies(g -> {
            assertThat(g.mgid().toString()).isEqualTo("ff12:401b:8001::ffff:ffff");
            assertThat(g.pkey()).isEqualTo(0x8001);
            assertThat(g.qKey()).isEqualTo(0x0b1bL);
            assertThat(g.mtu()).isEqualTo(4);
            assertThat(g.rate()).isEqualTo(3);
            assertThat(g.hopLimit()).isZero();
        });
        // the file has no Default rule: the default partition is ALL limited, SELF full, without a group
        Partition d = set.partition(0x7fff);
        assertThat(d.fullMembers()).containsExactly(SM);
        assertThat(d.groups()).isEmpty();
    }

    @Test
    void repeatedPKeyMergesAndTheLaterSpecifierWins() throws Exception {
        Partition p = resolve(" YetAnotherOne = 0x300 : SELF=full ;\n YetAnotherOne = 0x300 : ALL=limited ;")
                .partition(0x300);
        // OpenSM applies specifiers in file order: ALL=limited comes last and also covers the SM's port
        assertThat(p.fullMembers()).isEmpty();
        assertThat(p.limitedMembers()).hasSize(FABRIC.endPorts().size());
        assertThat(p.name()).isEqualTo("YetAnotherOne");
    }

    @Test
    void shareIoDefmemberVariants() throws Exception {
        String text = resource("manpage-examples.conf");
        Partition p = resolve(text).partition(0x80);
        assertThat(p.fullMembers()).containsExactly(0x123451L, 0x123452L, 0x123455L, 0x123458L, 0x123459L,
                0x12345aL, 0x12345bL, 0x12345dL);
        assertThat(p.limitedMembers()).containsExactly(0x123453L, 0x123454L, 0x123456L, 0x123457L, 0x12345cL);
    }

    @Test
    void wholeManualExampleFile() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse(resource("manpage-examples.conf"), "man.conf");
        assertThat(cfg.warnings()).isEmpty();
        assertThat(cfg.statements()).hasSize(1 + 11);
        PartitionSet set = PartitionResolver.resolve(cfg, FABRIC, SM, false, false);
        assertThat(set.partitions()).extracting(Partition::pkey).containsExactly(0x0001, 0x0080, 0x0300, 0x7fff);
        Partition d = set.partition(0x7fff);
        assertThat(d.fullMembers()).hasSize(FABRIC.endPorts().size());
        assertThat(d.groups()).extracting(g -> g.mgid().toString()).containsExactly(
                "ff12:401b:ffff::ffff:ffff", "ff12:401b:ffff::707", "ff12:601b:ffff::16", "ff12:401b:ffff::16",
                "ff12:601b:ffff::2", "ff12::1");
        PartitionGroup random = d.groups().get(5);
        assertThat(random.qKey()).isEqualTo(0xDEADBEEFL);
        assertThat(random.mtu()).isEqualTo(2);
        assertThat(random.sl()).isEqualTo(1);
        assertThat(d.groups().get(1).sl()).isEqualTo(1);
        assertThat(d.groups().get(1).qKey()).isEqualTo(0x0b1bL);
        assertThat(d.groups().get(0).sl()).isZero();
        assertThat(set.groups()).hasSize(7);
    }

    @Test
    void seedFlattenedExamplesParseUpToTheFirstComment() throws Exception {
        PartitionConfig cfg = PartitionConfig.parse(resource("nvidia-doc-flattened.conf"), "seed.conf");
        // on one line, the first '#' turns the rest of the examples into a comment
        assertThat(cfg.statements()).extracting(PartitionStatement::name).containsExactly("Default", "Default",
                "Default", "NewPartition", "YetAnotherOne", "YetAnotherOne", "ShareIO");
        PartitionSet set = PartitionResolver.resolve(cfg, FABRIC, SM, false, false);
        assertThat(set.partition(0x80).fullMembers()).containsExactly(0x123451L, 0x123452L);
        assertThat(set.partition(0x7fff).fullMembers()).containsExactlyInAnyOrder(SM, SWITCH, SWITCH2);
    }

    @Test
    void factsNoFileRule() throws Exception {
        PartitionSet fromText = resolve("Default=0x7fff,ipoib : ALL=full ;");
        PartitionSet builtIn = PartitionResolver.resolve(PartitionConfig.noFile(), FABRIC, SM, false, false);
        for (PartitionSet set : List.of(fromText, builtIn)) {
            Partition d = set.partition(0x7fff);
            assertThat(d.fullMembers()).hasSize(FABRIC.endPorts().size());
            assertThat(d.limitedMembers()).isEmpty();
            assertThat(set.groups()).extracting(g -> g.mgid().toString()).containsExactly("ff12:401b:ffff::ffff:ffff");
        }
        assertThat(PartitionConfig.noFile().fromFile()).isFalse();
    }

    @Test
    void factsFileWithoutDefaultRule() throws Exception {
        PartitionSet set = resolve("Default=0x7fff : ALL=limited, SELF=full ;");
        assertThat(set.partition(0x7fff).fullMembers()).containsExactly(SM);
        assertThat(set.groups()).isEmpty();
        assertThat(resolve("# only a comment\n").partition(0x7fff).fullMembers()).containsExactly(SM);
    }

    @Test
    void seedPriorToPartitionManagerRuleAndQosExample() throws Exception {
        assertThat(resolve("Default=0x7fff,ipoib:ALL=full;").partition(0x7fff).limitedMembers()).isEmpty();
        String qosExample = "Default=0x7fff,ipoib : ALL=full;PartA=0x8001, sl=1, ipoib : ALL=full;";
        PartitionSet withQos = resolve(qosExample, false, true);
        Partition a = withQos.partition(0x0001);
        assertThat(a.name()).isEqualTo("PartA");
        assertThat(a.sl()).isEqualTo(1);
        assertThat(a.groups()).singleElement().extracting(PartitionGroup::sl).isEqualTo(1);
        assertThat(a.fullMembers()).hasSize(FABRIC.endPorts().size());
        // without QoS OpenSM resets the partition SL (and its broadcast group's) to 0
        Partition noQos = resolve(qosExample, false, false).partition(0x0001);
        assertThat(noQos.sl()).isZero();
        assertThat(noQos.groups().get(0).sl()).isZero();
    }
}
