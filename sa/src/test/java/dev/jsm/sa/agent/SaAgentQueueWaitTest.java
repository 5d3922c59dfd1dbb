package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.WellKnownGroup;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.TestTransactions;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * {@code max_msg_fifo_timeout}: the agent thread is held (a multicast listener that waits) so that requests queue,
 * then let go; once the last MAD it took had waited longer than the option allows, a Get arriving while more than
 * one MAD waits is dropped and counted, a Set only with {@code single_thread}, and with the option 0 nothing is
 * dropped. The Gets that queue are ServiceRecord Gets (the agent's records); the last Get is a PathRecord naming both
 * ends, which is answered on the receive thread and never queues, yet is dropped as well while the queue is overdue.
 */
class SaAgentQueueWaitTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final MadAddress.LidRouted FROM = new MadAddress.LidRouted(8, 9, 0, 0, 0);
    private static final WellKnownGroup FIRST = group(0xff12_401b_ffff_0000L);
    private static final WellKnownGroup SECOND = group(0xff15_401b_ffff_0000L);

    /** Released by the agent thread when it enters the listener; it waits there for {@link #proceed}. */
    private final Semaphore entered = new Semaphore(0);
    private final Semaphore proceed = new Semaphore(0);

    @Test
    void getsAreDroppedWhileTheQueueIsOverdueAndSetsAreNot() throws Exception {
        long dropped = run(1, false, 3);

        assertThat(dropped).as("the third Get").isEqualTo(1);
    }

    @Test
    void withSingleThreadTheSetIsDroppedToo() throws Exception {
        assertThat(run(1, true, 2)).isEqualTo(2);
    }

    @Test
    void withTheOptionZeroNothingIsDropped() throws Exception {
        assertThat(run(0, true, 3)).as("the PathRecord Get answered at once, the rest queued").isZero();
    }

    /**
     * The scenario with {@code max_msg_fifo_timeout} {@code ms} and {@code single_thread}; {@code queued} MADs are
     * expected to wait at the end. Returns the QUEUE_WAIT refusals.
     */
    private long run(long ms, boolean singleThread, int queued) throws Exception {
        SaView small = SaViews.small();
        SaView view = small.withSettings(small.settings().withMaxQueueWaitMs(ms).withSingleThread(singleThread));
        MadChannel out = new SilentChannel();
        SaAgent agent = new SaAgent(out, layers.on(out), view, RmppSettings.defaults(), SaLimits.defaults(),
                holding());
        try {
            agent.start();
            agent.defineWellKnownGroups(List.of(FIRST));
            assertThat(entered.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            agent.onMad(FROM, get(1), 256);
            agent.onMad(FROM, get(2), 256);
            agent.defineWellKnownGroups(List.of(FIRST, SECOND));
            Thread.sleep(20);
            proceed.release();
            assertThat(entered.tryAcquire(10, TimeUnit.SECONDS)).as("held again, the two Gets taken").isTrue();
            assertThat(agent.stats().refused().get(Refusal.QUEUE_WAIT)).as("the queue was not overdue yet")
                    .isZero();

            agent.onMad(FROM, get(3), 256);
            agent.onMad(FROM, get(4), 256);
            agent.onMad(FROM, pathRecordGet(5), 256);
            agent.onMad(FROM, serviceSet(), 256);
            assertThat(agent.stats().queued()).isEqualTo(queued);
            return agent.stats().refused().get(Refusal.QUEUE_WAIT);
        } finally {
            proceed.release(2);
            agent.close();
        }
    }

    /** A listener that holds the agent thread in every group creation until released. */
    private McastMembershipListener holding() {
        return new McastMembershipListener() {
            @Override
            public void groupCreated(int mlid, boolean wellKnown) {
                entered.release();
                proceed.acquireUninterruptibly();
            }

            @Override
            public void groupDeleted(int mlid) {
            }

            @Override
            public void joined(int mlid, long portGuid) {
            }

            @Override
            public void left(int mlid, long portGuid) {
            }
        };
    }

    /** A Get the agent's thread answers (a ServiceRecord by ServiceID). */
    private static byte[] get(long tid) {
        return SaTestClient.request(0x01, SaAttribute.SERVICE_RECORD, tid, 0, 1L << ServiceRecord.COMPONENT_SERVICE_ID,
                (b, o) -> ServiceRecord.SERVICE_ID.put(b, o, 0x77));
    }

    /** A Get answered where it arrives ({@code SaDispatch.answersAtOnce}): a PathRecord by both LIDs. */
    private static byte[] pathRecordGet(long tid) {
        return SaTestClient.request(0x01, SaAttribute.PATH_RECORD, tid, 0,
                1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (b, o) -> {
                    PathRecord.SLID.put(b, o, 8);
                    PathRecord.DLID.put(b, o, 9);
                });
    }

    private static byte[] serviceSet() {
        return SaTestClient.request(0x02, SaAttribute.SERVICE_RECORD, 99, 0, 1L << ServiceRecord.COMPONENT_SERVICE_ID,
                (b, o) -> ServiceRecord.SERVICE_ID.put(b, o, 0x77));
    }

    private static WellKnownGroup group(long mgidHigh) {
        return new WellKnownGroup(new Gid(mgidHigh, 0x0000_0000_ffff_ffffL), 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0);
    }

    /** A channel that drops what is sent through it. */
    private static final class SilentChannel implements MadChannel {

        @Override
        public LocalPort localPort() {
            return new LocalPort("silent", 1, 1, 1, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}
