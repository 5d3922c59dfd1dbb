package dev.jsm.sa.rmpp;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.SaLimits;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The receiving side of RMPP (IBA 13.6.3.3) in user space: reassembles the DATA segments of a message in order,
 * ACKs the first segment, the last segment of each window and the Last segment (SegmentNumber = last in order,
 * NewWindowLast = that + {@link RmppSettings#receiveWindow()}), re-ACKs duplicates (so that a sender whose ACK was
 * lost moves on), and drops segments out of order (the sender's timeout resends them). A Last segment whose
 * PayloadLength disagrees with the first segment's is answered with ABORT (status 119).
 *
 * <p>Thread-safe (one monitor).
 *
 * <p>In detail: docs/design/sa.md#rmppreceiver.
 */
public final class RmppReceiver {

    /** Largest message a client's receiver ({@link #RmppReceiver(MadChannel, RmppSettings)}) accepts. */
    public static final int MAX_ANSWER_BYTES = 1 << 20;
    /** Finished messages remembered at most. */
    static final int FINISHED_KEPT = 4096;

    private static final System.Logger LOG = System.getLogger(RmppReceiver.class.getName());

    private final MadChannel channel;
    private final RmppSettings settings;
    private final int maxMessageBytes;
    private final int maxOpen;
    private final int maxOpenPerRequester;
    private final BiPredicate<Refusal, MadAddress.LidRouted> refused;
    private final Map<RmppKey, Reassembly> open = new HashMap<>();
    /** Messages being received, by the sender's LID. */
    private final Map<Integer, Integer> openByLid = new HashMap<>();
    private final Map<RmppKey, Finished> finished = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<RmppKey, Finished> eldest) {
            return size() > FINISHED_KEPT;
        }
    };
    private long segments;
    private long dropped;
    private long completed;
    private long aborted;

    /**
     * A client's receiver of answers that ACKs through {@code channel}: messages up to {@link #MAX_ANSWER_BYTES},
     * any number at once.
     */
    public RmppReceiver(MadChannel channel, RmppSettings settings) {
        this(channel, settings, MAX_ANSWER_BYTES, Integer.MAX_VALUE, Integer.MAX_VALUE, (r, from) -> true);
    }

    /**
     * The SA's receiver of requests: messages up to {@code maxMessageBytes} (what the largest request needs), at
     * most {@link SaLimits#rmppOpen()} being received at once and {@link SaLimits#rmppOpenPerRequester()} from one
     * LID; every refused message is reported to {@code refused}, on the caller's thread, which answers whether to
     * send the STOP.
     */
    public RmppReceiver(MadChannel channel, RmppSettings settings, int maxMessageBytes, SaLimits limits,
                        BiPredicate<Refusal, MadAddress.LidRouted> refused) {
        this(channel, settings, maxMessageBytes, limits.rmppOpen(), limits.rmppOpenPerRequester(), refused);
    }

    private RmppReceiver(MadChannel channel, RmppSettings settings, int maxMessageBytes, int maxOpen,
                         int maxOpenPerRequester, BiPredicate<Refusal, MadAddress.LidRouted> refused) {
        this.channel = channel;
        this.settings = settings;
        this.maxMessageBytes = maxMessageBytes;
        this.maxOpen = maxOpen;
        this.maxOpenPerRequester = maxOpenPerRequester;
        this.refused = refused;
    }

    /**
     * Handles one DATA segment ({@code mad} has an active RMPP header of type DATA).
     *
     * @return the whole message when this segment completed it, else {@code null}
     */
    public synchronized RmppMessage onData(MadAddress.LidRouted from, byte[] mad, long nowNanos) {
        RmppKey key = new RmppKey(from.lid(), from.qpn(), MadHeader.TRANSACTION_ID.getLong(mad, 0));
        RmppHeader r = RmppHeader.decode(mad);
        long seg = r.segmentNumber();
        Reassembly m = open.get(key);
        if (m == null) {
            Finished done = finished.get(key);
            if (done != null) {
                ack(from, mad, done.count, done.count);
                return null;
            }
            if (seg != 1 || !r.first()) {
                dropped++;
                return null;
            }
            long dataLength = r.payloadLength() - SaHeader.CLASS_HEADER_SIZE;
            if (dataLength < 0) {
                abort(from, mad, RmppHeader.STATUS_INCONSISTENT_LAST_AND_PAYLOAD_LENGTH);
                return null;
            }
            Refusal refusal = dataLength > maxMessageBytes ? Refusal.RMPP_TOO_LARGE
                    : open.size() >= maxOpen || openByLid.getOrDefault(from.lid(), 0) >= maxOpenPerRequester
                    ? Refusal.RMPP_OPEN : null;
            if (refusal != null) {
                aborted++;
                if (refused.test(refusal, from)) {
                    transmit(from, RmppSegments.control(mad, true, RmppHeader.TYPE_STOP,
                            RmppHeader.STATUS_RESOURCES_EXHAUSTED, 0, 0));
                }
                return null;
            }
            m = new Reassembly(java.util.Arrays.copyOf(mad, SaHeader.DATA_OFFSET), (int) dataLength, nowNanos);
            put(key, m);
        } else if (seg != m.expected) {
            if (seg < m.expected) {
                ack(from, mad, m.expected - 1, m.windowLast);
            }
            dropped++;
            return null;
        }
        int count = RmppSegments.segmentCount(m.data.length);
        boolean last = r.last();
        if (last != (seg == count) || last && seg > 1 && r.payloadLength() != SaHeader.CLASS_HEADER_SIZE
                + RmppSegments.segmentBytes((int) seg, m.data.length)) {
            remove(key);
            abort(from, mad, RmppHeader.STATUS_INCONSISTENT_LAST_AND_PAYLOAD_LENGTH);
            return null;
        }
        int bytes = RmppSegments.segmentBytes((int) seg, m.data.length);
        System.arraycopy(mad, SaHeader.DATA_OFFSET, m.data, (int) (seg - 1) * SaHeader.DATA_SIZE, bytes);
        segments++;
        m.expected++;
        if (last) {
            remove(key);
            finished.put(key, new Finished(nowNanos, count));
            completed++;
            ack(from, mad, seg, seg);
            return new RmppMessage(m.header, m.data);
        }
        if (seg >= m.windowLast) {
            m.windowLast = (int) Math.min(count, seg + settings.receiveWindow());
            ack(from, mad, seg, m.windowLast);
        }
        return null;
    }

    /**
     * Handles a sender's STOP or ABORT: forgets the message.
     *
     * @return whether a message was being received under that key
     */
    public synchronized boolean onControl(MadAddress.LidRouted from, byte[] mad) {
        RmppKey key = new RmppKey(from.lid(), from.qpn(), MadHeader.TRANSACTION_ID.getLong(mad, 0));
        if (remove(key) != null) {
            aborted++;
            return true;
        }
        return false;
    }

    /** Drops unfinished messages and forgets finished ones older than the reassembly timeout. */
    public synchronized void poll(long nowNanos) {
        long limit = settings.reassemblyTimeout().toNanos();
        for (Iterator<Map.Entry<RmppKey, Reassembly>> it = open.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<RmppKey, Reassembly> e = it.next();
            if (nowNanos - e.getValue().started > limit) {
                it.remove();
                openByLid.computeIfPresent(e.getKey().lid(), (lid, n) -> n > 1 ? n - 1 : null);
                aborted++;
            }
        }
        finished.values().removeIf(f -> nowNanos - f.at > limit);
    }

    /** Messages being received. */
    public synchronized int inFlight() {
        return open.size();
    }

    /** Counters: segments accepted, segments dropped, messages completed, messages aborted or timed out. */
    public synchronized RmppCounters counters() {
        return new RmppCounters(segments, dropped, completed, aborted);
    }

    private void put(RmppKey key, Reassembly m) {
        open.put(key, m);
        openByLid.merge(key.lid(), 1, Integer::sum);
    }

    private Reassembly remove(RmppKey key) {
        Reassembly m = open.remove(key);
        if (m != null) {
            openByLid.computeIfPresent(key.lid(), (lid, n) -> n > 1 ? n - 1 : null);
        }
        return m;
    }

    private void ack(MadAddress.LidRouted to, byte[] data, long seg, long newWindowLast) {
        transmit(to, RmppSegments.control(data, true, RmppHeader.TYPE_ACK, 0, seg, newWindowLast));
    }

    private void abort(MadAddress.LidRouted to, byte[] data, int status) {
        aborted++;
        transmit(to, RmppSegments.control(data, true, RmppHeader.TYPE_ABORT, status, 0, 0));
    }

    private void transmit(MadAddress.LidRouted to, byte[] mad) {
        try {
            channel.send(to, mad, MadHeader.MAD_SIZE);
        } catch (IOException e) {
            // a lost ACK: the sender's timeout resends and the duplicate is ACKed again
            LOG.log(System.Logger.Level.DEBUG, "RMPP ACK to {0} not sent: {1}", to, e.getMessage());
        }
    }

    /** A message received in full at {@code at}, of {@code count} segments. */
    private record Finished(long at, int count) {
    }

    /** One message being received. Confined to the receiver's monitor. */
    private static final class Reassembly {
        final byte[] header;
        final byte[] data;
        final long started;
        int expected = 1;
        int windowLast = 1;

        Reassembly(byte[] header, int dataLength, long started) {
            this.header = header;
            this.data = new byte[dataLength];
            this.started = started;
        }
    }
}
