package dev.jsm.sa.rmpp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.testing.MemoryNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RmppSender} against {@link RmppReceiver} over a {@link MemoryNetwork}, with and without loss. Time is
 * simulated: each round advances the clock past the ACK timeout and polls both sides.
 */
class RmppTransferTest {

    private static final long ROUND_NANOS = Duration.ofMillis(250).toNanos();

    private final List<RmppMessage> received = new ArrayList<>();
    private final List<byte[]> seenBySender = new ArrayList<>();
    private long now;

    @Test
    void sendsAMultiSegmentMessageInWindows() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        Pair p = pair(net, new RmppSettings(Duration.ofMillis(200), 3, 4, Duration.ofSeconds(10)));
        byte[] data = randomData(5000, 7);
        p.sender.send(p.client.address(), header(0x92, 0x1234), data, now);
        net.pump();
        assertThat(p.sender.inFlight()).isZero();
        assertThat(received).hasSize(1);
        assertThat(received.get(0).data()).isEqualTo(data);
        assertThat(MadHeader.TRANSACTION_ID.getLong(received.get(0).header(), 0)).isEqualTo(0x1234);
        assertThat(p.sender.counters()).isEqualTo(new RmppCounters(25, 0, 1, 0));
        // ACKs of segments 1, 5, 9, 13, 17, 21 (each the end of a window of 4) and of the last, 25
        assertThat(seenBySender.size()).isEqualTo(7);
        assertThat(p.client.sent()).isEqualTo(7);
        RmppHeader firstAck = RmppHeader.decode(seenBySender.get(0));
        assertThat(firstAck.type()).isEqualTo(RmppHeader.TYPE_ACK);
        assertThat(firstAck.segmentNumber()).isEqualTo(1);
        assertThat(firstAck.payloadLength()).isEqualTo(5);
        assertThat(seenBySender.get(0)[3] & 0xFF).as("an ACK of a response travels as a request").isEqualTo(0x12);
        assertThat(RmppHeader.decode(seenBySender.get(5)).payloadLength()).isEqualTo(25);
        assertThat(RmppHeader.decode(seenBySender.get(6)).segmentNumber()).isEqualTo(25);
    }

    @Test
    void segmentsCarryFirstLastFlagsAndPayloadLengths() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        MemoryNetwork.Endpoint client = net.endpoint(2, 5);
        List<byte[]> segments = new ArrayList<>();
        client.setReceiver((from, mad, length) -> segments.add(mad));
        RmppSender sender = new RmppSender(sa, RmppSettings.defaults());
        sender.send(client.address(), header(0x92, 9), new byte[450], now);
        net.pump();
        assertThat(segments).hasSize(1);
        RmppHeader first = RmppHeader.decode(segments.get(0));
        assertThat(first).isEqualTo(new RmppHeader(1, RmppHeader.TYPE_DATA, RmppHeader.NO_RESP_TIME,
                RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST, 0, 1, 20 + 450));
        MadAddress.LidRouted from = new MadAddress.LidRouted(2, 5, 0, 0, 0);
        byte[] ack = RmppSegments.control(segments.get(0), true, RmppHeader.TYPE_ACK, 0, 1, 3);
        sender.onControl(from, ack, now);
        net.pump();
        assertThat(segments).hasSize(3);
        assertThat(RmppHeader.decode(segments.get(1)).flags()).isEqualTo(RmppHeader.FLAG_ACTIVE);
        assertThat(RmppHeader.decode(segments.get(1)).payloadLength()).isZero();
        RmppHeader last = RmppHeader.decode(segments.get(2));
        assertThat(last.flags()).isEqualTo(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_LAST);
        assertThat(last.segmentNumber()).isEqualTo(3);
        assertThat(last.payloadLength()).isEqualTo(20 + 50);
        assertThat(SaHeader.decode(segments.get(2)).attributeOffset()).isEqualTo(14);
    }

    @Test
    void emptyMessageIsOneSegment() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        Pair p = pair(net, RmppSettings.defaults());
        p.sender.send(p.client.address(), header(0x92, 3), new byte[0], now);
        net.pump();
        assertThat(received).hasSize(1);
        assertThat(received.get(0).data()).isEmpty();
        assertThat(p.sender.counters().completed()).isEqualTo(1);
    }

    @Test
    void everyMessageArrivesIntactOverALossyNetwork() {
        MemoryNetwork net = new MemoryNetwork(42, 0.2);
        Pair p = pair(net, new RmppSettings(Duration.ofMillis(200), 20, 8, Duration.ofSeconds(60)));
        List<byte[]> sent = new ArrayList<>();
        int[] sizes = {0, 1, 199, 200, 201, 400, 1234, 5000, 11200, 20000};
        for (int i = 0; i < sizes.length; i++) {
            byte[] data = randomData(sizes[i], i);
            sent.add(data);
            p.sender.send(p.client.address(), header(0x92, 100 + i), data, now);
        }
        runUntilIdle(net, p, 400);
        assertThat(net.lost()).isPositive();
        assertThat(p.sender.inFlight()).isZero();
        assertThat(p.sender.counters().completed()).isEqualTo(sizes.length);
        assertThat(p.sender.counters().aborted()).isZero();
        assertThat(p.sender.counters().retries()).isPositive();
        assertThat(received).hasSize(sizes.length);
        for (RmppMessage m : received) {
            int i = (int) MadHeader.TRANSACTION_ID.getLong(m.header(), 0) - 100;
            assertThat(m.data()).as("message %d", i).isEqualTo(sent.get(i));
        }
    }

    @Test
    void abortsAfterTheLastRetryWhenNobodyAcks() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        MemoryNetwork.Endpoint silent = net.endpoint(2, 1);
        List<byte[]> seen = new ArrayList<>();
        silent.setReceiver((from, mad, length) -> seen.add(mad));
        RmppSender sender = new RmppSender(sa, new RmppSettings(Duration.ofMillis(200), 2, 8, Duration.ofSeconds(1)));
        sender.send(silent.address(), header(0x92, 5), new byte[1000], now);
        runRounds(net, sender, 4);
        assertThat(sender.inFlight()).isZero();
        assertThat(sender.counters()).isEqualTo(new RmppCounters(3, 2, 0, 1));
        RmppHeader abort = RmppHeader.decode(seen.get(seen.size() - 1));
        assertThat(abort.type()).isEqualTo(RmppHeader.TYPE_ABORT);
        assertThat(abort.status()).isEqualTo(RmppHeader.STATUS_TOO_MANY_RETRIES);
        assertThat(seen.get(seen.size() - 1)[3] & 0xFF).isEqualTo(0x92);
    }

    @Test
    void aRequesterThatNeverAcksGetsItsLaterFirstSegmentsOnceUntilItAcksAgain() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        MemoryNetwork.Endpoint silent = net.endpoint(2, 1);
        List<byte[]> seen = new ArrayList<>();
        silent.setReceiver((from, mad, length) -> seen.add(mad));
        RmppSender sender = new RmppSender(sa, new RmppSettings(Duration.ofMillis(200), 2, 8, Duration.ofSeconds(1)));
        for (int tid = 1; tid <= RmppSender.SILENT_AFTER; tid++) {
            sender.send(silent.address(), header(0x92, tid), new byte[1000], now);
            runRounds(net, sender, 4);
        }
        assertThat(seen).as("each: the first segment, 2 resends, an ABORT").hasSize(4 * RmppSender.SILENT_AFTER);
        assertThat(sender.counters()).isEqualTo(new RmppCounters(3L * RmppSender.SILENT_AFTER,
                2L * RmppSender.SILENT_AFTER, 0, RmppSender.SILENT_AFTER));

        seen.clear();
        sender.send(silent.address(), header(0x92, 7), new byte[1000], now);
        runRounds(net, sender, 4);
        assertThat(seen).as("the first segment once, no resend, no ABORT").hasSize(1);
        assertThat(RmppHeader.decode(seen.get(0)).type()).isEqualTo(RmppHeader.TYPE_DATA);
        assertThat(sender.inFlight()).isZero();

        seen.clear();
        sender.send(silent.address(), header(0x92, 8), new byte[1000], now);
        net.pump();
        MadAddress.LidRouted from = silent.address();
        sender.onControl(from, RmppSegments.control(seen.get(0), true, RmppHeader.TYPE_ACK, 0, 1, 2), now);
        runRounds(net, sender, 4);
        assertThat(seen).as("after an ACK: segment 1, segment 2, its 2 resends, an ABORT").hasSize(5);

        seen.clear();
        sender.send(silent.address(), header(0x92, 9), new byte[1000], now);
        runRounds(net, sender, 4);
        assertThat(seen).as("resends again: the requester answered").hasSize(4);
    }

    private void runRounds(MemoryNetwork net, RmppSender sender, int rounds) {
        for (int i = 0; i < rounds; i++) {
            net.pump();
            now += ROUND_NANOS;
            sender.poll(now);
        }
        net.pump();
    }

    @Test
    void receiverAbortsOnInconsistentLastSegmentAndSenderStops() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        Pair p = pair(net, RmppSettings.defaults());
        byte[] first = new byte[256];
        RmppSegments.dataSegment(first, header(0x92, 8), RmppPayload.of(new byte[300]), 1, 2);
        byte[] last = new byte[256];
        RmppSegments.dataSegment(last, header(0x92, 8), RmppPayload.of(new byte[300]), 2, 2);
        RmppHeader.PAYLOAD_LENGTH.put(last, 0, 20 + 99);
        MadAddress.LidRouted sa = p.sa.address();
        assertThat(p.receiver.onData(sa, first, now)).isNull();
        assertThat(p.receiver.onData(sa, last, now)).isNull();
        assertThat(p.receiver.inFlight()).isZero();
        assertThat(p.receiver.counters().aborted()).isEqualTo(1);
        p.sender.send(p.client.address(), header(0x92, 8), new byte[300], now);
        byte[] stop = RmppSegments.control(first, true, RmppHeader.TYPE_STOP, 0, 0, 0);
        assertThat(p.sender.onControl(p.client.address(), stop, now)).isTrue();
        assertThat(p.sender.inFlight()).isZero();
        net.pump();
    }

    @Test
    void receiverRefusesHugeMessagesWithStop() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        Pair p = pair(net, RmppSettings.defaults());
        byte[] first = new byte[256];
        RmppSegments.dataSegment(first, header(0x14, 8), RmppPayload.of(new byte[300]), 1, 2);
        RmppHeader.PAYLOAD_LENGTH.put(first, 0, 0x7000_0000L);
        assertThat(p.receiver.onData(p.sa.address(), first, now)).isNull();
        assertThat(p.receiver.inFlight()).isZero();
        net.pump();
        RmppHeader stop = RmppHeader.decode(seenBySender.get(0));
        assertThat(stop.type()).isEqualTo(RmppHeader.TYPE_STOP);
        assertThat(stop.status()).isEqualTo(RmppHeader.STATUS_RESOURCES_EXHAUSTED);
    }

    @Test
    void receiverDropsUnfinishedMessagesAfterTheReassemblyTimeout() {
        MemoryNetwork net = new MemoryNetwork(1, 0);
        Pair p = pair(net, new RmppSettings(Duration.ofMillis(200), 3, 8, Duration.ofSeconds(1)));
        byte[] first = new byte[256];
        RmppSegments.dataSegment(first, header(0x14, 8), RmppPayload.of(new byte[300]), 1, 2);
        assertThat(p.receiver.onData(p.sa.address(), first, now)).isNull();
        assertThat(p.receiver.inFlight()).isEqualTo(1);
        p.receiver.poll(now + Duration.ofSeconds(2).toNanos());
        assertThat(p.receiver.inFlight()).isZero();
        assertThat(p.receiver.counters().aborted()).isEqualTo(1);
    }

    private void runUntilIdle(MemoryNetwork net, Pair p, int maxRounds) {
        net.pump();
        for (int round = 0; round < maxRounds && p.sender.inFlight() > 0; round++) {
            now += ROUND_NANOS;
            p.sender.poll(now);
            p.receiver.poll(now);
            net.pump();
        }
    }

    private Pair pair(MemoryNetwork net, RmppSettings settings) {
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        MemoryNetwork.Endpoint client = net.endpoint(2, 7);
        RmppSender sender = new RmppSender(sa, settings);
        RmppReceiver receiver = new RmppReceiver(client, settings);
        sa.setReceiver((from, mad, length) -> {
            seenBySender.add(mad);
            sender.onControl((MadAddress.LidRouted) from, mad, now);
        });
        client.setReceiver((from, mad, length) -> {
            RmppHeader r = RmppHeader.decode(mad);
            if (r.type() == RmppHeader.TYPE_DATA) {
                RmppMessage m = receiver.onData((MadAddress.LidRouted) from, mad, now);
                if (m != null) {
                    received.add(m);
                }
            } else {
                receiver.onControl((MadAddress.LidRouted) from, mad);
            }
        });
        return new Pair(sa, client, sender, receiver);
    }

    private static byte[] header(int method, long tid) {
        byte[] h = new byte[SaHeader.DATA_OFFSET];
        new MadHeader(1, 3, 2, method, 0, 0, tid, SaAttribute.NODE_RECORD, 0).encodeTo(h);
        new SaHeader(0, 14, 0).encodeTo(h);
        return h;
    }

    private static byte[] randomData(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private record Pair(MemoryNetwork.Endpoint sa, MemoryNetwork.Endpoint client, RmppSender sender,
                        RmppReceiver receiver) {
    }
}
