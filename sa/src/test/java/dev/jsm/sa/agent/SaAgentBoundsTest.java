package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.AnswerCaps;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.MemoryNetwork;
import dev.jsm.sa.testing.StarFabric;
import dev.jsm.sa.testing.TestTransactions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The agent's bounds through MADs on the small SA fabric, H2 at LID 8 and H3 at LID 9, requests handled on the test
 * thread with simulated time: RMPP requests announcing a mebibyte are stopped and nothing is kept; table answers
 * beyond the bytes the requester may have in flight get ERR_NO_RESOURCES, while the other host is still answered;
 * no answer grows beyond {@link AnswerCaps#MAX_BYTES}; a requester has one streamed PathRecord table at a time, the
 * SA two; InformInfo subscriptions and multicast groups have fair shares per port. Every refusal is counted.
 */
class SaAgentBoundsTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final int GET_MULTI = 0x14;
    private static final int DELETE = 0x15;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;

    private long now;

    @Test
    void rmppRequestsAnnouncingAMebibyteAreStoppedAndTheSaStillAnswers() throws Exception {
        Rig r = new Rig(TestLimits.defaults());
        MadAddress.LidRouted from = new MadAddress.LidRouted(8, 9, 0, 0, 0);
        for (int tid = 0; tid < 9000; tid++) {
            byte[] seg = SaTestClient.request(GET_MULTI, SaAttribute.MULTI_PATH_RECORD, tid, 0, 0, (b, o) -> { });
            new RmppHeader(1, RmppHeader.TYPE_DATA, RmppHeader.NO_RESP_TIME,
                    RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST, 0, 1, (1 << 20) + 20).encodeTo(seg);
            r.agent.handle(from, seg, seg.length, now);
        }
        r.net.pump();
        SaAgentStats s = r.agent.stats();
        assertThat(s.refused().get(Refusal.RMPP_TOO_LARGE)).isEqualTo(9000);
        assertThat(s.rmppReceived().aborted()).isEqualTo(9000);
        r.h2.send(1, GET_TABLE, SaAttribute.NODE_RECORD, 0x10, 0, 0, (b, o) -> { });
        r.run();
        assertThat(r.h2.tables).hasSize(1);
    }

    @Test
    void aFloodOfRefusedRequestsIsAnsweredWithinTheRequestersBudgetNotWithAFlood() throws Exception {
        TestLimits t = TestLimits.defaults();
        t.refusalAnswersPerSecond = 10;
        t.refusalAnswerBurst = 100;
        Rig r = new Rig(t);
        MemoryNetwork.Endpoint attacker = r.net.endpoint(8, 9);
        List<byte[]> back = new ArrayList<>();
        attacker.setReceiver((f, mad, length) -> back.add(mad));
        for (int tid = 0; tid < 9000; tid++) {
            r.agent.handle(attacker.address(), tooLarge(tid), MadHeader.MAD_SIZE, now);
        }
        r.net.pump();
        assertThat(back).as("the burst of STOPs, then silence").hasSize(100)
                .allMatch(m -> RmppHeader.decode(m).type() == RmppHeader.TYPE_STOP);
        SaAgentStats s = r.agent.stats();
        assertThat(s.refused().get(Refusal.RMPP_TOO_LARGE)).as("every refusal counted").isEqualTo(9000);
        assertThat(s.refused().get(Refusal.REFUSAL_ANSWERS)).as("those not answered").isEqualTo(8900);

        r.agent.handle(r.net.endpoint(9, 3).address(), tooLarge(1), MadHeader.MAD_SIZE, now);
        now += 1_000_000_000L;
        for (int tid = 0; tid < 9000; tid++) {
            r.agent.handle(attacker.address(), tooLarge(tid), MadHeader.MAD_SIZE, now);
        }
        r.net.pump();
        assertThat(back).as("a second later: ten more").hasSize(110);
        assertThat(r.agent.stats().refused().get(Refusal.REFUSAL_ANSWERS)).as("H3 has a budget of its own")
                .isEqualTo(8900 + 8990);
    }

    /** The first of an RMPP request's segments, announcing a mebibyte. */
    private static byte[] tooLarge(int tid) {
        byte[] seg = SaTestClient.request(GET_MULTI, SaAttribute.MULTI_PATH_RECORD, tid, 0, 0, (b, o) -> { });
        new RmppHeader(1, RmppHeader.TYPE_DATA, RmppHeader.NO_RESP_TIME, RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST,
                0, 1, (1 << 20) + 20).encodeTo(seg);
        return seg;
    }

    @Test
    void tableAnswersBeyondTheRequestersBytesInFlightAreRefusedAndTheOtherHostIsServed() throws Exception {
        TestLimits t = TestLimits.defaults();
        t.answerBytesInFlightPerRequester = 1000;
        Rig r = new Rig(t);
        MemoryNetwork.Endpoint silent = r.net.endpoint(8, 9);
        List<Integer> statuses = new ArrayList<>();
        silent.setReceiver((f, mad, length) -> {
            if (!RmppHeader.isActive(mad)) {
                statuses.add(MadHeader.STATUS.getInt(mad, 0));
            }
        });
        for (int tid = 0; tid < 3; tid++) {
            byte[] req = SaTestClient.request(GET_TABLE, SaAttribute.NODE_RECORD, tid, 0, 0, (b, o) -> { });
            r.agent.handle(silent.address(), req, req.length, now);
        }
        r.net.pump();
        assertThat(statuses).as("672 bytes held for LID 8; the next two would pass 1000")
                .containsExactly(SaStatus.NO_RESOURCES, SaStatus.NO_RESOURCES);
        assertThat(r.agent.stats().refused().get(Refusal.ANSWERS_IN_FLIGHT)).isEqualTo(2);
        assertThat(r.agent.stats().answerBytesInFlight()).isEqualTo(6 * NodeRecord.SIZE);
        r.h3.send(1, GET_TABLE, SaAttribute.NODE_RECORD, 0x20, 0, 0, (b, o) -> { });
        r.run();
        assertThat(r.h3.tables).as("H3 has its own share").hasSize(1);
        assertThat(r.agent.stats().answerBytesInFlight()).as("the unacknowledged answer timed out").isZero();
    }

    @Test
    void aPortHoldsOnlyItsShareOfSubscriptions() throws Exception {
        TestLimits t = TestLimits.defaults();
        t.subscriptionsPerPort = 3;
        Rig r = new Rig(t);
        for (int trap = 0; trap < 5; trap++) {
            int n = trap;
            r.h2.send(1, SET, SaAttribute.INFORM_INFO, trap, 0, 0, (b, o) -> generic(1000 + n).encodeTo(b, o));
        }
        r.h3.send(1, SET, SaAttribute.INFORM_INFO, 9, 0, 0, (b, o) -> generic(64).encodeTo(b, o));
        r.run();
        assertThat(statuses(r.h2)).containsExactly(0, 0, 0, SaStatus.NO_RESOURCES, SaStatus.NO_RESOURCES);
        assertThat(statuses(r.h3)).containsExactly(0);
        assertThat(r.agent.stats().refused().get(Refusal.SUBSCRIPTIONS)).isEqualTo(2);
    }

    @Test
    void aPortCreatesOnlyItsShareOfGroupsAndGetsRoomBackWhenOneGoes() throws Exception {
        TestLimits t = TestLimits.defaults();
        t.mcastGroupsPerPort = 2;
        Rig r = new Rig(t);
        for (int i = 1; i <= 3; i++) {
            Gid mgid = new Gid(0xff12_e001_0000_0000L, i);
            r.h2.send(1, SET, SaAttribute.MC_MEMBER_RECORD, i, 0, CREATE, (b, o) -> member(mgid, H2_GID).encodeTo(b,
                    o));
        }
        Gid other = new Gid(0xff12_e001_0000_0000L, 9);
        r.h3.send(1, SET, SaAttribute.MC_MEMBER_RECORD, 9, 0, CREATE, (b, o) -> member(other, H3_GID).encodeTo(b, o));
        r.run();
        assertThat(statuses(r.h2)).containsExactly(0, 0, SaStatus.NO_RESOURCES);
        assertThat(statuses(r.h3)).containsExactly(0);
        assertThat(r.agent.stats().refused().get(Refusal.MCAST_GROUPS)).isEqualTo(1);

        Gid first = new Gid(0xff12_e001_0000_0000L, 1);
        r.h2.send(1, DELETE, SaAttribute.MC_MEMBER_RECORD, 4, 0, JOIN, (b, o) -> member(first, H2_GID).encodeTo(b,
                o));
        Gid third = new Gid(0xff12_e001_0000_0000L, 3);
        r.h2.send(1, SET, SaAttribute.MC_MEMBER_RECORD, 5, 0, CREATE, (b, o) -> member(third, H2_GID).encodeTo(b,
                o));
        r.run();
        assertThat(statuses(r.h2).subList(3, 5)).as("the group left went with its last member").containsExactly(0, 0);
    }

    @Test
    void aRequesterHasOneStreamedPathRecordTableAtATimeAndTheSaTwoInAll() throws Exception {
        Rig r = new Rig(TestLimits.defaults(), SaViews.of(StarFabric.snapshot(80, 0)));
        List<Integer> statuses = new ArrayList<>();
        MadReceiver keepStatus = (f, mad, length) -> {
            if (!RmppHeader.isActive(mad)) {
                statuses.add(MadHeader.STATUS.getInt(mad, 0));
            }
        };
        MemoryNetwork.Endpoint silent8 = r.net.endpoint(8, 9);
        MemoryNetwork.Endpoint silent11 = r.net.endpoint(11, 9);
        MemoryNetwork.Endpoint silent12 = r.net.endpoint(12, 9);
        for (MemoryNetwork.Endpoint e : List.of(silent8, silent11, silent12)) {
            e.setReceiver(keepStatus);
        }
        List<MemoryNetwork.Endpoint> from = List.of(silent8, silent8, silent8, silent11, silent12);
        int[] tids = {0, 0, 1, 2, 3};
        for (int i = 0; i < tids.length; i++) {
            byte[] req = SaTestClient.request(GET_TABLE, SaAttribute.PATH_RECORD, tids[i], 0, 0, (b, o) -> { });
            r.agent.handle(from.get(i).address(), req, req.length, now);
        }
        r.net.pump();
        assertThat(statuses).as("LID 8's retry of TID 0 streamed in its place; LID 8's second table, and LID 12's"
                + " while two are streamed, refused").containsExactly(SaStatus.NO_RESOURCES, SaStatus.NO_RESOURCES);
        assertThat(r.agent.stats().refused().get(Refusal.STREAMED_TABLES)).isEqualTo(2);

        r.run();
        statuses.clear();
        byte[] again = SaTestClient.request(GET_TABLE, SaAttribute.PATH_RECORD, 4, 0, 0, (b, o) -> { });
        r.agent.handle(silent8.address(), again, again.length, now);
        r.net.pump();
        assertThat(statuses).as("LID 8's place given back once its unacknowledged table timed out").isEmpty();
        r.run();
        r.h3.send(1, GET_TABLE, SaAttribute.PATH_RECORD, 0x30, 0, 0, (b, o) -> { });
        r.run();
        assertThat(r.h3.tables).as("a client that acknowledges gets the whole table").hasSize(1);
        assertThat(r.h3.tables.get(0).data()).hasSize(81 * 81 * PathRecord.SIZE);
        assertThat(r.agent.stats().refused().get(Refusal.STREAMED_TABLES)).isEqualTo(2);
    }

    @Test
    void anAnswerLargerThanTheLargestBuiltIsRefused() throws Exception {
        TestLimits t = TestLimits.defaults();
        int records = AnswerCaps.MAX_BYTES / ServiceRecord.SIZE + 1;
        t.serviceRecords = records;
        t.serviceRecordsPerPort = records;
        t.answerBytesInFlight = 2L * AnswerCaps.MAX_BYTES;
        t.answerBytesInFlightPerRequester = 2L * AnswerCaps.MAX_BYTES;
        Rig r = new Rig(t);
        MadAddress.LidRouted from = new MadAddress.LidRouted(8, 9, 0, 0, 0);
        long idGid = 1L << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID;
        for (int i = 0; i < records; i++) {
            long id = i;
            byte[] set = SaTestClient.request(SET, SaAttribute.SERVICE_RECORD, i, 0, idGid, (b, o) -> {
                ServiceRecord.SERVICE_ID.put(b, o, id);
                H2_GID.write(ServiceRecord.SERVICE_GID, b, o);
            });
            r.agent.handle(from, set, set.length, now);
            if (i % 1000 == 0) {
                r.net.pump();
                r.h2.singles.clear();
            }
        }
        r.net.pump();
        r.h2.singles.clear();
        r.h2.send(1, GET_TABLE, SaAttribute.SERVICE_RECORD, 0x77, 0, 0, (b, o) -> { });
        r.run();
        assertThat(statuses(r.h2)).containsExactly(SaStatus.NO_RESOURCES);
        assertThat(r.agent.stats().refused().get(Refusal.ANSWER_TOO_LARGE)).isEqualTo(1);
    }

    private static final Gid H2_GID = new Gid(0xfe80000000000000L, 0x0002c90000002001L);
    private static final Gid H3_GID = new Gid(0xfe80000000000000L, 0x0002c90000003001L);

    private static McMemberRecord member(Gid mgid, Gid port) {
        return new McMemberRecord(mgid, port, 0x11, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2,
                McMemberRecord.JOIN_FULL_MEMBER, 0);
    }

    private static InformInfo generic(int trap) {
        return new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, trap, 0, 0, 0xFFFFFF);
    }

    private static List<Integer> statuses(SaTestClient c) {
        List<Integer> out = new ArrayList<>();
        for (byte[] m : c.singles) {
            out.add(MadHeader.STATUS.getInt(m, 0));
        }
        return out;
    }

    /** The agent on LID 1 with a view (the small fabric's unless given), clients H2 (LID 8) and H3 (LID 9). */
    private final class Rig {
        final MemoryNetwork net = new MemoryNetwork(7, 0);
        final SaAgent agent;
        final SaTestClient h2;
        final SaTestClient h3;

        Rig(TestLimits limits) {
            this(limits, SaViews.small());
        }

        Rig(TestLimits limits, SaView view) {
            MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
            agent = new SaAgent(sa, layers.on(sa), view, RmppSettings.defaults(), limits.build(),
                    McastMembershipListener.NONE, () -> now);
            sa.setReceiver((from, mad, length) -> agent.handle(from, mad, length, now));
            h2 = new SaTestClient(net.endpoint(8, 9), () -> now);
            h3 = new SaTestClient(net.endpoint(9, 3), () -> now);
        }

        /** Delivers everything, advancing time past RMPP timeouts until nothing is in flight. */
        void run() {
            net.pump();
            for (int i = 0; i < 100 && agent.tablesInFlight() > 0; i++) {
                now += 250_000_000L;
                agent.tick(now);
                net.pump();
            }
        }
    }
}
