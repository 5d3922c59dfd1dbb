package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.TestTransactions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * Where {@link SaAgent} answers: a single-record Get found without a scan on the thread that hands it in, anything
 * else on the agent's thread; a paced requester over its rate on the agent's thread when its token is due, never
 * refused, while a flood is; the {@link QueryWarmUp}, only when asked for, sends nothing, stays out of the counters
 * and takes no port's tokens; and the agent's timer is due for the standby channel only while it is needed.
 */
class SaAgentThreadsTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final MadAddress.LidRouted HOST = new MadAddress.LidRouted(8, 9, 0, 0, 0);

    private final RecordingChannel out = new RecordingChannel();

    @Test
    void aPathRecordGetIsAnsweredOnTheCallersThreadAndATableOnTheAgents() throws InterruptedException {
        SaAgent agent = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), 100);
        try {
            agent.onMad(HOST, pathRecordGet(1), 256);
            assertThat(out.senders).as("answered before onMad returned, on this thread")
                    .containsExactly(Thread.currentThread().getName());
            assertThat(MadHeader.STATUS.getInt(out.sent.get(0), 0)).isZero();
            agent.onMad(HOST, nodeRecordTable(2), 256);
            awaitSends(2);
            assertThat(out.senders.get(1)).as("a table: on the agent's thread")
                    .isNotEqualTo(Thread.currentThread().getName());
            assertThat(agent.stats().received()).isEqualTo(2);
            assertThat(agent.stats().answered()).isEqualTo(2);
        } finally {
            agent.close();
        }
    }

    @Test
    void aPacedRequesterOverItsRateIsAnsweredWhenItsTokenIsDueAndAFloodIsRefused() throws InterruptedException {
        TestLimits t = TestLimits.defaults();
        t.requestsPerSecond = 200;
        t.requestBurst = 5;
        SaAgent agent = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), t.build(),
                McastMembershipListener.NONE);
        try {
            agent.start();
            for (int i = 0; i < 40; i++) {
                agent.onMad(HOST, pathRecordGet(i), 256);
                awaitSends(i + 1);
            }
            assertThat(out.sent).allMatch(m -> MadHeader.STATUS.getInt(m, 0) == 0);
            assertThat(agent.stats().refused().get(Refusal.RATE)).as("one request outstanding: never refused").isZero();
            assertThat(out.senders.subList(5, 40)).as("after the burst, answered when the token is due")
                    .contains("jsm-sa");

            MadAddress.LidRouted flooder = new MadAddress.LidRouted(9, 8, 0, 0, 0);
            for (int i = 0; i < 100; i++) {
                agent.onMad(flooder, pathRecordGet(1000 + i), 256);
            }
            assertThat(agent.stats().refused().get(Refusal.RATE)).as("100 sent without waiting for the answers")
                    .isPositive();
        } finally {
            agent.close();
        }
    }

    @Test
    void theWarmUpRunsOnlyWhenAskedForAndIsNeitherSentNorCounted() throws InterruptedException {
        SaAgent plain = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), 100);
        try {
            plain.publish(SaViews.small());
            plain.onMad(HOST, nodeRecordTable(1), 256);
            awaitSends(1);
            assertThat(plain.warmUpRequests()).as("not asked for").isZero();
        } finally {
            plain.close();
        }
        out.sent.clear();
        TestLimits slow = TestLimits.defaults();
        slow.requestsPerSecond = 100;
        slow.requestBurst = 100;
        SaAgent warm = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), slow.build(),
                McastMembershipListener.NONE);
        try {
            warm.warmUpAtFirstFabric();
            warm.publish(SaViews.small());
            for (int i = 0; i < 60_000 && warm.warmUpRequests() < QueryWarmUp.REQUESTS; i++) {
                Thread.sleep(1);
            }
            assertThat(warm.warmUpRequests()).isGreaterThanOrEqualTo(QueryWarmUp.REQUESTS);
            assertThat(out.sent).as("the warm-up's answers go to its sinks").isEmpty();
            warm.onMad(HOST, nodeRecordTable(2), 256);
            awaitSends(1);
            assertThat(warm.stats().received()).as("the warm-up's requests are not counted").isEqualTo(1);
            assertThat(warm.stats().answered()).isEqualTo(1);
            assertThat(warm.stats().dropped()).isZero();
            assertThat(warm.stats().refused().get(Refusal.RATE)).as("the warm-up took no port's tokens (100 a second)")
                    .isZero();
        } finally {
            warm.close();
        }
    }

    @Test
    void theTimerIsDueForTheStandbyChannelOnlyWhileItIsNeeded() throws Exception {
        SaAgent agent = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), 100);
        long t = System.nanoTime();
        try {
            agent.replicationStats().get(10, TimeUnit.SECONDS);
            assertThat(agent.nextTick(t)).as("nothing waits").isEqualTo(AgentLoop.NEVER);

            agent.leadStandbys(7, guid -> true);
            agent.replicationStats().get(10, TimeUnit.SECONDS);
            assertThat(agent.nextTick(t)).as("master, no standby asks").isEqualTo(AgentLoop.NEVER);

            long standby = SaViews.small().snapshot().endPortByLid(HOST.lid()).portGuid();
            agent.onMad(HOST, SaTestClient.request(SET, SaAttribute.SERVICE_RECORD, 3, 0, 1L
                    << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L
                    << ServiceRecord.COMPONENT_SERVICE_LEASE | 1L << ServiceRecord.COMPONENT_SERVICE_NAME,
                    (b, o) -> ReplicaLink.request(standby).encodeTo(b, o)), 256);
            assertThat(agent.exportState(false).get(10, TimeUnit.SECONDS).services()).hasSize(1);
            assertThat(agent.nextTick(t)).as("a standby asks: the stream polls every 20 ms")
                    .isEqualTo(t + TimeUnit.MILLISECONDS.toNanos(20));

            agent.followMaster(7, 1);
            agent.replicationStats().get(10, TimeUnit.SECONDS);
            assertThat(agent.nextTick(t)).as("following: the request for the state is due at once").isEqualTo(t);
        } finally {
            agent.close();
        }
    }

    private void awaitSends(int n) throws InterruptedException {
        for (int i = 0; i < 10_000 && out.sent.size() < n; i++) {
            Thread.sleep(1);
        }
        assertThat(out.sent).hasSize(n);
    }

    private static byte[] pathRecordGet(long tid) {
        return SaTestClient.request(GET, SaAttribute.PATH_RECORD, tid, 0,
                1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (b, o) -> {
                    PathRecord.SLID.put(b, o, 8);
                    PathRecord.DLID.put(b, o, 9);
                });
    }

    private static byte[] nodeRecordTable(long tid) {
        return SaTestClient.request(GET_TABLE, SaAttribute.NODE_RECORD, tid, 0, 1, (b, o) -> NodeRecord.LID.put(b, o,
                9));
    }

    /** A channel that keeps what is sent through it and the name of the thread that sent it. */
    private static final class RecordingChannel implements MadChannel {
        final List<byte[]> sent = new CopyOnWriteArrayList<>();
        final List<String> senders = new CopyOnWriteArrayList<>();

        @Override
        public LocalPort localPort() {
            return new LocalPort("recording", 1, 1, 1, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
            senders.add(Thread.currentThread().getName());
            sent.add(mad.clone());
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}
