package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.NodeKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Port-group resolution against a fabric and the matching rules of OpenSM's {@code osm_qos_policy.c}. */
class QosPolicySemanticsTest {

    private static final long SM = 0x100L;
    private static final long CA_A = 0x201L;
    private static final long CA_B = 0x202L;
    private static final long SWITCH = 0x300L;
    private static final long ROUTER = 0x400L;

    private static final String GROUPS = """
            port-groups
              port-group
                name: By Name
                port-name: "hostA HCA-1/P2", "leaf # 1/p7"
              end-port-group
              port-group
                name: ByPartition
                partition: Storage
              end-port-group
              port-group
                name: ByPKey
                pkey: 0x8010-0x8020
              end-port-group
              port-group
                name: Routers
                node-type: router
              end-port-group
              port-group
                name: Me
                node-type: SELF
              end-port-group
            end-port-groups
            qos-levels
              qos-level
                name: DEFAULT
                sl: 0
              end-qos-level
            """;

    @Test
    void portGroupsResolveByNameSwitchPartitionPKeyTypeAndSelf() throws QosPolicyException {
        BoundQosPolicy b = bind(GROUPS + levels(6) + """
                qos-match-rules
                  qos-match-rule
                    destination: BYNAME
                    qos-level-name: L1
                  end-qos-match-rule
                  qos-match-rule
                    destination: by partition
                    qos-level-name: L2
                  end-qos-match-rule
                  qos-match-rule
                    destination: ByPKey
                    qos-level-name: L3
                  end-qos-match-rule
                  qos-match-rule
                    destination: Routers
                    qos-level-name: L4
                  end-qos-match-rule
                  qos-match-rule
                    destination: Me
                    qos-level-name: L5
                  end-qos-match-rule
                end-qos-match-rules
                """);

        assertThat(sl(b, QosQuery.between(SM, CA_A))).as("port-name with blanks, quoted").isEqualTo(1);
        assertThat(sl(b, QosQuery.between(SM, SWITCH))).as("quotes protect '#': switch 'leaf # 1'").isEqualTo(1);
        assertThat(sl(b, QosQuery.between(SM, CA_B))).as("partition Storage").isEqualTo(2);
        assertThat(sl(b, QosQuery.between(SM, 0x999L))).as("unknown port").isZero();
        assertThat(sl(b, QosQuery.between(CA_A, ROUTER))).as("router").isEqualTo(4);
        assertThat(sl(b, QosQuery.between(CA_A, SM))).as("pkey 0x0015 of the SM port").isEqualTo(3);
    }

    @Test
    void sourceAndDestinationMustBothMatchButSourceTargetGuidMatchesEitherEnd() throws QosPolicyException {
        BoundQosPolicy b = bind(GROUPS + levels(2) + """
                qos-match-rules
                  qos-match-rule
                    source: Me
                    destination: Routers
                    qos-level-name: L1
                  end-qos-match-rule
                end-qos-match-rules
                qos-ulps
                  any, source-target-port-guid 0x201 : 2
                end-qos-ulps
                """);

        assertThat(sl(b, QosQuery.between(SM, ROUTER))).isEqualTo(1);
        assertThat(sl(b, QosQuery.between(SM, CA_B))).isZero();
        assertThat(sl(b, QosQuery.between(ROUTER, ROUTER))).isZero();
        assertThat(sl(b, QosQuery.between(CA_A, CA_B))).isEqualTo(2);
        assertThat(sl(b, QosQuery.between(CA_B, CA_A))).isEqualTo(2);
    }

    @Test
    void criteriaNeedTheQueryToCarryTheField() throws QosPolicyException {
        BoundQosPolicy b = bind(GROUPS + levels(3) + """
                qos-match-rules
                  qos-match-rule
                    pkey: 0x8001
                    qos-level-name: l1
                  end-qos-match-rule
                  qos-match-rule
                    service-id: 0x10-0x20
                    qos-class: 3
                    qos-level-name: L2
                  end-qos-match-rule
                end-qos-match-rules
                qos-ulps
                  default: 9
                end-qos-ulps
                """);

        assertThat(sl(b, QosQuery.between(SM, CA_A))).as("advanced DEFAULT wins over qos-ulps default").isZero();
        assertThat(sl(b, QosQuery.between(SM, CA_A).withPKey(0x0001))).as("membership bit ignored").isEqualTo(1);
        assertThat(sl(b, QosQuery.between(SM, CA_A).withServiceId(0x15))).as("class missing").isZero();
        assertThat(sl(b, QosQuery.between(SM, CA_A).withServiceId(0x15).withQosClass(3))).isEqualTo(2);
        assertThat(sl(b, QosQuery.between(SM, CA_A).withServiceId(0x21).withQosClass(3))).isZero();
    }

    private static String levels(int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < count; i++) {
            sb.append("  qos-level\n    name: L").append(i).append("\n    sl: ").append(i)
                    .append("\n  end-qos-level\n");
        }
        return sb.append("end-qos-levels\n").toString();
    }

    private static int sl(BoundQosPolicy b, QosQuery q) {
        return b.levelFor(q).sl();
    }

    private static BoundQosPolicy bind(String text) throws QosPolicyException {
        PartitionLookup partitions = new PartitionLookup() {
            @Override
            public boolean isMember(String name, long guid) {
                return name.equals("Storage") && guid == CA_B;
            }

            @Override
            public int[] pkeysOf(long guid) {
                return guid == SM ? new int[] {0x7FFF, 0x0015} : new int[] {0x7FFF};
            }
        };
        List<QosPort> ports = List.of(new QosPort(SM, NodeKind.CA, "sm HCA-1", 1),
                new QosPort(CA_A, NodeKind.CA, "hostA HCA-1", 2), new QosPort(CA_B, NodeKind.CA, "hostB HCA-1", 1),
                new QosPort(SWITCH, NodeKind.SWITCH, "leaf # 1", 0), new QosPort(ROUTER, NodeKind.ROUTER, "gw", 1));
        return QosPolicyParser.parse("test.conf", text).bind(new QosFabric(ports, SM, partitions));
    }
}
