package dev.jsm.sa.rmpp;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sending side of RMPP (IBA 13.6.3.2) in user space: cuts a message into DATA segments, sends those inside the
 * window (initially segment 1 only), slides the window on each ACK (SegmentNumber = last segment received in order,
 * NewWindowLast = last segment the receiver accepts), resends the unacknowledged segments of the window after
 * {@link RmppSettings#ackTimeout()} and aborts (ABORT, status 126) after {@link RmppSettings#maxRetries()}
 * resends; a STOP or ABORT from the receiver ends the transfer. The transfer is done when the last segment is
 * acknowledged.
 *
 * <p>Time comes from the caller ({@code nowNanos}, a {@link System#nanoTime()} value): {@link #poll} must be called
 * now and then (every few milliseconds) to fire timeouts. Thread-safe (one monitor; sends happen under it, and
 * {@link MadChannel#send} does not block).
 *
 * <p>In detail: docs/design/sa.md#rmppsender.
 */
public final class RmppSender {

    private static final System.Logger LOG = System.getLogger(RmppSender.class.getName());
    /** Consecutive unacknowledged multi-segment transfers after which a requester is taken to have no RMPP. */
    static final int SILENT_AFTER = 2;
    /** Requesters remembered as silent at most (the least recently used are forgotten first). */
    private static final int SILENT_REMEMBERED = 1024;

    private final MadChannel channel;
    private final RmppSettings settings;
    private final long maxBytes;
    private final long maxBytesPerReceiver;
    private final Map<RmppKey, Transfer> transfers = new HashMap<>();
    /** Bytes of the messages held, in all and by receiver LID. */
    private long bytes;
    private final Map<Integer, Long> bytesByLid = new HashMap<>();
    /** Unacknowledged multi-segment transfers in a row, by requester ({@link #requester}). */
    private final Map<Long, Integer> silentInARow = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Integer> eldest) {
            return size() > SILENT_REMEMBERED;
        }
    };
    private final byte[] scratch = new byte[MadHeader.MAD_SIZE];
    private long segmentsSent;
    private long resends;
    private long completed;
    private long aborted;

    /** A sender that sends through {@code channel}, holding messages of any size. */
    public RmppSender(MadChannel channel, RmppSettings settings) {
        this(channel, settings, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /**
     * A sender that sends through {@code channel} and holds at most {@code maxBytes} of messages in all and
     * {@code maxBytesPerReceiver} for one receiver LID.
     */
    public RmppSender(MadChannel channel, RmppSettings settings, long maxBytes, long maxBytesPerReceiver) {
        this.channel = channel;
        this.settings = settings;
        this.maxBytes = maxBytes;
        this.maxBytesPerReceiver = maxBytesPerReceiver;
    }

    /** Whether a message to {@code to} could be taken now at all: neither its LID's share nor the total is used up. */
    public synchronized boolean hasRoom(MadAddress.LidRouted to) {
        return bytes < maxBytes && bytesByLid.getOrDefault(to.lid(), 0L) < maxBytesPerReceiver;
    }

    /** {@link #send(MadAddress.LidRouted, byte[], RmppPayload, long)} of a built message. */
    public boolean send(MadAddress.LidRouted to, byte[] header, byte[] data, long nowNanos) {
        return send(to, header, RmppPayload.of(data), nowNanos);
    }

    /**
     * Starts sending a message; a transfer already running under the same peer and TID is replaced.
     *
     * @param to the receiver (its LID and QP)
     * @param header bytes 0..55 of every segment (MAD header with method and TID, SA header); the RMPP header part
     *     is overwritten
     * @param data the records, at most {@code 2^31 - 21} bytes; the bounds count its {@link RmppPayload#heldBytes}
     * @param nowNanos the current time
     * @return whether the message was taken; {@code false} when it would exceed the bytes held for its receiver's
     *     LID or in all (nothing is sent then)
     */
    public synchronized boolean send(MadAddress.LidRouted to, byte[] header, RmppPayload data, long nowNanos) {
        if (header.length < SaHeader.DATA_OFFSET) {
            throw new IllegalArgumentException("an RMPP header has 56 bytes, not " + header.length);
        }
        RmppKey key = new RmppKey(to.lid(), to.qpn(), MadHeader.TRANSACTION_ID.getLong(header, 0));
        Transfer replaced = transfers.get(key);
        long freed = replaced == null ? 0 : replaced.data.heldBytes();
        long held = data.heldBytes();
        if (bytes - freed + held > maxBytes
                || bytesByLid.getOrDefault(to.lid(), 0L) - freed + held > maxBytesPerReceiver) {
            return false;
        }
        forget(key);
        Transfer t = new Transfer(to, java.util.Arrays.copyOf(header, SaHeader.DATA_OFFSET), data);
        transfers.put(key, t);
        bytes += held;
        bytesByLid.merge(to.lid(), held, Long::sum);
        sendWindow(t, nowNanos);
        return true;
    }

    /**
     * Handles an ACK, STOP or ABORT from a receiver ({@code mad} has an active RMPP header of one of those types).
     *
     * @return whether the MAD belonged to a transfer of this sender
     */
    public synchronized boolean onControl(MadAddress.LidRouted from, byte[] mad, long nowNanos) {
        RmppKey key = new RmppKey(from.lid(), from.qpn(), MadHeader.TRANSACTION_ID.getLong(mad, 0));
        Transfer t = transfers.get(key);
        if (t == null) {
            return false;
        }
        RmppHeader r = RmppHeader.decode(mad);
        silentInARow.remove(requester(from));
        if (r.type() != RmppHeader.TYPE_ACK) {
            LOG.log(System.Logger.Level.DEBUG, "RMPP transfer to {0} ended by the receiver (type {1}, status {2})",
                    from, r.type(), r.status());
            forget(key);
            aborted++;
            return true;
        }
        long seg = r.segmentNumber();
        long newWindowLast = r.payloadLength();
        if (seg > t.count || newWindowLast < seg) {
            abort(key, t, seg > t.count ? RmppHeader.STATUS_SEGMENT_NUMBER_TOO_BIG
                    : RmppHeader.STATUS_NEW_WINDOW_LAST_TOO_SMALL);
            return true;
        }
        if (seg >= t.lastAcked) {
            if (seg > t.lastAcked) {
                t.retries = 0;
            }
            t.lastAcked = (int) seg;
            t.windowLast = (int) Math.max(t.windowLast, Math.min(newWindowLast, t.count));
            if (t.lastAcked == t.count) {
                forget(key);
                completed++;
                return true;
            }
            if (t.next <= t.lastAcked) {
                t.next = t.lastAcked + 1;
            }
            sendWindow(t, nowNanos);
        }
        return true;
    }

    /** Fires timeouts: resends the unacknowledged part of each expired window, or aborts after the last retry. */
    public synchronized void poll(long nowNanos) {
        List<RmppKey> expired = null;
        for (Map.Entry<RmppKey, Transfer> e : transfers.entrySet()) {
            if (nowNanos - e.getValue().deadline >= 0) {
                if (expired == null) {
                    expired = new ArrayList<>();
                }
                expired.add(e.getKey());
            }
        }
        if (expired == null) {
            return;
        }
        for (RmppKey key : expired) {
            Transfer t = transfers.get(key);
            if (t.count == 1) {
                forget(key);
                completed++;
            } else if (t.lastAcked == 0 && isSilent(t.to)) {
                forget(key);
                aborted++;
            } else if (t.retries >= settings.maxRetries()) {
                if (t.lastAcked == 0) {
                    silentInARow.merge(requester(t.to), 1, Integer::sum);
                }
                abort(key, t, RmppHeader.STATUS_TOO_MANY_RETRIES);
            } else {
                t.retries++;
                t.next = t.lastAcked + 1;
                resends++;
                sendWindow(t, nowNanos);
            }
        }
    }

    /** Transfers not finished yet. */
    public synchronized int inFlight() {
        return transfers.size();
    }

    /** Counters: segments sent (resends included), window resends, transfers completed and aborted. */
    public synchronized RmppCounters counters() {
        return new RmppCounters(segmentsSent, resends, completed, aborted);
    }

    /** Bytes of the messages held now. */
    public synchronized long bytesInFlight() {
        return bytes;
    }

    /** Drops every transfer (when the agent stops). */
    public synchronized void clear() {
        transfers.values().forEach(t -> t.data.released());
        transfers.clear();
        bytesByLid.clear();
        bytes = 0;
    }

    /** Removes the transfer under {@code key}, if any, and its bytes from the counts, and releases its data. */
    private void forget(RmppKey key) {
        Transfer t = transfers.remove(key);
        if (t != null) {
            t.data.released();
            long held = t.data.heldBytes();
            bytes -= held;
            bytesByLid.computeIfPresent(key.lid(), (lid, n) -> n > held ? n - held : null);
        }
    }

    private boolean isSilent(MadAddress.LidRouted to) {
        return silentInARow.getOrDefault(requester(to), 0) >= SILENT_AFTER;
    }

    /** A requester's key: its LID and QPN. */
    private static long requester(MadAddress.LidRouted a) {
        return (long) a.lid() << 24 | a.qpn();
    }

    private void sendWindow(Transfer t, long nowNanos) {
        int last = Math.min(t.windowLast, t.count);
        while (t.next <= last) {
            RmppSegments.dataSegment(scratch, t.header, t.data, t.next, t.count);
            transmit(t.to, scratch, SaHeader.DATA_OFFSET + RmppSegments.segmentBytes(t.next, t.data.length()));
            segmentsSent++;
            t.next++;
        }
        t.deadline = nowNanos + settings.ackTimeout().toNanos();
    }

    private void abort(RmppKey key, Transfer t, int status) {
        forget(key);
        aborted++;
        transmit(t.to, RmppSegments.control(t.header, false, RmppHeader.TYPE_ABORT, status, 0, 0),
                MadHeader.MAD_SIZE);
        LOG.log(System.Logger.Level.DEBUG, "RMPP transfer to {0} aborted with status {1}", t.to, status);
    }

    /**
     * Sends {@code length} bytes of {@code mad}. DATA segments go out with their real length (56 + data bytes), as
     * OpenSM sends its answers: a client without RMPP (umad2sim) counts records by the length it receives.
     */
    private void transmit(MadAddress.LidRouted to, byte[] mad, int length) {
        try {
            channel.send(to, mad, length);
        } catch (IOException e) {
            // handled like a lost segment: the ACK timeout resends it
            LOG.log(System.Logger.Level.DEBUG, "RMPP segment to {0} not sent: {1}", to, e.getMessage());
        }
    }

    /** One message being sent. Confined to the sender's monitor. */
    private static final class Transfer {
        final MadAddress.LidRouted to;
        final byte[] header;
        final RmppPayload data;
        final int count;
        int lastAcked;
        int windowLast = 1;
        int next = 1;
        int retries;
        long deadline;

        Transfer(MadAddress.LidRouted to, byte[] header, RmppPayload data) {
            this.to = to;
            this.header = header;
            this.data = data;
            this.count = RmppSegments.segmentCount(data.length());
        }
    }
}
