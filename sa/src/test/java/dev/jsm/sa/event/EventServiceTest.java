package dev.jsm.sa.event;

import static dev.jsm.sa.event.EventSubscriptionsTest.generic;
import static dev.jsm.sa.event.EventSubscriptionsTest.set;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.query.PartitionMembership;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.testing.MemoryNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Who gets which notice from {@link EventService} on the small SA fabric, with a partition that H2 (LID 8) and H4
 * share but H3 (LID 9) is not in: traps 64/65 and forwarded traps only to subscribers sharing a partition with
 * the port they are about or come from, 66/67 only to members of the group's P_Key; a trap from an unknown LID is
 * not forwarded.
 */
class EventServiceTest {

    private static final long H3 = 0x0002c90000003001L;

    /** H2, H4 and the switches in partition 0x0001 (full); H3 alone in 0x0002. */
    private static final PartitionMembership SPLIT = new PartitionMembership() {
        @Override
        public boolean share(long a, long b, int pKey) {
            return (pKey & 0x7FFF) == key(a) && key(a) == key(b);
        }

        @Override
        public int commonPKey(long a, long b) {
            return key(a) == key(b) ? 0x8000 | key(a) : -1;
        }

        private int key(long guid) {
            return guid == H3 ? 2 : 1;
        }
    };

    private final MemoryNetwork net = new MemoryNetwork(3, 0);
    private final MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
    private final List<String> heard = new ArrayList<>();
    private final MadTransactions txns = new MadTransactions(sa, TransactionSettings.defaults(), Runnable::run);
    private final EventService events = new EventService(txns.requester(Duration.ofSeconds(1), 0, Runnable::run),
            SaLimits.defaults(), new Refusals(Duration.ofSeconds(60)));

    @AfterEach
    void close() {
        txns.close();
    }

    private static SaView split(SaView v) {
        return new SaView(v.snapshot(), v.pathSl(), v.qos(), SPLIT, v.sm(), v.settings(), v.tables());
    }

    private void subscriber(int lid, String name, int trap) {
        MemoryNetwork.Endpoint e = net.endpoint(lid, 1);
        e.setReceiver((from, mad, length) -> {
            Notice n = Notice.decode(mad, SaHeader.DATA_OFFSET);
            heard.add(name + " " + n.trapNumberOrDeviceId());
        });
        assertThat(events.subscriptions().set(split(SaViews.small()), set(e.address(), generic(trap, 1), false))
                .status()).isZero();
    }

    @Test
    void gidOutOfServiceGoesOnlyToSubscribersSharingAPartitionWithThePort() {
        subscriber(8, "h2", 65);
        subscriber(9, "h3", 65);
        events.portsChanged(split(SaViews.small()), split(SaViews.smallWithoutH4()),
                PortChanges.between(SaViews.small().snapshot(), SaViews.smallWithoutH4().snapshot()));
        net.pump();
        assertThat(heard).containsExactly("h2 65");
    }

    @Test
    void groupNoticesGoOnlyToMembersOfTheGroupsPKey() {
        subscriber(8, "h2", 67);
        subscriber(9, "h3", 67);
        events.groupChanged(split(SaViews.small()), SmNotices.MCAST_GROUP_DELETED, new Gid(0xff12L << 48, 1), 0x8002);
        net.pump();
        assertThat(heard).containsExactly("h3 67");
    }

    @Test
    void forwardedTrapsGoToSubscribersSharingAPartitionWithTheIssuer() {
        subscriber(8, "h2", 0xFFFF);
        subscriber(9, "h3", 0xFFFF);
        Notice fromH4 = new Notice(true, Notice.TYPE_SECURITY, Notice.PRODUCER_CA, 257, 10, 0, 0,
                new byte[Notice.DATA_DETAILS_LENGTH]);
        assertThat(events.forwardTrap(split(SaViews.small()), 10, fromH4)).isTrue();
        assertThat(events.forwardTrap(split(SaViews.small()), 3, fromH4)).as("LID 3 is nobody's").isFalse();
        net.pump();
        assertThat(heard).containsExactly("h2 257");
        assertThat(events.counters().sent()).isEqualTo(1);
    }
}
