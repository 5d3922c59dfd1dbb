package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.DrBringUp;
import dev.jsm.sa.testing.FabricSnapshots;
import dev.jsm.sa.testing.StarFabric;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The SA agent on its own thread, on a port of the in-JVM simulator, answering a client on another host through
 * the simulated switch: LIDs and the LFT are set by {@link DrBringUp}, the view is read back from the simulator
 * ({@link FabricSnapshots}).
 * A GetTable of NodeRecords (several RMPP segments, ACKed by the client's own RMPP receiver) and a PathRecord Get;
 * a table of every PathRecord of a larger view (streamed, 2,100 segments) through the same ports.
 */
class SaAgentSimTest {

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

    @Test
    void answersGetTableThroughRmppAndPathRecordsOverTheSimulator() throws Exception {
        Topology t = TopologyReader.parse(NET, "sa-sim");
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            bringUp(saPort);
            SaView view = SaView.of(FabricSnapshots.of(t, fabric::portInfo, fabric::lftPort, 6), new SmIdentity(1,
                    new SmInfo(t.node(t.indexOfName("sa")).portGuid(1), 0, 1, 0, SmInfo.STATE_MASTER)),
                    SaSettings.defaults());
            try (SaAgent agent = new SaAgent(saPort, view, RmppSettings.defaults(), 1000)) {
                saPort.setReceiver(agent::onMad);
                agent.start();
                SaTestClient client = new SaTestClient(h2Port, System::nanoTime);
                client.send(1, 0x12, SaAttribute.NODE_RECORD, 0x77, 0, 0, (b, o) -> { });
                await(() -> client.tableCount() == 1);
                RmppMessage table = client.tables.get(0);
                assertThat(table.data()).as("NodeRecords of 5 hosts and the switch")
                        .hasSize(6 * NodeRecord.SIZE);
                assertThat(MadHeader.TRANSACTION_ID.getLong(table.header(), 0)).isEqualTo(0x77);
                for (int off = 0; off < table.data().length; off += NodeRecord.SIZE) {
                    NodeRecord r = NodeRecord.decode(table.data(), off);
                    assertThat(r.nodeDescription()).as("record at %d", off).isEqualTo(
                            t.node(t.indexOfGuid(r.nodeInfo().nodeGuid())).name());
                }

                client.send(1, 0x01, SaAttribute.PATH_RECORD, 0x78, 0, 1L << PathRecord.COMPONENT_SLID
                        | 1L << PathRecord.COMPONENT_DLID, (b, o) -> {
                            PathRecord.SLID.put(b, o, 3);
                            PathRecord.DLID.put(b, o, 6);
                        });
                await(() -> client.singleCount() == 1);
                byte[] answer = client.singles.get(0);
                assertThat(MadHeader.STATUS.getInt(answer, 0)).isZero();
                PathRecord p = PathRecord.decode(answer, SaHeader.DATA_OFFSET);
                assertThat(p.slid()).isEqualTo(3);
                assertThat(p.dlid()).isEqualTo(6);
                assertThat(p.dgid().interfaceId()).isEqualTo(t.node(t.indexOfName("h5")).portGuid(1));
                assertThat(p.reversible()).isEqualTo(1);
                assertThat(agent.stats().rmppSent().completed()).isEqualTo(1);
                assertThat(agent.stats().dropped()).isZero();
            }
        }
    }

    @Test
    void streamsATableOfEveryPathRecordThroughRmpp() throws Exception {
        Topology t = TopologyReader.parse(NET, "sa-sim");
        int hosts = 80;
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            bringUp(saPort);
            SaView star = SaViews.of(StarFabric.snapshot(hosts, 0));
            try (SaAgent agent = new SaAgent(saPort, star, RmppSettings.defaults(), 1000)) {
                saPort.setReceiver(agent::onMad);
                agent.start();
                SaTestClient client = new SaTestClient(h2Port, System::nanoTime);
                client.send(1, 0x12, SaAttribute.PATH_RECORD, 0x79, 0, 0, (b, o) -> { });
                await(() -> client.tableCount() == 1);

                byte[] data = client.tables.get(0).data();
                int ports = hosts + 1;
                assertThat(data).as("a record for every pair of the star's %d end ports", ports)
                        .hasSize(ports * ports * PathRecord.SIZE);
                Set<Integer> pairs = new HashSet<>();
                for (int off = 0; off < data.length; off += PathRecord.SIZE) {
                    PathRecord p = PathRecord.decode(data, off);
                    pairs.add(p.slid() << 16 | p.dlid());
                }
                assertThat(pairs).as("every (SLID, DLID) once").hasSize(ports * ports);
                assertThat(agent.stats().rmppSent().completed()).isEqualTo(1);
            }
        }
    }

    /** LIDs 1 (sa), 2 (the switch) and 3-6 (h2-h5) and the switch's LFT, set over SMPs from the SA's port. */
    private static void bringUp(SimMadChannel saPort) throws Exception {
        DrBringUp up = new DrBringUp(saPort);
        up.setLid(DrPath.local(), 1, 1, 1);
        up.setLid(DrPath.of(1), 0, 2, 1);
        for (int p = 2; p <= 5; p++) {
            up.setLid(DrPath.of(1, p), 1, p + 1, 1);
        }
        up.setLft(DrPath.of(1), new int[] {255, 1, 0, 2, 3, 4, 5});
    }

    /** Waits (bounded) for the simulator and agent threads to get there; fails if they never do. */
    private static void await(BooleanSupplier done) throws InterruptedException {
        long limit = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - limit).as("timed out waiting for the SA").isNegative();
            Thread.sleep(5);
        }
    }
}
