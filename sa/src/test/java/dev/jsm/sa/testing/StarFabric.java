package dev.jsm.sa.testing;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * A fabric of one switch with {@code hosts} hosts for the SA's large-table tests: host {@code hI} on switch port
 * {@code I} with base LID {@code (I + 1) << lmc}, the switch at {@code 1 << lmc}, every port Active and the switch's
 * LFT sending each host's LIDs to its port.
 *
 * <p>Stateless.
 */
public final class StarFabric {

    private StarFabric() {
    }

    /** The SM's model of the star of {@code hosts} hosts with LMC {@code lmc}. */
    public static SubnetSnapshot snapshot(int hosts, int lmc) throws Exception {
        StringBuilder net = new StringBuilder("Switch " + hosts + " \"sw\"\n");
        for (int i = 1; i <= hosts; i++) {
            net.append('[').append(i).append("] \"h").append(i).append("\"[1]\n");
        }
        for (int i = 1; i <= hosts; i++) {
            net.append("\nHca 1 \"h").append(i).append("\"\n[1] \"sw\"[").append(i).append("]\n");
        }
        Topology t = TopologyReader.parse(net.toString(), "star");
        int sw = t.indexOfName("sw");
        try (SimFabric fabric = new SimFabric(t)) {
            return FabricSnapshots.of(t, (node, port) -> {
                int base = node == sw ? 1 << lmc : (Integer.parseInt(t.node(node).name().substring(1)) + 1) << lmc;
                return fabric.portInfo(node, port).withLid(base).withLmc(lmc).withPortState(4);
            }, (node, lid) -> {
                int owner = (lid >> lmc) - 1;
                return owner == 0 ? 0 : owner >= 1 && owner <= hosts ? owner : 255;
            }, (hosts + 2) << lmc);
        }
    }
}
