package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.NodeKind;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Parses every policy example of NVIDIA's OpenSM documentation ({@link SeedExamples}) and resolves queries to the SL
 * the document intends.
 */
class QosPolicySeedExamplesTest {

    static final List<String> ALL = SeedExamples.ALL;

    private static final long STORAGE = 0x10000000000001L;
    private static final long STORAGE_RANGE = 0x10000000001234L;
    private static final long STORAGE_LAST = 0x1000000000FFFFL;
    private static final long VS1 = 0x0002c903000000a1L;
    private static final long HOST = 0x0002c903000000f1L;

    @ParameterizedTest
    @FieldSource("ALL")
    void everySeedExampleParses(String name) throws QosPolicyException {
        QosPolicy p = SeedExamples.parse(name);

        assertThat(p.defaultLevel().sl()).isZero();
    }

    @Test
    void shortestPoliciesOnlyHaveTheDefaultLevel() throws QosPolicyException {
        for (String name : List.of("advanced-shortest.conf", "simple-shortest.conf")) {
            BoundQosPolicy b = SeedExamples.parse(name).bind(fabric());

            assertThat(b.policy().rules()).isEmpty();
            assertThat(b.levelFor(QosQuery.between(HOST, STORAGE).withPKey(0xFFFF)).sl()).isZero();
        }
    }

    @Test
    void advancedExampleHasAllItsGroupsLevelsAndRules() throws QosPolicyException {
        QosPolicy p = SeedExamples.parse("advanced-all-keywords.conf");

        assertThat(p.portGroups()).extracting(PortGroup::name)
                .containsExactly("Storage", "Virtual Servers", "Partitions", "CAs and SM");
        PortGroup storage = p.portGroups().get(0);
        assertThat(storage.use()).isEqualTo("SRP Targets");
        assertThat(storage.portGuids().contains(STORAGE)).isTrue();
        assertThat(storage.portGuids().contains(0x10000000000002L)).isFalse();
        assertThat(storage.portGuids().contains(0x1000000000FFFAL)).isTrue();
        assertThat(storage.portGuids().contains(STORAGE_LAST)).isTrue();
        assertThat(p.portGroups().get(1).portNames()).containsExactly(
                new PortGroup.PortName("vs1 HCA-1", 1), new PortGroup.PortName("vs2 HCA-1", 1));
        assertThat(p.portGroups().get(2).partitions()).containsExactly("Part1");
        assertThat(p.portGroups().get(2).pkeys().contains(0x1234)).isTrue();
        assertThat(p.portGroups().get(3).nodeTypes()).isEqualTo(Set.of(NodeKind.CA));
        assertThat(p.portGroups().get(3).smPort()).isTrue();
        QosLevel whole = p.levels().get(1);
        assertThat(whole).isEqualTo(new QosLevel("WholeSet", "", 1, 4, 5, 8, NumberRanges.range(0x1234, 0x1234),
                NumberRanges.EMPTY));
        assertThat(p.levels().get(0).use()).isEqualTo("default QoS Level");
        assertThat(p.rules()).extracting(MatchRule::use).containsExactly("by QoS class", "Storage targets",
                "match by source group only", "match by all parameters");
    }

    @Test
    void advancedExampleResolvesQueriesFirstMatchWins() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("advanced-all-keywords.conf").bind(fabric());
        List<MatchRule> rules = b.policy().rules();

        QosQuery byClass = QosQuery.between(HOST, HOST).withQosClass(8);
        assertThat(b.levelFor(byClass).name()).isEqualTo("WholeSet");
        assertThat(b.levelFor(byClass).sl()).isEqualTo(1);
        assertThat(b.levelFor(QosQuery.between(HOST, HOST).withQosClass(10)).sl()).isZero();
        QosQuery toStorage = QosQuery.between(HOST, STORAGE_RANGE).withServiceId(0x10000000000500L);
        assertThat(b.ruleFor(toStorage)).isSameAs(rules.get(1));
        assertThat(b.levelFor(toStorage).sl()).isEqualTo(1);
        assertThat(b.ruleFor(QosQuery.between(HOST, STORAGE).withServiceId(0x10000000000002L))).isNull();
        assertThat(b.ruleFor(QosQuery.between(HOST, STORAGE))).isNull();
        QosQuery fromStorage = QosQuery.between(STORAGE_LAST, HOST).withServiceId(0x10000000000500L);
        assertThat(b.ruleFor(fromStorage)).isSameAs(rules.get(2));
        assertThat(b.levelFor(fromStorage).sl()).isZero();
        QosQuery all = QosQuery.between(VS1, STORAGE).withQosClass(11).withServiceId(0x10005L).withPKey(0x8F10);
        assertThat(b.ruleFor(all)).isSameAs(rules.get(0));
        assertThat(b.levelFor(QosQuery.between(HOST, HOST)).name()).isEqualTo("DEFAULT");
    }

    @Test
    void simpleExampleResolvesEveryUlp() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("simple-all-keywords.conf").bind(fabric());

        assertThat(sl(b, q().withServiceId(0x10000L + 30000))).isZero();
        assertThat(sl(b, q().withServiceId(0x10000L + 15000))).isZero();
        assertThat(sl(b, q().withServiceId(0x10000L + 5000))).isEqualTo(1);
        assertThat(sl(b, q().withServiceId(0x10648CAL))).isEqualTo(2);
        assertThat(sl(b, q().withPKey(0x0001))).isZero();
        assertThat(sl(b, q().withPKey(0x8001))).isZero();
        assertThat(sl(b, q().withPKey(0xFFFF))).isEqualTo(4);
        assertThat(sl(b, q().withServiceId(0x6234L))).isEqualTo(6);
        assertThat(sl(b, q().withPKey(0x0ABC))).isEqualTo(6);
        assertThat(sl(b, QosQuery.between(HOST, 0x1234L))).isEqualTo(5);
        assertThat(sl(b, QosQuery.between(HOST, 0x0ABDL))).isEqualTo(6);
        assertThat(sl(b, QosQuery.between(HOST, 0x100000L))).isZero();
        assertThat(sl(b, q())).isZero();
        assertThat(b.levelFor(q()).name()).isEqualTo("SimpleQoSLevel_DEFAULT");
        assertThat(b.levelFor(q().withPKey(0xFFFF)).name()).isEqualTo("SimpleQoSLevel_SL4");
    }

    @Test
    void everyUlpFormResolves() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("simple-every-ulp.conf").bind(fabric());

        assertThat(sl(b, q().withServiceId(0x1060000L + 25000))).isEqualTo(2);
        assertThat(sl(b, q().withServiceId(0x1060000L + 900))).isZero();
        assertThat(sl(b, q().withServiceId(0x1060CBCL))).isEqualTo(3);
        assertThat(sl(b, QosQuery.between(0x5678L, 0x100000L))).isEqualTo(7);
        assertThat(sl(b, QosQuery.between(HOST, 0x100000L))).isZero();
        assertThat(sl(b, QosQuery.between(0x5678L, 0x5678L))).as("target range rule comes first").isEqualTo(6);
        assertThat(sl(b, QosQuery.between(0x9abcdL, 0x100000L))).isEqualTo(8);
        assertThat(sl(b, QosQuery.between(0x100000L, 0x9abcdL))).as("target range rule comes first").isEqualTo(6);
        assertThat(sl(b, QosQuery.between(0x100000L, 0x200000L))).isZero();
    }

    @Test
    void hpcExampleSeparatesMpiLustreOstAndMds() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("hpc-mpi-lustre.conf").bind(fabric());

        assertThat(sl(b, QosQuery.between(HOST, VS1))).as("MPI").isZero();
        assertThat(sl(b, QosQuery.between(HOST, 0x0002c90300000013L))).as("OST3").isEqualTo(1);
        assertThat(sl(b, QosQuery.between(HOST, 0x0002c90300000022L))).as("MDS2").isEqualTo(2);
        assertThat(sl(b, QosQuery.between(0x0002c90300000022L, HOST))).as("from MDS").isZero();
    }

    @Test
    void edcTwoTierPutsIpoibAndSdpOnOneSlAndSrpOnAnother() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("edc-2tier.conf").bind(fabric());

        assertThat(sl(b, q().withPKey(0xFFFF))).as("IPoIB default partition").isEqualTo(1);
        assertThat(sl(b, q().withServiceId(0x10000L + 22))).as("SDP").isEqualTo(1);
        assertThat(sl(b, QosQuery.between(HOST, 0x0002c90300000032L))).as("SRP").isEqualTo(2);
        assertThat(sl(b, q().withPKey(0x8005))).as("other").isZero();
    }

    @Test
    void edcThreeTierSeparatesManagementApplicationDatabaseAndStorage() throws QosPolicyException {
        BoundQosPolicy b = SeedExamples.parse("edc-3tier.conf").bind(fabric());

        assertThat(sl(b, q().withPKey(0x8001))).as("management, partition A").isEqualTo(1);
        assertThat(sl(b, q().withPKey(0x8002))).as("application, partition B").isEqualTo(2);
        assertThat(sl(b, q().withServiceId(0x10648CAL))).as("RDS").isEqualTo(3);
        assertThat(sl(b, QosQuery.between(HOST, 0x0002c90300000033L))).as("SRP").isEqualTo(4);
        assertThat(sl(b, q().withPKey(0xFFFF))).as("default partition").isZero();
    }

    private static QosQuery q() {
        return QosQuery.between(HOST, VS1);
    }

    private static int sl(BoundQosPolicy b, QosQuery q) {
        return b.levelFor(q).sl();
    }

    private static QosFabric fabric() {
        return new QosFabric(List.of(new QosPort(HOST, NodeKind.CA, "host1 HCA-1", 1),
                new QosPort(VS1, NodeKind.CA, "vs1 HCA-1", 1), new QosPort(STORAGE, NodeKind.CA, "stor1 HCA-1", 1)),
                HOST, PartitionLookup.NONE);
    }
}
