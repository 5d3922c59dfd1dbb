package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.testing.SaSimFabric;
import dev.jsm.sa.testing.TestTransactions;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The standby channel in band, over the in-JVM simulator: the master's SA on {@code sa} (LID 1), a standby's SA on
 * {@code h3} (LID 4) that asks for the state by registering its ServiceRecord with the master and then takes the
 * master's stream in vendor MADs (class 0x09); host {@code h2} (LID 3) registers a ServiceRecord, creates a group
 * and subscribes with the master. The standby ends with the master's groups (same MLIDs), records and
 * subscriptions, its registry answering the same as the master's; each agent on its own thread, as in the daemon.
 */
class SaReplicationSimTest {

    private static final long SM_KEY = 0x51;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    @Test
    void aStandbyThatAsksGetsTheMastersStateInVendorMads() throws Exception {
        Topology t = SaSimFabric.topology();
        try (SimFabric fabric = new SimFabric(t)) {
            SimMadChannel saPort = fabric.openChannel("sa", 1);
            SimMadChannel h3Port = fabric.openChannel("h3", 1);
            SimMadChannel h2Port = fabric.openChannel("h2", 1);
            SaSimFabric.bringUp(saPort);
            SaView view = SaSimFabric.view(t, fabric);
            long h3 = t.node(t.indexOfName("h3")).portGuid(1);
            MadTransactions standbyLayer = layers.on(h3Port);
            try (SaAgent master = new SaAgent(saPort, layers.on(saPort), view, RmppSettings.defaults(),
                    SaLimits.defaults(), McastMembershipListener.NONE);
                 SaAgent standby = new SaAgent(h3Port, standbyLayer, SaViews.small(), RmppSettings.defaults(),
                         SaLimits.defaults(), McastMembershipListener.NONE)) {
                saPort.setReceiver((from, mad, length) -> {
                    if (MadHeader.MGMT_CLASS.getInt(mad, 0) == MgmtClass.VENDOR_09.value()) {
                        master.onReplicaMad(from, mad, length);
                    } else {
                        master.onMad(from, mad, length);
                    }
                });
                standbyLayer.onUnsolicited(UnsolicitedFilter.of(MgmtClass.VENDOR_09, Method.SEND), Runnable::run,
                        standby::onReplicaMad);
                master.start();
                standby.start();
                master.leadStandbys(SM_KEY, g -> g == h3);
                standby.followMaster(SM_KEY, 1);

                SaTestClient h2 = new SaTestClient(h2Port, System::nanoTime);
                long h2Guid = t.node(t.indexOfName("h2")).portGuid(1);
                Gid own = new Gid(0xfe80_0000_0000_0000L, h2Guid);
                h2.send(1, 0x02, SaAttribute.SERVICE_RECORD, 1, 0, 1L << ServiceRecord.COMPONENT_SERVICE_ID
                        | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L << ServiceRecord.COMPONENT_SERVICE_LEASE,
                        (b, o) -> new ServiceRecord(0x77, own, 0xFFFF, 600, new byte[16], "h2 svc", new byte[64])
                                .encodeTo(b, o));
                h2.send(1, 0x02, SaAttribute.MC_MEMBER_RECORD, 2, 0, CREATE, (b, o) -> new McMemberRecord(
                        new Gid(0xff12_0000_0000_0000L, 0x77), own, 0x1234, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0,
                        2, McMemberRecord.JOIN_FULL_MEMBER, 0).encodeTo(b, o));
                h2.send(1, 0x02, SaAttribute.INFORM_INFO, 3, 0, 0, (b, o) -> new InformInfo(Gid.ZERO,
                        InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, 64, 0, 0, 0xFFFFFF).encodeTo(b, o));
                await(() -> h2.singleCount() == 3);
                for (byte[] answer : h2.singles) {
                    assertThat(MadHeader.STATUS.getInt(answer, 0)).isZero();
                }
                int mlid = McMemberRecord.decode(h2.singles.get(1), SaHeader.DATA_OFFSET).mlid();

                await(() -> state(standby).groups().size() == 1 && state(standby).subscriptions().size() == 1
                        && state(standby).services().size() == 2);
                SaState m = state(master);
                SaState s = state(standby);
                assertThat(s.groups()).extracting(McastGroupState::mlid).containsExactly(mlid);
                assertThat(s.groups()).isEqualTo(m.groups());
                assertThat(s.subscriptions()).isEqualTo(m.subscriptions());
                assertThat(s.services()).extracting(x -> x.rid()).as("h2's record and the standby's request")
                        .containsExactlyInAnyOrderElementsOf(m.services().stream().map(x -> x.rid()).toList());
                assertThat(s.services()).filteredOn(x -> x.rid().serviceId() == 0x77).singleElement()
                        .satisfies(x -> assertThat(x.leftMillis()).isPositive().isLessThanOrEqualTo(601_000L));
                assertThat(standby.replicationStats().get(10, TimeUnit.SECONDS).synced()).isTrue();
                // the standby's last acknowledgement may still be on its way to the master
                await(() -> master.standbysInSync().get(10, TimeUnit.SECONDS));
            }
        }
    }

    private static SaState state(SaAgent agent) throws Exception {
        return agent.exportState(false).get(10, TimeUnit.SECONDS);
    }

    /** A condition that may throw (the agents' futures). */
    private interface Check {
        boolean test() throws Exception;
    }

    private static void await(Check done) throws Exception {
        long limit = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!done.test()) {
            assertThat(System.nanoTime() - limit).as("timed out waiting").isNegative();
            Thread.sleep(10);
        }
    }
}
