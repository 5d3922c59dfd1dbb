package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

/** A snapshot's end ports become the ports port groups are resolved against. */
class QosFabricTest {

    @Test
    void endPortsOfASnapshotWithDescriptionsAndPortNumbers() throws QosPolicyException {
        Subnet subnet = new Subnet();
        Node host = subnet.addNode(NodeKind.CA, 0x20L, 2);
        host.setDescription("vs1 HCA-1");
        subnet.addPort(host, 2, 0x22L);
        Node sw = subnet.addNode(NodeKind.SWITCH, 0x10L, 4);
        sw.setDescription("leaf-0");
        subnet.addPort(sw, 0, 0x10L);
        subnet.addPort(sw, 3, 0x10L);

        QosFabric fabric = QosFabric.of(SubnetSnapshot.of(subnet), 0x22L, PartitionLookup.NONE);

        assertThat(fabric.ports()).containsExactlyInAnyOrder(new QosPort(0x22L, NodeKind.CA, "vs1 HCA-1", 2),
                new QosPort(0x10L, NodeKind.SWITCH, "leaf-0", 0));
        BoundQosPolicy b = QosPolicyParser.parse("p", """
                port-groups
                  port-group
                    name: G
                    port-name: vs1 HCA-1/P2, leaf-0/P3
                  end-port-group
                end-port-groups
                qos-levels
                  qos-level
                    name: DEFAULT
                    sl: 0
                  end-qos-level
                  qos-level
                    name: G
                    sl: 5
                  end-qos-level
                end-qos-levels
                qos-match-rules
                  qos-match-rule
                    source: G
                    destination: G
                    qos-level-name: G
                  end-qos-match-rule
                end-qos-match-rules
                """).bind(fabric);
        assertThat(b.levelFor(QosQuery.between(0x22L, 0x10L)).sl()).isEqualTo(5);
        assertThat(b.levelFor(QosQuery.between(0x22L, 0x99L)).sl()).isZero();
    }
}
