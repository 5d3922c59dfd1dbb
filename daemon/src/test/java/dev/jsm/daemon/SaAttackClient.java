package dev.jsm.daemon;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaHeader;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The raw SA client of the hostile-input tests ({@link SaAttackClientMain}): sends batches of SA requests on a
 * libibumad port (or any {@link MadChannel}) to the SM's LID with at most {@code window} unanswered at a time, and
 * matches answers by the low 32 bits of the TID (the kernel may rewrite the high ones). A flood uses a soft window
 * ({@code slotMs} &gt; 0): a request waits at most that long for a free slot and goes anyway, so requests the SA
 * drops without an answer do not stop it. Never without a window: under umad2sim a client that sends while the SA
 * answers it can deadlock with ibsim (the client's send blocks on a full socket while holding the lock its receive
 * needs; ibsim spins writing the answers to it and the whole simulated fabric stops; the same hang is in
 * docs/sa-conformance.md "Open") - a limit of the arena, not of an HCA. An answer is a single MAD, the first DATA
 * segment of an RMPP answer (its PayloadLength says the table's size; nothing is ACKed, so the SA sends no more) or the
 * STOP/ABORT the SA's RMPP receiver sends for a refused multi-MAD request. Never retries: what a batch reports is what
 * the SA did with each request once.
 *
 * <p>Thread-safe for one batch at a time (answers arrive on the channel's thread).
 */
final class SaAttackClient {

    /** Longest wait for answers once every request was sent. */
    static final long MAX_WAIT_MS = 30_000;

    private final MadChannel channel;
    private final MadAddress sa;
    private volatile Batch current;
    private int tidBase = (int) (System.nanoTime() & 0x3FFF_0000);

    /** A client on {@code channel} asking the SA at {@code saLid}. */
    SaAttackClient(MadChannel channel, int saLid) {
        this.channel = channel;
        this.sa = MadAddress.gsi(saLid, 0, 0);
        channel.setReceiver((from, mad, length) -> {
            Batch b = current;
            if (b != null) {
                b.onAnswer(mad, length);
            }
        });
    }

    /**
     * Sends {@code count} requests built by {@code request} (given the request's index and TID, returning the MAD)
     * and waits for their answers until none came for {@code idleMs}, at most {@value #MAX_WAIT_MS} ms after the
     * last was sent. With {@code slotMs} 0 the window is strict (no free slot within {@code idleMs} ends the
     * batch); else a request waits at most {@code slotMs} for a slot.
     */
    Batch run(int count, int window, long slotMs, RequestBuilder request, long idleMs)
            throws IOException, InterruptedException {
        Batch b = new Batch(count, tidBase, window);
        tidBase += count + 1;
        current = b;
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            boolean slot = b.permits.tryAcquire(slotMs > 0 ? slotMs : idleMs, TimeUnit.MILLISECONDS);
            if (!slot && slotMs == 0) {
                break;
            }
            byte[] mad = request.build(i, (b.tidBase + i) & 0xFFFF_FFFFL);
            channel.send(sa, mad, mad.length);
            b.sent++;
        }
        long sentNanos = System.nanoTime() - start;
        long waitEnd = System.nanoTime() + MAX_WAIT_MS * 1_000_000L;
        int seen = -1;
        while (b.answered.get() < b.sent && b.answered.get() != seen && System.nanoTime() < waitEnd) {
            seen = b.answered.get();
            Thread.sleep(idleMs);
        }
        b.nanos = System.nanoTime() - start;
        b.sendNanos = sentNanos;
        current = null;
        return b;
    }

    /** Builds request {@code i} with transaction ID {@code tid}. */
    @FunctionalInterface
    interface RequestBuilder {
        byte[] build(int i, long tid);
    }

    /** A request MAD of the SA class: header, SA header (SM_Key 0) and the record {@code data} wrote. */
    static byte[] request(int method, int attribute, long tid, long mask, RecordWriter data) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, 3, 2, method, 0, 0, tid, attribute, 0).encodeTo(mad);
        new SaHeader(0, 0, mask).encodeTo(mad);
        data.write(mad, SaHeader.DATA_OFFSET);
        return mad;
    }

    /** Writes a record at an offset of a MAD. */
    @FunctionalInterface
    interface RecordWriter {
        void write(byte[] mad, int off);
    }

    /**
     * What one batch got back: per request its status ({@code -1}: no answer; {@code 0x10000 | type}: an RMPP STOP
     * or ABORT) and, for tables, the bytes the first segment announced.
     */
    static final class Batch {
        final int count;
        final int tidBase;
        final Semaphore permits;
        final AtomicIntegerArray status;
        final AtomicLongArray tableBytes;
        final AtomicInteger answered = new AtomicInteger();
        int sent;
        long nanos;
        long sendNanos;

        Batch(int count, int tidBase, int window) {
            this.count = count;
            this.tidBase = tidBase;
            this.permits = new Semaphore(window);
            this.status = new AtomicIntegerArray(count);
            this.tableBytes = new AtomicLongArray(count);
            for (int i = 0; i < count; i++) {
                status.set(i, -1);
            }
        }

        void onAnswer(byte[] mad, int length) {
            if (length < 36) {
                return;
            }
            byte[] m = length < MadHeader.MAD_SIZE ? Arrays.copyOf(mad, MadHeader.MAD_SIZE) : mad;
            int i = (int) MadHeader.TRANSACTION_ID.getLong(m, 0) - tidBase;
            if (i < 0 || i >= count) {
                return;
            }
            int value;
            if (RmppHeader.isActive(m)) {
                RmppHeader r = RmppHeader.decode(m);
                if (r.type() == RmppHeader.TYPE_DATA && r.first()) {
                    value = MadHeader.STATUS.getInt(m, 0);
                    tableBytes.set(i, r.payloadLength() - SaHeader.CLASS_HEADER_SIZE);
                } else if (r.type() == RmppHeader.TYPE_STOP || r.type() == RmppHeader.TYPE_ABORT) {
                    value = 0x10000 | r.type();
                } else {
                    return;
                }
            } else {
                value = MadHeader.STATUS.getInt(m, 0);
            }
            if (status.compareAndSet(i, -1, value)) {
                answered.incrementAndGet();
                permits.release();
            }
        }

        /** Answers by status, {@code 0x0000=n} (STOP/ABORT as {@code stop}/{@code abort}, none as {@code none}). */
        Map<String, Integer> statuses() {
            Map<String, Integer> out = new TreeMap<>();
            for (int i = 0; i < sent; i++) {
                int s = status.get(i);
                String key = s < 0 ? "none" : s == (0x10000 | RmppHeader.TYPE_STOP) ? "stop"
                        : s == (0x10000 | RmppHeader.TYPE_ABORT) ? "abort" : String.format("0x%04x", s);
                out.merge(key, 1, Integer::sum);
            }
            return out;
        }

        /** Requests answered with {@code s}. */
        int withStatus(int s) {
            int n = 0;
            for (int i = 0; i < sent; i++) {
                n += status.get(i) == s ? 1 : 0;
            }
            return n;
        }

        /** The largest table a first segment announced, in bytes. */
        long largestTable() {
            long max = 0;
            for (int i = 0; i < sent; i++) {
                max = Math.max(max, tableBytes.get(i));
            }
            return max;
        }

        /** {@code sent=.. answered=.. statuses={..} ms=..}. */
        String summary() {
            return String.format("sent=%d answered=%d statuses=%s ms=%d", sent, answered.get(), statuses(),
                    nanos / 1_000_000);
        }
    }
}
