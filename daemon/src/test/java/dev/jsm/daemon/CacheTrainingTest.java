package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The JVM cache's training run pulls a cable between two switches after the first SUBNET UP and plugs it back after
 * the second, each time asking for the light sweep that finds it; only when {@value CacheTraining#PROPERTY} says so.
 */
class CacheTrainingTest {

    @AfterEach
    void clear() {
        System.clearProperty(CacheTraining.PROPERTY);
    }

    @Test
    void aTrainingRunPullsASwitchCableThenPlugsItBack() throws Exception {
        System.setProperty(CacheTraining.PROPERTY, "repair");
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimFabric sim = new SimFabric(t)) {
            SmEvents events = new SmEvents();
            CacheTraining training = CacheTraining.of(sim, events);
            assertThat(training).isNotNull();
            int sw = SimSm.firstSwitch(t);
            int port = firstSwitchCable(t, sw);
            assertThat(sim.portInfo(sw, port).portState()).isNotEqualTo(PortInfo.STATE_DOWN);

            training.subnetUp(null);
            assertThat(sim.portInfo(sw, port).portState()).isEqualTo(PortInfo.STATE_DOWN);
            assertThat(events.isPending(SmEvent.LIGHT_SWEEP)).isTrue();

            training.subnetUp(null);
            assertThat(sim.portInfo(sw, port).portState()).isNotEqualTo(PortInfo.STATE_DOWN);
        }
    }

    @Test
    void anOrdinaryRunHasNoTraining() throws Exception {
        try (SimFabric sim = new SimFabric(TopologyShapes.load("fat2:k=4"))) {
            assertThat(CacheTraining.of(sim, new SmEvents())).isNull();
            System.setProperty(CacheTraining.PROPERTY, "repair");
            assertThat(CacheTraining.of(null, new SmEvents())).as("on a real port").isNull();
        }
    }

    private static int firstSwitchCable(Topology t, int sw) {
        for (int p = 1; p <= t.node(sw).numPorts(); p++) {
            int peer = t.peerNode(sw, p);
            if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                return p;
            }
        }
        throw new IllegalArgumentException("no switch cable");
    }
}
