package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.TestTransactions;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * 10,000 PathRecord Gets fed to the agent from the test thread while its own thread answers them: every one is
 * answered with status 0 (none dropped by the queue bound); the rate is printed, not asserted.
 */
class SaAgentLoadTest {

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private static final int QUERIES = 10_000;

    @Test
    void tenThousandPathRecordQueriesAreAllAnswered() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        CountingChannel out = new CountingChannel(answered);
        SaAgent agent = new SaAgent(out, layers.on(out), SaViews.small(), RmppSettings.defaults(), QUERIES);
        agent.start();
        MadAddress.LidRouted from = new MadAddress.LidRouted(8, 9, 0, 0, 0);
        long start = System.nanoTime();
        for (int i = 0; i < QUERIES; i++) {
            int slid = i % 2 == 0 ? 4 : 8;
            int dlid = i % 3 == 0 ? 9 : 10;
            agent.onMad(from, SaTestClient.request(0x01, SaAttribute.PATH_RECORD, i, 0,
                    1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (b, o) -> {
                        PathRecord.SLID.put(b, o, slid);
                        PathRecord.DLID.put(b, o, dlid);
                    }), 256);
        }
        for (int i = 0; i < 30_000 && answered.get() < QUERIES; i++) {
            Thread.sleep(1);
        }
        long nanos = System.nanoTime() - start;
        agent.close();
        assertThat(answered.get()).isEqualTo(QUERIES);
        assertThat(agent.stats().dropped()).isZero();
        System.out.printf("[sa] %d PathRecord Gets answered in %.1f ms (%.0f/s)%n", QUERIES, nanos / 1e6,
                QUERIES / (nanos / 1e9));
    }

    /** A channel that counts the successful answers sent through it. Thread-safe. */
    private static final class CountingChannel implements MadChannel {
        private final AtomicInteger answered;

        CountingChannel(AtomicInteger answered) {
            this.answered = answered;
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("counting", 1, 1, 1, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
            if (MadHeader.STATUS.getInt(mad, 0) == 0 && (mad[3] & 0xFF) == 0x81) {
                answered.incrementAndGet();
            }
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}
