package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The simulator thread: takes the MADs channels sent, lets {@link MadProcessor} handle them under the
 * {@link FabricState} monitor, and delivers what comes out to the receivers, on this thread, after releasing the
 * monitor (so a receiver may send again or call into the fabric).
 *
 * <p>A receiver that throws is reported to the thread's uncaught-exception handler and the thread carries on.
 *
 * <p>Thread-safe: {@link #submit} and {@link #stop} may be called from any thread.
 *
 * <p>In detail: docs/design/sim.md#simengine.
 */
final class SimEngine implements MadOutbox {

    /** Status of a failed send: ETIMEDOUT, as umad2sim reports ibsim's drops. */
    static final int SEND_FAILED_STATUS = 110;

    private final FabricState state;
    private final Impairments impairments;
    private final SimCounters counters;
    /** Set once, before the thread starts. */
    private MadProcessor processor;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private final Condition idle = lock.newCondition();
    /** Guarded by {@link #lock}. */
    private MadBatch inbound = new MadBatch();
    /** Guarded by {@link #lock}. */
    private final DelayedDeliveries delayed = new DelayedDeliveries();
    /** Confined to the simulator thread. */
    private MadBatch batch = new MadBatch();
    /** Confined to the simulator thread. */
    private final MadBatch outbox = new MadBatch();
    /** Confined to the simulator thread. */
    private final MadBatch due = new MadBatch();
    /** Written under {@link #lock}; volatile so {@link #deliver} can tell whether it runs on this thread. */
    private volatile Thread thread;
    /** Guarded by {@link #lock}. */
    private boolean stopped;
    /** Guarded by {@link #lock}: the thread holds work taken from the queues. */
    private boolean busy;

    SimEngine(FabricState state, Impairments impairments, SimCounters counters) {
        this.state = state;
        this.impairments = impairments;
        this.counters = counters;
    }

    void setProcessor(MadProcessor processor) {
        this.processor = processor;
    }

    /** Queues a MAD a channel sent; starts the thread on first use. */
    void submit(SimMadChannel from, MadAddress to, byte[] mad) {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            startIfNeeded();
            inbound.add(from, to, mad);
            if (inbound.size() == 1) {
                wake.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void deliver(SimMadChannel to, MadAddress from, byte[] mad) {
        if (impairments.loseResponse()) {
            counters.lostResponses++;
            return;
        }
        long delay = impairments.nextDelay();
        if (delay == 0 && Thread.currentThread() == thread) {
            outbox.add(to, from, mad);
            return;
        }
        lock.lock();
        try {
            if (!stopped) {
                startIfNeeded();
                delayed.add(System.nanoTime() + delay, to, from, mad);
                wake.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void sendFailed(SimMadChannel sender, byte[] mad) {
        outbox.add(sender, null, mad);
    }

    /** Starts the simulator thread the first time there is work; called under {@link #lock}. */
    private void startIfNeeded() {
        if (thread == null) {
            Thread t = new Thread(this::run, "jsm-sim");
            t.setDaemon(true);
            thread = t;
            t.start();
        }
    }

    /** Stops the thread and discards what is queued; waits for the thread unless called on it. */
    void stop() {
        Thread t;
        lock.lock();
        try {
            stopped = true;
            t = thread;
            inbound.clear();
            delayed.clear();
            wake.signal();
            idle.signalAll();
        } finally {
            lock.unlock();
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run() {
        while (takeWork()) {
            if (batch.size() > 0) {
                synchronized (state) {
                    for (int i = 0; i < batch.size(); i++) {
                        if (impairments.loseRequest()) {
                            counters.sent++;
                            counters.lostRequests++;
                        } else {
                            processor.process(batch.channel(i), batch.address(i), batch.mad(i));
                        }
                    }
                    processor.endOfBatch();
                }
                batch.clear();
            }
            deliverAll(due);
            deliverAll(outbox);
            lock.lock();
            try {
                busy = false;
                idle.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Waits until nothing is queued, delayed or being processed (MADs sent by receivers count as queued).
     *
     * @return false if {@code timeoutNanos} passed first
     */
    boolean awaitIdle(long timeoutNanos) throws InterruptedException {
        lock.lock();
        try {
            long left = timeoutNanos;
            while (!stopped && (busy || inbound.size() > 0 || !delayed.isEmpty())) {
                if (left <= 0) {
                    return false;
                }
                left = idle.awaitNanos(left);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Waits for inbound MADs or due deliveries and takes them; false when stopped. */
    private boolean takeWork() {
        lock.lock();
        try {
            while (true) {
                if (stopped) {
                    return false;
                }
                long now = System.nanoTime();
                delayed.takeDue(now, due);
                if (inbound.size() > 0 || due.size() > 0) {
                    busy = true;
                    MadBatch taken = inbound;
                    inbound = batch;
                    batch = taken;
                    return true;
                }
                if (delayed.isEmpty()) {
                    wake.await();
                } else {
                    wake.awaitNanos(delayed.nextDue() - now);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    private static void deliverAll(MadBatch b) {
        for (int i = 0; i < b.size(); i++) {
            SimMadChannel ch = b.channel(i);
            MadReceiver r = ch.receiver();
            if (r != null && !ch.isClosed()) {
                try {
                    MadAddress from = b.address(i);
                    if (from == null) {
                        r.onSendFailed(b.mad(i), b.mad(i).length, SEND_FAILED_STATUS);
                    } else {
                        r.onMad(from, b.mad(i), b.mad(i).length);
                    }
                } catch (RuntimeException e) {
                    Thread t = Thread.currentThread();
                    t.getUncaughtExceptionHandler().uncaughtException(t, e);
                }
            }
        }
        b.clear();
    }
}
