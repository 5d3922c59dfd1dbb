package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Request/response transactions over any {@link MadChannel} (libibumad or the simulator): TransactionID allocation
 * and response matching, a window of outstanding SMPs, our own timeouts and retries, a quiescence barrier,
 * unsolicited-MAD dispatch and counters. Behavioural counterpart: OpenSM's {@code osm_vl15intf.c} (window) with the
 * match table and timeouts of {@code osm_vendor_ibumad.c} - except that the timeouts are ours, because under
 * ibsim/umad2sim the kernel's do not exist and one unanswered MAD would stall a sweep forever
 * (docs/reference/opensm-behaviour.md#mad-transport-window-timeouts-retries).
 *
 * <p>Thread-safe: callers send from any thread, the channel's I/O thread matches answers, one timer thread re-sends;
 * outcomes run on the handler executor given to the constructor (normally the SM thread).
 *
 * <p>In detail: docs/design/mad-transport.md#madtransactions.
 */
public final class MadTransactions implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(MadTransactions.class.getName());

    private final MadChannel channel;
    private final Executor handlerExecutor;
    private final int retries;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition timerWake = lock.newCondition();
    private final UnsolicitedRoutes routes = new UnsolicitedRoutes();
    private final UnsolicitedRoutes foreignResponses = new UnsolicitedRoutes();
    private final Thread timer;
    private final Completions completions;
    /** Guarded by {@link #lock}, as are all fields below. */
    private final TransactionWindow window;
    private final TransactionCounters counters = new TransactionCounters();
    private final TidCounter tids = new TidCounter(1);
    private boolean closed;
    private boolean timerWaiting;
    private boolean timerTimed;
    private long timerDue;

    /**
     * Takes over {@code channel}'s receiver and starts the timer thread.
     *
     * @param channel the transport; this instance becomes its receiver (it does not close it)
     * @param settings window, timeouts and retries
     * @param handlerExecutor runs the {@link ResponseHandler}s (the SM thread); should be single-threaded
     * @throws java.util.concurrent.RejectedExecutionException if {@code handlerExecutor} does not take the probe task
     */
    public MadTransactions(MadChannel channel, TransactionSettings settings, Executor handlerExecutor) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.handlerExecutor = Objects.requireNonNull(handlerExecutor, "handlerExecutor");
        this.retries = settings.transactionRetries();
        this.window = new TransactionWindow(settings);
        this.timer = new Thread(this::runTimer, "jsm-mad-timer");
        timer.setDaemon(true);
        this.completions = new Completions(lock, handlerExecutor);
        channel.setReceiver(new Receiver());
        timer.start();
    }

    /**
     * Sends a request and reports its outcome to {@code handler} on the handler executor. Never blocks for the
     * window: a request that finds it full waits in the queue.
     *
     * @param request a request (no response bit); its bytes belong to this layer from now on (see
     *                {@link OutboundMad})
     * @param handler receives the one outcome of the request
     * @throws IllegalArgumentException if {@code request} is a response; send those with {@link #post}
     */
    public void send(OutboundMad request, ResponseHandler handler) {
        send(request, retries, false, null, handler);
    }

    /**
     * Sends a request as {@link #send(OutboundMad, ResponseHandler)} does, but each transmission waits
     * {@code long_transaction_timeout} for the response instead of {@code transaction_timeout}: for a request the
     * device takes long to carry out (OpenSM's one use: an SLtoVLMappingTable Set that writes every port's table of
     * a switch at once).
     *
     * @throws IllegalArgumentException if {@code request} is a response
     */
    public void sendLong(OutboundMad request, ResponseHandler handler) {
        send(request, retries, true, null, handler);
    }

    /**
     * Sends a request as {@link #send(OutboundMad, ResponseHandler)} does, but re-sent at most {@code retries} times
     * instead of {@code transaction_retries}: for a request whose silence is itself the answer, such as a standby's
     * poll of the master SM, which polls again rather than waiting out the retries.
     *
     * @throws IllegalArgumentException if {@code request} is a response, or {@code retries} is negative
     */
    public void send(OutboundMad request, int retries, ResponseHandler handler) {
        send(request, retries, false, null, handler);
    }

    /**
     * A requester of its own for a component that sends requests beside the SM's (see {@link Requester}): each
     * transmission waits {@code timeout}, an unanswered request is re-sent up to {@code retries} times, outcomes run
     * on {@code executor}.
     *
     * @throws IllegalArgumentException if {@code timeout} is not positive or {@code retries} is negative
     */
    public Requester requester(Duration timeout, int retries, Executor executor) {
        if (timeout.isNegative() || timeout.isZero() || retries < 0) {
            throw new IllegalArgumentException("a requester needs a positive timeout and retries >= 0, not "
                    + timeout + " and " + retries);
        }
        Objects.requireNonNull(executor, "executor");
        lock.lock();
        try {
            return new Requester(this, window.addLane(timeout.toNanos()), retries, executor);
        } finally {
            lock.unlock();
        }
    }

    /** {@link Requester#send}. */
    void send(OutboundMad request, Requester requester, ResponseHandler handler) {
        send(request, requester.retries, false, requester, handler);
    }

    private void send(OutboundMad request, int retries, boolean longTimeout, Requester requester,
                      ResponseHandler handler) {
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative: " + retries);
        }
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(handler, "handler");
        if (HeaderBytes.isResponseMethod(request.method())) {
            throw new IllegalArgumentException(request + " is a response; send it with post()");
        }
        Transaction done;
        lock.lock();
        try {
            int tid = tids.next();
            HeaderBytes.writeTid(request.mad(), tid);
            Transaction t = new Transaction(completions, request, handler, tid, retries, longTimeout, requester);
            if (requester == null) {
                completions.begin();
            } else {
                requester.began();
            }
            long now = System.nanoTime();
            if (closed) {
                completions.complete(t, new TransactionOutcome.Closed(request));
            } else if (window.admit(t, now)) {
                transmit(t, now);
            } else {
                pump(now);
                wakeTimerIfEarlier(now);
            }
            done = completions.take();
        } finally {
            lock.unlock();
        }
        completions.dispatch(done);
    }

    /**
     * Sends a MAD that expects no answer (a response, a Report, a Trap) at once, ahead of queued requests and
     * outside the window. Its TransactionID is left as the caller set it.
     *
     * @throws IOException if the channel refused it or this instance is closed
     */
    public void post(OutboundMad mad) throws IOException {
        lock.lock();
        try {
            if (closed) {
                throw new IOException("MAD transactions are closed; cannot send " + mad);
            }
            counters.countSent(mad.attributeId());
            try {
                channel.send(mad.to(), mad.mad(), mad.length());
            } catch (IOException | RuntimeException e) {
                counters.sendFailures++;
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Routes unsolicited MADs matching {@code filter} to {@code handler}, run on the handler executor. */
    public void onUnsolicited(UnsolicitedFilter filter, UnsolicitedHandler handler) {
        onUnsolicited(filter, handlerExecutor, handler);
    }

    /**
     * Routes unsolicited MADs matching {@code filter} to {@code handler}, run on {@code executor} (the SA server's
     * own thread, for instance).
     *
     * @throws IllegalStateException if a handler is already registered for {@code filter}
     */
    public void onUnsolicited(UnsolicitedFilter filter, Executor executor, UnsolicitedHandler handler) {
        routes.add(new UnsolicitedRoutes.Route(Objects.requireNonNull(filter, "filter"),
                Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(handler, "handler")));
    }

    /**
     * Routes the responses that match no request of this layer and match {@code filter} (its method being the
     * request method, e.g. Trap; the responses carry it with the response bit, or are TrapRepress) to
     * {@code handler}, run on {@code executor}. For the answers to MADs a component {@link #post}s with TIDs of its
     * own and does not wait for (a standby's Trap 144, whose TrapRepress is dropped); requests whose answers matter go
     * through a {@link Requester}. Such responses count as unsolicited MADs handed to a handler.
     *
     * @throws IllegalStateException if a handler is already registered for {@code filter}
     */
    public void onForeignResponse(UnsolicitedFilter filter, Executor executor, UnsolicitedHandler handler) {
        foreignResponses.add(new UnsolicitedRoutes.Route(Objects.requireNonNull(filter, "filter"),
                Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(handler, "handler")));
    }

    /**
     * Waits until no request is queued, on the wire, or waiting for its handler to return (the barrier after each
     * sweep stage).
     *
     * @throws IllegalStateException if called on the handler executor's thread (it would wait for itself)
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitQuiescence() throws InterruptedException {
        completions.await(null);
    }

    /**
     * {@link #awaitQuiescence()} for at most {@code timeout}.
     *
     * @return false if requests were still pending when {@code timeout} passed
     * @throws IllegalStateException if called on the handler executor's thread
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitQuiescence(Duration timeout) throws InterruptedException {
        return completions.await(Objects.requireNonNull(timeout, "timeout"));
    }

    /**
     * Changes the window: {@code max_wire_smps}, {@code max_wire_smps2} and {@code max_smps_timeout} of
     * {@code settings} apply from now on (a re-read config file); its timeout and retries are ignored, they stay as
     * at construction. A wider window sends queued requests at once. Any thread.
     *
     * @param settings the new window limits
     */
    public void setWindow(TransactionSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Transaction done;
        lock.lock();
        try {
            window.setLimits(settings);
            long now = System.nanoTime();
            if (!closed) {
                pump(now);
                wakeTimerIfEarlier(now);
            }
            done = completions.take();
        } finally {
            lock.unlock();
        }
        completions.dispatch(done);
    }

    /** The counters now. */
    public TransactionStats stats() {
        lock.lock();
        try {
            return counters.snapshot(window.onWire(), window.queued(), window.maxSmpsOnWire());
        } finally {
            lock.unlock();
        }
    }

    /** {@link Requester#stats}. */
    RequesterStats stats(Requester requester) {
        lock.lock();
        try {
            TransactionCounters c = requester.counters;
            return new RequesterStats(c.sent, c.retries, c.responses, c.timeouts, c.sendFailures,
                    requester.outstanding());
        } finally {
            lock.unlock();
        }
    }

    /** {@link Requester#cancelAll}. */
    void cancel(Requester requester) {
        lock.lock();
        try {
            for (Transaction t = requester.lane.wire.peek(); t != null; t = requester.lane.wire.peek()) {
                window.retire(t, System.nanoTime());
                requester.ended();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Fails every queued and outstanding request with {@link TransactionOutcome.Closed} (later sends get it at once),
     * ignores whatever arrives from now on and stops the timer thread. The channel stays open. Idempotent.
     */
    @Override
    public void close() {
        Transaction done;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (Transaction t = window.drainOne(); t != null; t = window.drainOne()) {
                completions.complete(t, new TransactionOutcome.Closed(t.request));
            }
            timerWake.signal();
            done = completions.take();
        } finally {
            lock.unlock();
        }
        completions.dispatch(done);
        if (Thread.currentThread() != timer) {
            try {
                timer.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Puts a request on the wire for the first time; under the lock. */
    private void transmit(Transaction t, long now) {
        window.putOnWire(t, now);
        countersOf(t).countSent(t.attributeId);
        wakeTimerIfEarlier(now);
        sendOnWire(t, now);
    }

    /** One transmission of {@code t}, already on the wire; a failure completes it. Under the lock. */
    private void sendOnWire(Transaction t, long now) {
        try {
            channel.send(t.request.to(), t.request.mad(), t.request.length());
        } catch (IOException | RuntimeException e) {
            countersOf(t).sendFailures++;
            window.retire(t, now);
            completions.complete(t, new TransactionOutcome.SendFailed(t.request, 0, String.valueOf(e.getMessage()),
                    t.attempts));
        }
    }

    /** Sends queued requests while the window has room; under the lock. */
    private void pump(long now) {
        for (Transaction t = window.nextToSend(); t != null; t = window.nextToSend()) {
            transmit(t, now);
        }
    }

    /** Wakes the timer thread if the window's next event is earlier than the timer's planned wake-up. */
    private void wakeTimerIfEarlier(long now) {
        long wait = window.nanosUntilNextEvent(now);
        if (timerWaiting && wait >= 0 && (!timerTimed || timerDue - (now + wait) > 0)) {
            timerWake.signal();
        }
    }

    private void runTimer() {
        lock.lock();
        try {
            while (!closed) {
                long now = System.nanoTime();
                expire(now);
                if (window.widenIfStalled(now)) {
                    pump(now);
                }
                Transaction done = completions.take();
                if (done != null) {
                    lock.unlock();
                    try {
                        completions.dispatch(done);
                    } finally {
                        lock.lock();
                    }
                    continue;
                }
                long wait = window.nanosUntilNextEvent(now);
                timerWaiting = true;
                timerTimed = wait >= 0;
                timerDue = now + wait;
                try {
                    if (wait < 0) {
                        timerWake.await();
                    } else if (wait > 0) {
                        timerWake.awaitNanos(wait);
                    }
                } finally {
                    timerWaiting = false;
                }
            }
        } catch (InterruptedException e) {
            LOG.log(System.Logger.Level.WARNING, "MAD timer thread interrupted; timeouts stop");
        } finally {
            lock.unlock();
        }
    }

    /** Re-sends or times out every request whose transmission is overdue; under the lock. */
    private void expire(long now) {
        for (Transaction t = window.expired(now); t != null; t = window.expired(now)) {
            if (t.attempts <= t.retries) {
                window.rearm(t, now);
                countersOf(t).retries++;
                sendOnWire(t, now);
            } else {
                window.retire(t, now);
                countersOf(t).timeouts++;
                completions.complete(t, new TransactionOutcome.TimedOut(t.request, t.attempts));
            }
        }
        pump(now);
    }

    private void received(MadAddress from, byte[] mad, int length) {
        if (HeaderBytes.isTruncated(mad, length) || mad[0] != 1) {
            countMalformed();
            return;
        }
        int method = HeaderBytes.method(mad);
        if (HeaderBytes.isResponseMethod(method)) {
            matchResponse(from, mad, length);
        } else {
            deliverUnsolicited(from, mad, length, method);
        }
    }

    private void matchResponse(MadAddress from, byte[] mad, int length) {
        UnsolicitedRoutes.Route foreign = matchOrFindForeign(from, mad, length);
        if (foreign != null) {
            foreignResponses.dispatch(foreign, from, mad, length);
        }
    }

    /** Completes the request {@code mad} answers, or returns the foreign-response route for it (or null). */
    private UnsolicitedRoutes.Route matchOrFindForeign(MadAddress from, byte[] mad, int length) {
        Transaction done = null;
        lock.lock();
        try {
            if (closed) {
                return null;
            }
            counters.received++;
            long now = System.nanoTime();
            Transaction t = match(mad);
            if (t == null) {
                UnsolicitedRoutes.Route foreign = foreignResponses.find(HeaderBytes.mgmtClass(mad),
                        HeaderBytes.method(mad) & ~Method.RESPONSE_BIT, HeaderBytes.attributeId(mad));
                if (foreign == null) {
                    counters.droppedUnmatched++;
                } else {
                    counters.unsolicited++;
                }
                return foreign;
            }
            window.retire(t, now);
            countersOf(t).responses++;
            completions.complete(t, new TransactionOutcome.Response(t.request, from, mad, length,
                    MadStatus.valueOf(HeaderBytes.status(mad)), t.attempts));
            pump(now);
            done = completions.takeBatch(window.queued());
        } finally {
            lock.unlock();
        }
        completions.dispatch(done);
        return null;
    }

    private void deliverUnsolicited(MadAddress from, byte[] mad, int length, int method) {
        UnsolicitedRoutes.Route route = routes.find(HeaderBytes.mgmtClass(mad), method, HeaderBytes.attributeId(mad));
        lock.lock();
        try {
            if (closed) {
                return;
            }
            counters.received++;
            if (route == null) {
                counters.droppedUnsolicited++;
                return;
            }
            counters.unsolicited++;
        } finally {
            lock.unlock();
        }
        routes.dispatch(route, from, mad, length);
    }

    private void handedBack(byte[] mad, int length, int status) {
        if (HeaderBytes.isTruncated(mad, length)) {
            countMalformed();
            return;
        }
        Transaction done = null;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = System.nanoTime();
            Transaction t = match(mad);
            if (t == null) {
                counters.sendFailures++;
                return;
            }
            countersOf(t).sendFailures++;
            window.retire(t, now);
            completions.complete(t, new TransactionOutcome.SendFailed(t.request, status,
                    "the transport handed the MAD back undelivered with status " + status, t.attempts));
            pump(now);
            done = completions.take();
        } finally {
            lock.unlock();
        }
        completions.dispatch(done);
    }

    /** The counters {@code t} counts in: the layer's, or its requester's. */
    private TransactionCounters countersOf(Transaction t) {
        return t.requester == null ? counters : t.requester.counters;
    }

    private Transaction match(byte[] mad) {
        return window.match(HeaderBytes.lowTid(mad), HeaderBytes.mgmtClass(mad), HeaderBytes.attributeId(mad),
                HeaderBytes.attributeModifier(mad));
    }

    private void countMalformed() {
        lock.lock();
        try {
            counters.droppedMalformed++;
        } finally {
            lock.unlock();
        }
    }

    /** The channel's view of this instance; runs on the I/O thread and never throws. */
    private final class Receiver implements MadReceiver {

        @Override
        public void onMad(MadAddress from, byte[] mad, int length) {
            received(from, mad, length);
        }

        @Override
        public void onSendFailed(byte[] mad, int length, int status) {
            handedBack(mad, length, status);
        }
    }
}
