package dev.jsm.sa.rmpp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.testing.MemoryNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bounds of the SA's RMPP: a receiver with limits refuses announced lengths beyond its largest message and
 * messages beyond its open ones, per LID and in all (STOP, resources exhausted, each reported); a sender with a byte
 * budget refuses messages beyond it and frees their bytes however they end.
 */
class RmppBoundsTest {

    private final List<byte[]> toClients = new ArrayList<>();
    private final List<Refusal> refused = new ArrayList<>();

    @Test
    void firstSegmentsAnnouncingAMebibyteAreStoppedAndNothingIsKept() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        RmppReceiver receiver = receiver(net, 4, 2, 8200);
        MadAddress.LidRouted attacker = net.endpoint(7, 1).address();
        net.endpoint(7, 1).setReceiver((from, mad, length) -> toClients.add(mad));
        for (int tid = 0; tid < 9000; tid++) {
            assertThat(receiver.onData(attacker, first(tid, (1 << 20) + 20), 0)).isNull();
        }
        net.pump();
        assertThat(receiver.inFlight()).isZero();
        assertThat(refused).hasSize(9000).containsOnly(Refusal.RMPP_TOO_LARGE);
        assertThat(toClients).hasSize(9000).allMatch(m -> RmppHeader.decode(m).type() == RmppHeader.TYPE_STOP
                && RmppHeader.decode(m).status() == RmppHeader.STATUS_RESOURCES_EXHAUSTED);
    }

    @Test
    void aLidMayHaveOnlyItsShareOfUnfinishedRequestsAndAllOfThemTheTotal() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        RmppReceiver receiver = receiver(net, 5, 2, 8200);
        MadAddress.LidRouted a = net.endpoint(7, 1).address();
        for (int tid = 0; tid < 4; tid++) {
            receiver.onData(a, first(tid, 20 + 1000), 0);
        }
        assertThat(receiver.inFlight()).isEqualTo(2);
        assertThat(refused).containsExactly(Refusal.RMPP_OPEN, Refusal.RMPP_OPEN);
        for (int lid = 8; lid < 12; lid++) {
            receiver.onData(net.endpoint(lid, 1).address(), first(1, 20 + 1000), 0);
        }
        assertThat(receiver.inFlight()).as("the total").isEqualTo(5);
        assertThat(refused).hasSize(3);
        receiver.poll(Duration.ofSeconds(11).toNanos());
        assertThat(receiver.inFlight()).isZero();
        receiver.onData(a, first(9, 20 + 1000), Duration.ofSeconds(11).toNanos());
        assertThat(receiver.inFlight()).as("room again after the reassembly timeout").isEqualTo(1);
    }

    @Test
    void aSenderHoldsNoMoreThanItsBudgetPerReceiverAndInAllAndFreesItWhateverTheEnd() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        RmppSender sender = new RmppSender(sa, new RmppSettings(Duration.ofMillis(200), 1, 8, Duration.ofSeconds(1)),
                10_000, 6_000);
        MadAddress.LidRouted a = net.endpoint(7, 1).address();
        MadAddress.LidRouted b = net.endpoint(8, 1).address();
        assertThat(sender.send(a, header(1), new byte[5000], 0)).isTrue();
        assertThat(sender.hasRoom(a)).isTrue();
        assertThat(sender.send(a, header(2), new byte[1001], 0)).as("a's share").isFalse();
        assertThat(sender.send(a, header(1), new byte[6000], 0)).as("a transfer replacing its own TID's").isTrue();
        assertThat(sender.hasRoom(a)).isFalse();
        assertThat(sender.send(b, header(3), new byte[4000], 0)).isTrue();
        assertThat(sender.send(b, header(4), new byte[1], 0)).as("the total").isFalse();
        assertThat(sender.bytesInFlight()).isEqualTo(10_000);
        long later = Duration.ofSeconds(1).toNanos();
        sender.poll(later);
        sender.poll(2 * later);
        net.pump();
        assertThat(sender.inFlight()).as("aborted after its retry").isZero();
        assertThat(sender.bytesInFlight()).isZero();
        assertThat(sender.hasRoom(a)).isTrue();
    }

    private RmppReceiver receiver(MemoryNetwork net, int open, int openPerLid, int maxBytes) {
        TestLimits t = TestLimits.defaults();
        t.rmppOpen = open;
        t.rmppOpenPerRequester = openPerLid;
        return new RmppReceiver(net.endpoint(1, 1), RmppSettings.defaults(), maxBytes, t.build(),
                (r, from) -> refused.add(r));
    }

    /** The first of several DATA segments of a GetMulti request announcing {@code payloadLength}. */
    private static byte[] first(long tid, long payloadLength) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        RmppSegments.dataSegment(mad, header(tid), RmppPayload.of(new byte[1000]), 1, 5);
        RmppHeader.PAYLOAD_LENGTH.put(mad, 0, payloadLength);
        return mad;
    }

    private static byte[] header(long tid) {
        byte[] h = new byte[SaHeader.DATA_OFFSET];
        new MadHeader(1, 3, 2, 0x14, 0, 0, tid, SaAttribute.MULTI_PATH_RECORD, 0).encodeTo(h);
        return h;
    }
}
