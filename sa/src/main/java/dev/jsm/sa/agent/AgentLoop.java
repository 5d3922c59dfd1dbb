package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import java.util.PriorityQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The SA agent's thread: one queue of work - received MADs and tasks (a publish, a trap to forward) - taken in
 * order, and the agent's timer (RMPP timeouts, leases) run when it is due and never otherwise: while nothing is in
 * flight and no lease runs, the thread sleeps until work comes, so an idle SA takes no CPU.
 *
 * <p>Why not an executor: a scheduled executor wraps every MAD in a future, keeps its queue as a heap ordered by
 * time and wakes at every tick; under a storm of PathRecord Gets that machinery cost the agent thread as much CPU as
 * the answers, and the compiler inlined its layers over the whole query path once more for each of them
 * (docs/performance.md, "The SA under a job-start storm"). Here a MAD is a small record in a linked queue and the
 * loop calls the agent directly.
 *
 * <p>Work may also be queued for later ({@link #submitAt}: a request held until its requester's next token is due,
 * {@code RequesterGate}); the loop runs it once due, before what waits in the queue.
 *
 * <p>The thread starts with the first work or at {@link #start}, whichever comes first (work may be queued before
 * the timer is wanted); {@link #start} turns the timer on. A task that throws is logged and the loop goes on; an
 * {@link Error} goes to the thread's uncaught-exception handler (the daemon's logs it and exits). Thread-safe.
 */
final class AgentLoop {

    /** What the loop runs, all on its thread. */
    interface Agent {

        /** Handles one received MAD, queued at {@code queuedAtNanos}. */
        void handle(MadAddress from, byte[] mad, int length, long queuedAtNanos, long nowNanos);

        /** Runs the timer: RMPP timeouts, lease expiry. */
        void tick(long nowNanos);

        /**
         * When the timer is next due, the last tick having run at {@code lastTickNanos} ({@link System#nanoTime}
         * values), or {@link AgentLoop#NEVER} while nothing waits for it.
         */
        long nextTick(long lastTickNanos);
    }

    /** {@link Agent#nextTick} when no tick is due. */
    static final long NEVER = Long.MIN_VALUE;
    /** Under a sustained load, how many pieces of work the loop takes between two looks at the timer. */
    private static final int TIMER_CHECK_EVERY = 64;
    private static final System.Logger LOG = System.getLogger(SaAgent.class.getName());
    /** Work that only wakes the thread (so that it looks at the timer once {@link #start} turned it on). */
    private static final Object WAKE = new Object();

    private final String name;
    private final Agent agent;
    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    /** Work queued for later, by when it is due; guarded by itself. */
    private final PriorityQueue<Later> later = new PriorityQueue<>();
    /** When the first of {@link #later} is due, or {@link #NEVER}. */
    private volatile long laterDue = NEVER;
    private long laterSeq;
    /** When the timer last ran; the loop's thread only. */
    private long lastTick;
    private Thread thread;
    private volatile boolean ticking;
    private volatile boolean closed;

    /** A loop for {@code agent} on a thread named {@code name}, not started. */
    AgentLoop(String name, Agent agent) {
        this.name = name;
        this.agent = agent;
    }

    /** A received MAD as queued. */
    private record Received(MadAddress from, byte[] mad, int length, long queuedAtNanos) {
    }

    /** Work queued for later: due at {@code dueNanos}, then in the order queued. */
    private record Later(long dueNanos, long seq, Runnable task) implements Comparable<Later> {
        @Override
        public int compareTo(Later o) {
            long d = dueNanos - o.dueNanos;
            return d != 0 ? Long.signum(d) : Long.compare(seq, o.seq);
        }
    }

    /** Turns the timer on (and starts the thread, if no work did yet). */
    void start() {
        ticking = true;
        offer(WAKE);
    }

    /** Queues a received MAD, received at {@code queuedAtNanos}; false once closed. */
    boolean submit(MadAddress from, byte[] mad, int length, long queuedAtNanos) {
        return offer(new Received(from, mad, length, queuedAtNanos));
    }

    /** Queues a task; false once closed. */
    boolean submit(Runnable task) {
        return offer(task);
    }

    /** Queues a task to run once {@code dueNanos} ({@link System#nanoTime} value) has come; false once closed. */
    boolean submitAt(Runnable task, long dueNanos) {
        synchronized (later) {
            later.add(new Later(dueNanos, laterSeq++, task));
            laterDue = later.peek().dueNanos();
        }
        return offer(WAKE);
    }

    /** Stops the thread: queued work is dropped; waits up to a second for the work in hand to end. */
    void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            t = thread;
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        t.interrupt();
        try {
            t.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean offer(Object work) {
        synchronized (this) {
            if (closed) {
                return false;
            }
            if (thread == null) {
                thread = new Thread(this::run, name);
                thread.setDaemon(true);
                thread.start();
            }
        }
        queue.add(work);
        return true;
    }

    private void run() {
        lastTick = System.nanoTime();
        int taken = 0;
        try {
            while (!closed) {
                Object work = queue.poll();
                if (work == null) {
                    long now = System.nanoTime();
                    long due = ticking ? agent.nextTick(lastTick) : NEVER;
                    if (due != NEVER && due - now <= 0) {
                        lastTick = now;
                        perform(null, now);
                        continue;
                    }
                    if (runLater(now)) {
                        continue;
                    }
                    long first = laterDue;
                    if (first != NEVER && (due == NEVER || first - due < 0)) {
                        due = first;
                    }
                    work = due == NEVER ? queue.take() : queue.poll(due - now, TimeUnit.NANOSECONDS);
                    if (work == null) {
                        continue;
                    }
                } else {
                    if (laterDue != NEVER) {
                        runLater(System.nanoTime());
                    }
                    if (++taken == TIMER_CHECK_EVERY) {
                        taken = 0;
                        long now = System.nanoTime();
                        long due = ticking ? agent.nextTick(lastTick) : NEVER;
                        if (due != NEVER && due - now <= 0) {
                            lastTick = now;
                            perform(null, now);
                        }
                    }
                }
                perform(work, System.nanoTime());
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** Runs the work queued for later that is due at {@code now}; whether there was any. */
    private boolean runLater(long now) {
        boolean ran = false;
        while (true) {
            Later l;
            synchronized (later) {
                l = later.peek();
                if (l == null || l.dueNanos() - now > 0) {
                    return ran;
                }
                later.poll();
                Later next = later.peek();
                laterDue = next == null ? NEVER : next.dueNanos();
            }
            perform(l.task(), now);
            ran = true;
        }
    }

    /** Runs one piece of work ({@code null}: the timer). */
    private void perform(Object work, long now) {
        try {
            if (work == null) {
                agent.tick(now);
            } else if (work instanceof Received r) {
                agent.handle(r.from(), r.mad(), r.length(), r.queuedAtNanos(), now);
            } else if (work != WAKE) {
                ((Runnable) work).run();
            }
        } catch (RuntimeException e) {
            String what = work == null ? "SA timer" : work instanceof Received ? "SA request" : "SA event work";
            LOG.log(System.Logger.Level.WARNING, what + " failed: " + e, e);
        } catch (Error e) {
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, e);
        }
    }
}
