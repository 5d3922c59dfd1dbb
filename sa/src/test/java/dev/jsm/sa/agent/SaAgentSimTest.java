package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.SaSimFabric;
import dev.jsm.sa.testing.StarFabric;
import dev.jsm.sa.testing.TestTransactions;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The SA agent on its own thread, on a port of the in-JVM simulator, answering a client on another host through
 * the simulated switch of {@link SaSimFabric} (LIDs and the LFT set over SMPs, the view read back from the
 * simulator). A GetTable of NodeRecords (several RMPP segments, ACKed by the client's own RMPP receiver) and a
 * PathRecord Get; a table of every PathRecord of a larger view (streamed, 2,100 segments) through the same ports.
 */
class SaAgentSimTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    @Test
    void answersGetTableThroughRmppAndPathRecordsOverTheSimulator() throws Exception {
        Topology t = SaSimFabric.topology();
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            SaSimFabric.bringUp(saPort);
            SaView view = SaSimFabric.view(t, fabric);
            try (SaAgent agent = new SaAgent(saPort, layers.on(saPort), view, RmppSettings.defaults(), 1000)) {
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
        Topology t = SaSimFabric.topology();
        int hosts = 80;
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            SaSimFabric.bringUp(saPort);
            SaView star = SaViews.of(StarFabric.snapshot(hosts, 0));
            try (SaAgent agent = new SaAgent(saPort, layers.on(saPort), star, RmppSettings.defaults(), 1000)) {
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

    /** Waits (bounded) for the simulator and agent threads to get there; fails if they never do. */
    private static void await(BooleanSupplier done) throws InterruptedException {
        long limit = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - limit).as("timed out waiting for the SA").isNegative();
            Thread.sleep(5);
        }
    }
}
