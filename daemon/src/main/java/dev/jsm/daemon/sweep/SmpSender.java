package dev.jsm.daemon.sweep;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.ResponseHandler;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.TransactionSettings;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Builds the SMPs the SM sends - all directed route with DrSLID = DrDLID = permissive, as OpenSM does
 * (docs/reference/opensm-behaviour.md#discovery),
 * each presenting the M_Key {@link SmpKeys} give its route - and hands them to {@link MadTransactions}, which
 * pipelines them through its window and reports each outcome on the SM thread.
 *
 * <p>Confined to the SM thread (as its {@link SmpKeys} are); the counters may be read, and {@link #fitWindow} called,
 * from any thread.
 *
 * <p>In detail: docs/design/daemon.md#smpsender.
 */
public final class SmpSender {

    /**
     * A stage's requests asked for a few at a time, as the backlog drains, instead of all at once: the LFT stage's
     * hundreds of thousands of Sets then never wait in the backlog as records of their own.
     */
    @FunctionalInterface
    public interface Feed {
        /**
         * Asks this sender for the next few requests ({@link #get}, {@link #set}); they are handed on at once.
         *
         * @return false when the feed has no more to ask for
         */
        boolean askNext();
    }

    /** Writes a Set's attribute payload into the MAD at {@code offset} ({@link Smp#DATA_OFFSET}). */
    @FunctionalInterface
    public interface Payload {
        /** Writes the payload. */
        void writeTo(byte[] mad, int offset);
    }

    /**
     * The most SMPs handed to the transactions at a time with a window of up to 512 ({@code max_wire_smps},
     * {@code max_wire_smps2}): far more than the window, so the wire never waits for this backlog, and few enough
     * that their buffers die young. A wider window gets twice its width ({@link #queuedLimitFor}).
     */
    static final int QUEUED_LIMIT = 1024;

    private static final Logger LOG = LogManager.getLogger(SmpSender.class);

    private final MadTransactions transactions;
    private final SmpKeys mKeys;
    private final BooleanSupplier master;
    private final AtomicLong refusedSets = new AtomicLong();
    private final AtomicLong sentSets = new AtomicLong();
    /** {@link Request}s and {@link Feed}s, in the order they were asked for. */
    private final ArrayDeque<Object> backlog = new ArrayDeque<>();
    /** Requests handed to the transactions whose handler has not yet run (retries with other M_Keys included). */
    private int handedOn;
    /** The most requests handed on at a time; set from any thread when the window changes. */
    private volatile int queuedLimit = QUEUED_LIMIT;
    /** Whether a {@link Feed} is asking: its requests are handed on at once, ahead of the backlog behind it. */
    private boolean feeding;

    /** A request waiting in the backlog, as asked for. */
    private record Request(Method method, DrPath path, AttributeId attr, long modifier, Payload payload,
                           ResponseHandler handler) {
    }

    /** A sender presenting {@code mKey} (the {@code m_key} option) in every SMP, which may always send Sets. */
    public SmpSender(MadTransactions transactions, long mKey) {
        this(transactions, SmpKeys.fixed(mKey), () -> true);
    }

    /**
     * A sender presenting in every SMP the M_Key {@code mKeys} gives the route, and trying the other keys it knows
     * for the port when it does not answer; it sends a Set only while {@code master} says this SM is master: a
     * standby configures nothing, whatever a stage asks.
     */
    public SmpSender(MadTransactions transactions, SmpKeys mKeys, BooleanSupplier master) {
        this.transactions = transactions;
        this.mKeys = mKeys;
        this.master = master;
    }

    /** Fits the backlog to the window of {@code settings} ({@link #queuedLimitFor}); any thread. */
    public void fitWindow(TransactionSettings settings) {
        queuedLimit = queuedLimitFor(settings);
    }

    /**
     * The most requests to hand to the transactions at a time for the window of {@code settings}:
     * {@link #QUEUED_LIMIT}, or twice the widest window if that is more; no limit when {@code max_wire_smps} is 0
     * (no window), as the operator asked for every SMP on the wire at once.
     */
    static int queuedLimitFor(TransactionSettings settings) {
        if (settings.maxWireSmps() == 0) {
            return Integer.MAX_VALUE;
        }
        long widest = Math.max(settings.maxWireSmps(), settings.maxWireSmps2());
        return (int) Math.min(Integer.MAX_VALUE, Math.max(QUEUED_LIMIT, 2 * widest));
    }

    /** Sends {@code Get(attr, modifier)} along {@code path}. */
    public void get(DrPath path, AttributeId attr, long modifier, ResponseHandler handler) {
        send(Method.GET, path, attr, modifier, null, handler);
    }

    /**
     * Sends {@code Set(attr, modifier)} with the payload {@code payload} writes along {@code path} - only while this
     * SM is master: otherwise nothing is sent, the handler is never called, and the refusal is logged and counted.
     */
    public void set(DrPath path, AttributeId attr, long modifier, Payload payload, ResponseHandler handler) {
        if (!master.getAsBoolean()) {
            refusedSets.incrementAndGet();
            LOG.error("SM-0629 {} Set (modifier 0x{}) not sent: this SM is not master", attr,
                    Long.toHexString(modifier));
            return;
        }
        sentSets.incrementAndGet();
        send(Method.SET, path, attr, modifier, payload, handler);
    }

    /**
     * Queues {@code feed} behind what the backlog holds and lets it ask as the backlog drains, until it has no more;
     * each step's requests are handed on at once (so up to the limit plus one step's are handed on). The quiescence
     * barrier waits for it as for the backlog.
     */
    public void feed(Feed feed) {
        backlog.add(feed);
        drainBacklog();
    }

    /** Hands the request on, or keeps it in the backlog behind others while {@link #QUEUED_LIMIT} are handed on. */
    private void send(Method method, DrPath path, AttributeId attr, long modifier, Payload payload,
                      ResponseHandler handler) {
        if (!feeding && (handedOn >= queuedLimit || !backlog.isEmpty())) {
            backlog.add(new Request(method, path, attr, modifier, payload, handler));
            return;
        }
        handOn(method, path, attr, modifier, payload, handler);
    }

    /**
     * Sends the SMP presenting the first of the route's candidate M_Keys; when no answer comes (a protected port
     * drops an SMP with a wrong key, IBA 14.2.4.1) it sends it again with the next candidate, and the handler sees
     * the outcome of the last attempt. Without M_Key management there is one candidate, 0, and one attempt. When
     * the handler has run, the backlog's next requests are handed on.
     */
    private void handOn(Method method, DrPath path, AttributeId attr, long modifier, Payload payload,
                        ResponseHandler handler) {
        handedOn++;
        ResponseHandler h = outcome -> {
            handedOn--;
            try {
                handler.onOutcome(outcome);
            } finally {
                drainBacklog();
            }
        };
        attempt(method, path, attr, modifier, payload, h, mKeys.candidates(path), 0);
    }

    private void drainBacklog() {
        while (handedOn < queuedLimit && !backlog.isEmpty()) {
            if (backlog.peek() instanceof Feed f) {
                boolean more = false;
                feeding = true;
                try {
                    more = f.askNext();
                } finally {
                    feeding = false;
                    if (!more) {
                        backlog.poll();
                    }
                }
            } else {
                Request r = (Request) backlog.poll();
                handOn(r.method, r.path, r.attr, r.modifier, r.payload, r.handler);
            }
        }
    }

    private void attempt(Method method, DrPath path, AttributeId attr, long modifier, Payload payload,
                         ResponseHandler handler, long[] keys, int i) {
        byte[] mad = Smp.directedRoute(method, 0, attr, modifier, path, keys[i]);
        if (payload != null) {
            payload.writeTo(mad, Smp.DATA_OFFSET);
        }
        ResponseHandler h = keys.length == 1 ? handler : outcome -> {
            boolean unanswered = outcome instanceof TransactionOutcome.TimedOut
                    || outcome instanceof TransactionOutcome.SendFailed;
            if (unanswered && i + 1 < keys.length) {
                attempt(method, path, attr, modifier, payload, handler, keys, i + 1);
                return;
            }
            if (unanswered) {
                mKeys.unreachable(path, keys);
            } else if (i > 0 && outcome instanceof TransactionOutcome.Response) {
                mKeys.answered(path, keys[i], keys[0]);
            }
            handler.onOutcome(outcome);
        };
        OutboundMad request = OutboundMad.of(MadAddress.directedRoute(), mad);
        if (method == Method.SET && takesLong(attr, modifier)) {
            transactions.sendLong(request, h);
        } else {
            transactions.send(request, h);
        }
    }

    /**
     * Whether a Set takes the device long to carry out, so that it waits {@code long_transaction_timeout} for its
     * response: an optimized SLtoVLMappingTable Set (modifier bits 16-17 set: one Set writes the table of every input
     * or output port of a switch), as in OpenSM 3.3.23's QoS manager. Every other SMP waits
     * {@code transaction_timeout}.
     */
    static boolean takesLong(AttributeId attr, long modifier) {
        return attr.value() == AttributeId.SL_TO_VL_MAPPING_TABLE.value() && (modifier & 0x30000L) != 0;
    }

    /** Sets sent (every table block, PortInfo, SwitchInfo a sweep wrote; retries not counted; for the metrics). */
    public long sentSets() {
        return sentSets.get();
    }

    /** Sets not sent because this SM was not master (a bug if ever non-zero; for the metrics). */
    public long refusedSets() {
        return refusedSets.get();
    }
}
