package dev.jsm.sim.contract;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One SMP at a time over any {@link MadChannel}: send, then wait for the MAD with the same TransactionID (its low 32
 * bits: umad2sim and ibsim own the upper ones) or for the transport to hand the request back undelivered. The
 * contract needs nothing more, and the same code runs over {@code UmadChannel} under ibsim and over
 * {@code SimMadChannel}.
 *
 * <p>MADs that do not answer the outstanding request (traps, stray responses) are kept as unsolicited, so that the
 * script can print them instead of losing them silently.
 *
 * <p>Confined to the script's thread; the channel's receive thread only feeds the queue.
 */
final class SmpExchange {

    /** How long a request may stay unanswered; both simulators answer or refuse within microseconds. */
    private static final long TIMEOUT_MS = 2000;

    /**
     * What became of one request.
     *
     * @param kind answered, handed back undelivered, or nothing within the timeout
     * @param from the responder's address (answered only)
     * @param mad the response, or the request handed back (null on timeout)
     * @param status the transport's status of an undelivered request (an errno, 110 from both simulators)
     */
    record Outcome(Kind kind, MadAddress from, byte[] mad, int status) {
    }

    /** The three ways a request ends. */
    enum Kind { ANSWERED, SEND_FAILED, NO_ANSWER }

    private record Arrival(MadAddress from, byte[] mad, int failedStatus) {
    }

    private final MadChannel channel;
    private final BlockingQueue<Arrival> arrivals = new LinkedBlockingQueue<>();
    private final List<byte[]> unsolicited = new ArrayList<>();
    private long nextTid = 0x5000;

    SmpExchange(MadChannel channel) {
        this.channel = channel;
        channel.setReceiver(new MadReceiver() {
            @Override
            public void onMad(MadAddress from, byte[] mad, int length) {
                arrivals.add(new Arrival(from, mad, 0));
            }

            @Override
            public void onSendFailed(byte[] mad, int length, int status) {
                arrivals.add(new Arrival(null, mad, status));
            }
        });
    }

    /** The next TransactionID to put into a request. */
    long nextTid() {
        return nextTid++;
    }

    /** Sends {@code mad} to {@code to} and waits for what becomes of it. */
    Outcome exchange(MadAddress to, byte[] mad) throws IOException, InterruptedException {
        int tid = (int) MadHeader.TRANSACTION_ID.getLong(mad, 0);
        channel.send(to, mad, MadHeader.MAD_SIZE);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MS);
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            Arrival a = arrivals.poll(left, TimeUnit.NANOSECONDS);
            if (a == null) {
                break;
            }
            if ((int) MadHeader.TRANSACTION_ID.getLong(a.mad(), 0) != tid) {
                unsolicited.add(a.mad());
            } else if (a.failedStatus() != 0) {
                return new Outcome(Kind.SEND_FAILED, null, a.mad(), a.failedStatus());
            } else {
                return new Outcome(Kind.ANSWERED, a.from(), a.mad(), 0);
            }
        }
        return new Outcome(Kind.NO_ANSWER, null, null, 0);
    }

    /** The MADs that arrived since the last call without answering a request, oldest first. */
    List<byte[]> drainUnsolicited() {
        List<byte[]> out = List.copyOf(unsolicited);
        unsolicited.clear();
        return out;
    }
}
