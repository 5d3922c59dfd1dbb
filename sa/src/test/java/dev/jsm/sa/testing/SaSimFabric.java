package dev.jsm.sa.testing;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;

/**
 * The fabric of the SA's tests on the in-JVM simulator: switch {@code sw} with the SA's host {@code sa} on port 1 and
 * hosts {@code h2} to {@code h5} on ports 2 to 5; {@link #bringUp} gives {@code sa} LID 1, the switch LID 2 and
 * {@code hN} LID N + 1, and programs the switch's LFT, over SMPs from the SA's port.
 *
 * <p>Stateless.
 */
public final class SaSimFabric {

    private static final String NET = """
            Switch 8 "sw"
            [1] "sa"[1]
            [2] "h2"[1]
            [3] "h3"[1]
            [4] "h4"[1]
            [5] "h5"[1]

            Hca 1 "sa"
            [1] "sw"[1]
            Hca 1 "h2"
            [1] "sw"[2]
            Hca 1 "h3"
            [1] "sw"[3]
            Hca 1 "h4"
            [1] "sw"[4]
            Hca 1 "h5"
            [1] "sw"[5]
            """;

    private SaSimFabric() {
    }

    /** The topology. */
    public static Topology topology() throws Exception {
        return TopologyReader.parse(NET, "sa-sim");
    }

    /** Sets the LIDs and the LFT over SMPs from {@code saPort} (the {@code sa} host's port 1). */
    public static void bringUp(SimMadChannel saPort) throws Exception {
        DrBringUp up = new DrBringUp(saPort);
        up.setLid(DrPath.local(), 1, 1, 1);
        up.setLid(DrPath.of(1), 0, 2, 1);
        for (int p = 2; p <= 5; p++) {
            up.setLid(DrPath.of(1, p), 1, p + 1, 1);
        }
        up.setLft(DrPath.of(1), new int[] {255, 1, 0, 2, 3, 4, 5});
    }

    /** The SA's view of the fabric after {@link #bringUp}, read back from the simulator; the SM is {@code sa}. */
    public static SaView view(Topology t, SimFabric fabric) throws Exception {
        return SaView.of(FabricSnapshots.of(t, fabric::portInfo, fabric::lftPort, 6), new SmIdentity(1,
                new SmInfo(t.node(t.indexOfName("sa")).portGuid(1), 0, 1, 0, SmInfo.STATE_MASTER)),
                SaSettings.defaults());
    }
}
