package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.WellKnownGroup;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.MemoryNetwork;
import dev.jsm.sa.testing.TestTransactions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * MCMemberRecord through {@link SaAgent} as MADs: a join's answer, the Get rules, the listener, the well-known groups
 * defined on the agent's thread, and {@code disable_multicast}. The client is H2 (LID 8) of the small SA fabric;
 * requests are handled on the test thread, which waits for the agent thread's definition through the listener.
 */
class SaAgentMcastTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final int REPORT = 0x06;
    private static final int GET_TRACE_TABLE = 0x13;
    private static final int GET_MULTI = 0x14;
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
    private static final long H2 = 0x0002c90000002001L;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;

    private final List<String> joins = new ArrayList<>();
    private final CountDownLatch created = new CountDownLatch(1);
    private final McastMembershipListener listener = new McastMembershipListener() {
        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
            created.countDown();
        }

        @Override
        public void groupDeleted(int mlid) {
        }

        @Override
        public void joined(int mlid, long portGuid) {
            joins.add(Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
        }

        @Override
        public void left(int mlid, long portGuid) {
        }
    };

    @Test
    void anIpoibJoinOfTheBroadcastGroupIsAnsweredWithItsParameters() throws Exception {
        MemoryNetwork net = new MemoryNetwork(3, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        SaTestClient client = new SaTestClient(net.endpoint(8, 9), System::nanoTime);
        try (SaAgent agent = new SaAgent(sa, layers.on(sa), SaViews.small(), RmppSettings.defaults(),
                SaLimits.defaults().withSharedQueue(100), listener)) {
            sa.setReceiver((from, mad, length) -> agent.handle(from, mad, length, 0));
            client.send(1, GET, SaAttribute.MC_MEMBER_RECORD, 1, 0, 1L, (b, o) -> BROADCAST.write(
                    McMemberRecord.MGID, b, o));
            net.pump();
            assertThat(MadHeader.STATUS.getInt(client.singles.get(0), 0)).as("no group yet")
                    .isEqualTo(SaStatus.NO_RECORDS);

            agent.defineWellKnownGroups(List.of(new WellKnownGroup(BROADCAST, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
            assertThat(created.await(10, TimeUnit.SECONDS)).as("defined on the agent's thread").isTrue();
            client.send(1, SET, SaAttribute.MC_MEMBER_RECORD, 2, 0, JOIN, (b, o) -> join().encodeTo(b, o));
            net.pump();
            byte[] answer = client.singles.get(1);
            assertThat(answer[3] & 0xff).as("SubnAdmGetResp").isEqualTo(0x81);
            assertThat(MadHeader.STATUS.getInt(answer, 0)).isZero();
            McMemberRecord r = McMemberRecord.decode(answer, SaHeader.DATA_OFFSET);
            assertThat(r.qKey()).isEqualTo(0x0B1BL);
            assertThat(r.mlid()).isEqualTo(0xC000);
            assertThat(r.mtu()).isEqualTo(4);
            assertThat(joins).containsExactly("c000 " + Long.toHexString(H2));
        }
    }

    @Test
    void withMulticastDisabledJoinsAreStillServedAsOpenSmServesThem() throws Exception {
        MemoryNetwork net = new MemoryNetwork(3, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        SaTestClient client = new SaTestClient(net.endpoint(8, 9), System::nanoTime);
        SaView small = SaViews.small();
        SaSettings off = new SaSettings(1, 18, 16, false, false, false, true, false);
        SaView view = new SaView(small.snapshot(), small.pathSl(), small.qos(), small.partitions(), small.sm(), off,
                small.tables());
        try (SaAgent agent = new SaAgent(sa, layers.on(sa), view, RmppSettings.defaults(),
                SaLimits.defaults().withSharedQueue(100), listener)) {
            sa.setReceiver((from, mad, length) -> agent.handle(from, mad, length, 0));
            agent.defineWellKnownGroups(List.of(new WellKnownGroup(BROADCAST, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
            assertThat(created.await(10, TimeUnit.SECONDS)).as("defined on the agent's thread").isTrue();
            client.send(1, SET, SaAttribute.MC_MEMBER_RECORD, 3, 0, JOIN, (b, o) -> join().encodeTo(b, o));
            net.pump();
            assertThat(MadHeader.STATUS.getInt(client.singles.get(0), 0)).as("disable_multicast only stops the "
                    + "MFT programming (and clears IsUDMulticast)").isZero();
            assertThat(joins).hasSize(1);
        }
    }

    @Test
    void methodsTheMulticastCodeDoesNotServeAreAnsweredOrDroppedAsOpenSmDoes() throws Exception {
        MemoryNetwork net = new MemoryNetwork(3, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        SaTestClient client = new SaTestClient(net.endpoint(8, 9), System::nanoTime);
        try (SaAgent agent = new SaAgent(sa, layers.on(sa), SaViews.small(), RmppSettings.defaults(),
                SaLimits.defaults().withSharedQueue(100), listener)) {
            sa.setReceiver((from, mad, length) -> agent.handle(from, mad, length, 0));
            client.send(1, GET_MULTI, SaAttribute.MC_MEMBER_RECORD, 4, 0, JOIN, (b, o) -> join().encodeTo(b, o));
            net.pump();
            assertThat(client.singles).as("GetMulti: one answer").hasSize(1);
            assertThat(MadHeader.STATUS.getInt(client.singles.get(0), 0)).as("OpenSM ERR 1B21")
                    .isEqualTo(MadStatus.METHOD_ATTR_UNSUPPORTED.value());
            assertThat(client.singles.get(0)[3] & 0xff).as("GetMultiResp").isEqualTo(GET_MULTI | 0x80);

            long droppedBefore = agent.stats().dropped();
            client.send(1, GET_TRACE_TABLE, SaAttribute.MC_MEMBER_RECORD, 5, 0, JOIN,
                    (b, o) -> join().encodeTo(b, o));
            client.send(1, REPORT, SaAttribute.MC_MEMBER_RECORD, 6, 0, JOIN, (b, o) -> join().encodeTo(b, o));
            net.pump();
            assertThat(client.singles).as("GetTraceTable and Report: OpenSM ERR 1A05, no answer").hasSize(1);
            assertThat(agent.stats().dropped() - droppedBefore).isEqualTo(2);
            assertThat(joins).isEmpty();
        }
    }

    private static McMemberRecord join() {
        return new McMemberRecord(BROADCAST, new Gid(0xfe80000000000000L, H2), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, McMemberRecord.JOIN_FULL_MEMBER, 0);
    }
}
