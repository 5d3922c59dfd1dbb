package dev.jsm.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.GuidInfo;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.TopologyShapes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A router in the simulator (docs/routers.md): NodeType 3, an end node like a CA (its own LID, answering for the port
 * an SMP arrived on), whose GUIDInfo holds its alias GUIDs from power-on and takes more by Set.
 */
class SimRoutersTest {

    private SimFabric fabric;
    private SmpClient sm;
    private int router;

    @BeforeEach
    void setUp() {
        fabric = new SimFabric(TopologyShapes.parse("fat2:k=4,leaves=2,spines=1,hosts=2,routers=1,router-aliases=9"));
        router = fabric.nodeIndex("router-0");
        sm = new SmpClient(fabric, 0, 1);
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void aRouterIsNodeType3WithItsAliasGuids() {
        DrPath toRouter = pathTo(router);
        NodeInfo ni = NodeInfo.decode(sm.get(toRouter, AttributeId.NODE_INFO, 0), Smp.DATA_OFFSET);
        long portGuid = fabric.topology().node(router).portGuid(1);
        assertThat(ni.nodeType()).isEqualTo(3);
        assertThat(ni.portGuid()).isEqualTo(portGuid);

        PortInfo pi = PortInfo.decode(sm.get(toRouter, AttributeId.PORT_INFO, 0), Smp.DATA_OFFSET);
        assertThat(pi.guidCap()).as("32, as every CA port; 10 GUIDs fit").isEqualTo(32);
        GuidInfo block0 = GuidInfo.decode(sm.get(toRouter, AttributeId.GUID_INFO, 0), Smp.DATA_OFFSET);
        assertThat(block0.guid(0)).isEqualTo(portGuid);
        assertThat(block0.guid(1)).isEqualTo(portGuid + (1L << 32));
        assertThat(block0.guid(7)).isEqualTo(portGuid + (7L << 32));
        GuidInfo block1 = GuidInfo.decode(sm.get(toRouter, AttributeId.GUID_INFO, 1), Smp.DATA_OFFSET);
        assertThat(block1.guid(0)).isEqualTo(portGuid + (8L << 32));
        assertThat(block1.guid(1)).isEqualTo(portGuid + (9L << 32));
        assertThat(block1.guid(2)).isZero();

        byte[] set = new byte[64];
        new GuidInfo(new long[] {0, 0, 0x77, 0, 0, 0, 0, 0}).encodeTo(set, 0);
        sm.set(toRouter, AttributeId.GUID_INFO, 1, set);
        assertThat(GuidInfo.decode(sm.get(toRouter, AttributeId.GUID_INFO, 1), Smp.DATA_OFFSET).guid(2))
                .as("an SM's alias GUID set on top").isEqualTo(0x77);
    }

    /** The directed route from node 0 (a host on leaf 0) to {@code node}, a host or router. */
    private DrPath pathTo(int node) {
        int leaf = fabric.topology().peerNode(node, 1);
        int port = fabric.topology().peerPort(node, 1);
        if (leaf == fabric.topology().peerNode(0, 1)) {
            return DrPath.of(1, port);
        }
        return DrPath.of(1, 3, fabric.topology().peerPort(leaf, 3), port);
    }
}
