package dev.jsm.daemon.perfmgr;

import dev.jsm.daemon.event.EventReport;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.RequesterStats;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The performance manager (OpenSM's PerfMgr): every {@code perfmgr_sweep_time_s} it sweeps a fabric snapshot (it
 * never touches the SM's mutable model) with a {@link PerfSweep}, keeps one {@link MonitoredNode} per node (CAs too
 * unless {@code perfmgr_ignore_cas}), and when a sweep ends publishes a {@link PerfSnapshot} and adds a sample to each
 * port's {@link PortHistory}. It sweeps in every SM state, as OpenSM 3.3.23 does: a master the fabric of its last
 * SUBNET UP, an SM not master the fabric it discovers again (Gets only) before each sweep, at the LIDs the master
 * assigned ({@link PerfMgrFabric}; docs/operations.md, "The performance manager"); the manager itself sends only
 * PerfMgt GMPs, never an SMP. A node that left the fabric is forgotten ({@code perfmgr_rm_nodes}) or kept as
 * inactive. The console turns it on and off, sweeps at once, changes the sweep time and the per-run flags, clears the
 * totals, and prints or dumps the database, as OpenSM's {@code perfmgr} command does.
 *
 * <p>Threading: everything runs on its own thread {@code jsm-perfmgr} - the timer, the sweep, the answers and timeouts
 * (handed over by the transactions layer), the console's commands ({@link #call}). The SM's threads are never held:
 * the requests go through a {@link Requester} of the manager's own, outside the SM's MAD window and barrier.
 * Thread-safe.
 */
public final class PerfManager implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(PerfManager.class);

    private final PerfMgrSettings settings;
    private final Requester requests;
    private final PerfMgrFabric fabric;
    private final NodeNameMap names;
    private final LongSupplier nanos;
    private final LongSupplier millis;
    private final ScheduledExecutorService thread;
    private final Map<Long, MonitoredNode> nodes = new TreeMap<>(Long::compareUnsigned);
    private final LongSupplier smPortGuid;

    private boolean enabled;
    private volatile EventReport eventReport = EventReport.NONE;
    private int sweepTimeS;
    private boolean rmNodes;
    private boolean queryCpi;
    private ScheduledFuture<?> timer;
    private PerfSweep sweep;
    /** A sweep waits for the discovery of an SM not master. */
    private boolean awaitingDiscovery;
    private long sweepStartNanos;
    private long sweeps;
    private long lastSweepNanos;
    private long cleared;
    private long clearedElsewhere;
    private volatile PerfSnapshot published;
    private final PortHistory history = new PortHistory();

    /**
     * Builds the manager; nothing is sent before {@link #start}.
     *
     * @param settings its options
     * @param transactions the SM's transactions (the requests go through a requester of the manager's own, each
     *     outcome handed to the manager's thread)
     * @param smPortGuid the SM port's GUID now (its P_Key table decides where a PMA may redirect to; the SM may move
     *     to another port, {@code sm_port_failover})
     * @param fabric the fabric to sweep (a master's last SUBNET UP, or discovered again first on an SM not master)
     * @param names the node name map
     * @param nanos monotonic clock (sweep times, error rates)
     * @param millis wall clock (the times the console prints)
     */
    public PerfManager(PerfMgrSettings settings, MadTransactions transactions, LongSupplier smPortGuid,
                       PerfMgrFabric fabric, NodeNameMap names, LongSupplier nanos,
                       LongSupplier millis) {
        this.settings = settings;
        this.requests = transactions.requester(settings.timeout(), settings.retries(), handler -> execute(() -> {
            handler.run();
            afterProgress();
        }));
        this.smPortGuid = smPortGuid;
        this.fabric = fabric;
        this.names = names;
        this.nanos = nanos;
        this.millis = millis;
        this.enabled = settings.enabled();
        this.sweepTimeS = settings.sweepTimeS();
        this.rmNodes = settings.rmNodes();
        this.queryCpi = settings.queryCpi();
        this.published = PerfSnapshot.empty(enabled);
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "jsm-perfmgr");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        this.thread = t;
    }

    /**
     * Reports each reading's counter increases to {@code report} (the event plug-ins) from the next sweep on. Call
     * before {@link #start}.
     */
    public void setEventReport(EventReport report) {
        this.eventReport = report;
    }

    /** Starts the sweep timer if the manager is enabled. */
    public void start() {
        execute(() -> {
            LOG.log(LogLevels.VERBOSE, "PerfMgr {}: sweep every {} s, at most {} queries in flight",
                    enabled ? "enabled" : "disabled", sweepTimeS, settings.maxOutstanding());
            rescheduleTimer();
        });
    }

    /** Every port's readings over the last sweeps. Any thread. */
    public PortHistory history() {
        return history;
    }

    /** What the last sweep (or console command) published. Any thread. */
    public PerfSnapshot snapshot() {
        return published;
    }

    /**
     * Runs {@code task} on the manager's thread and returns its result: the console's way in.
     *
     * @throws IllegalStateException if the manager is stopped, or the task failed or took more than 30 s
     */
    public <T> T call(Callable<T> task) {
        try {
            Future<T> f = thread.submit(task);
            return f.get(30, TimeUnit.SECONDS);
        } catch (RejectedExecutionException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the performance manager did not run the command: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Stops the timer and the thread; outstanding requests are forgotten. Idempotent. */
    @Override
    public void close() {
        requests.cancelAll();
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- commands; on the manager's thread (through call) ----

    /** Turns sweeping on (the timer starts again) or off. */
    void setEnabled(boolean on) {
        enabled = on;
        rescheduleTimer();
        publish();
    }

    boolean enabled() {
        return enabled;
    }

    /** Starts a sweep now, unless one is running; returns whether it started. */
    boolean sweepNow() {
        return beginSweep("console");
    }

    void setSweepTime(int seconds) {
        sweepTimeS = seconds;
        rescheduleTimer();
    }

    int sweepTimeS() {
        return sweepTimeS;
    }

    void setRmNodes(boolean on) {
        rmNodes = on;
    }

    boolean rmNodes() {
        return rmNodes;
    }

    void setQueryCpi(boolean on) {
        queryCpi = on;
    }

    boolean queryCpi() {
        return queryCpi;
    }

    int maxOutstanding() {
        return settings.maxOutstanding();
    }

    int outstanding() {
        return requests.outstanding();
    }

    boolean redirectEnabled() {
        return settings.redirect();
    }

    PerfSweep.State sweepState() {
        if (awaitingDiscovery) {
            return PerfSweep.State.ACTIVE;
        }
        return sweep == null ? PerfSweep.State.SLEEPING : sweep.state();
    }

    /**
     * The discovery a sweep waited for ended ({@link PerfMgrFabric#rediscover}): the sweep starts on what it found.
     * Any thread.
     */
    public void fabricDiscovered() {
        execute(() -> {
            if (awaitingDiscovery) {
                awaitingDiscovery = false;
                startSweep("after discovery");
            }
        });
    }

    /** The live database, in node GUID order. */
    Iterable<MonitoredNode> nodes() {
        return nodes.values();
    }

    /** Zeroes every total (OpenSM: the database only; the ports are not cleared). */
    void clearCounters() {
        long now = millis.getAsLong();
        nodes.values().forEach(n -> n.clearTotals(now));
        LOG.info("PerfMgr counters cleared");
        publish();
    }

    /** Forgets the nodes no longer in the fabric; returns how many. */
    int clearInactive() {
        int removed = 0;
        for (Iterator<MonitoredNode> it = nodes.values().iterator(); it.hasNext(); ) {
            if (!it.next().active) {
                it.remove();
                removed++;
            }
        }
        publish();
        return removed;
    }

    /** Where {@code perfmgr dump_counters} writes. */
    PerfMgrSettings settings() {
        return settings;
    }

    // ---- the sweep ----

    private void rescheduleTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        if (enabled) {
            timer = thread.scheduleWithFixedDelay(() -> guarded(() -> beginSweep("timer")), sweepTimeS, sweepTimeS,
                    TimeUnit.SECONDS);
        }
    }

    /**
     * Starts a sweep if enabled and no sweep runs: at once on a master, after a discovery on an SM not master (as
     * OpenSM's {@code osm_perfmgr_process}).
     */
    private boolean beginSweep(String why) {
        if (!enabled) {
            return false;
        }
        if (sweep != null || awaitingDiscovery) {
            LOG.info("PM sweep state {}, skipping sweep ({})", sweepState().words(), why);
            return false;
        }
        if (fabric.rediscoverFirst()) {
            LOG.log(LogLevels.VERBOSE, "PerfMgr: this SM is not master, the fabric is discovered first ({})", why);
            awaitingDiscovery = true;
            fabric.rediscover();
            return true;
        }
        return startSweep(why);
    }

    /** Starts a sweep of the fabric known now, if there is one. */
    private boolean startSweep(String why) {
        if (!enabled) {
            return false;
        }
        SubnetSnapshot f = fabric.current();
        if (f == null || f.nodes().isEmpty()) {
            LOG.debug("PerfMgr: no fabric discovered yet, no sweep");
            return false;
        }
        LOG.log(LogLevels.VERBOSE, "Gathering PerfMgr stats ({})", why);
        List<MonitoredNode> order = MonitoredNodes.refresh(nodes, f, names, settings.ignoreCas(),
                rmNodes, millis.getAsLong(), nanos.getAsLong());
        sweepStartNanos = nanos.getAsLong();
        sweep = new PerfSweep(order, requests, new PortReadings.Rules(settings.logErrors(), settings.xmitWaitLog(),
                settings.xmitWaitThreshold()), settings.maxOutstanding(), queryCpi, settings.redirect(),
                MonitoredNodes.localPKeys(f, smPortGuid.getAsLong()), nanos, millis, eventReport);
        sweep.fill();
        afterProgress();
        return true;
    }

    /** After an answer or a timeout: ends a finished sweep. */
    private void afterProgress() {
        if (sweep == null) {
            return;
        }
        if (sweep.done()) {
            cleared += sweep.cleared();
            clearedElsewhere += sweep.clearedElsewhere();
            sweep = null;
            sweeps++;
            lastSweepNanos = nanos.getAsLong() - sweepStartNanos;
            PerfSnapshot before = published;
            publish();
            history.record(before, published, millis.getAsLong());
            LOG.log(LogLevels.VERBOSE, "PerfMgr sweep {} done in {} ms: {} ports read, {} requests unanswered so "
                    + "far", sweeps, lastSweepNanos / 1_000_000, published.portsRead(), published.madsUnanswered());
        }
    }

    private void publish() {
        List<PerfSnapshot.Node> copy = new ArrayList<>(nodes.size());
        nodes.values().forEach(n -> copy.add(PerfSnapshot.Node.of(n)));
        RequesterStats mads = requests.stats();
        published = new PerfSnapshot(enabled, sweeps, lastSweepNanos, mads.sent(), mads.retries(),
                mads.timeouts() + mads.sendFailures(), cleared, clearedElsewhere, copy);
    }

    private void execute(Runnable r) {
        try {
            thread.execute(() -> guarded(r));
        } catch (RejectedExecutionException e) {
            LOG.debug("performance manager stopped");
        }
    }

    /**
     * Runs {@code r}, logging what it throws: a failure must not stop the timer or the thread. A task that schedules
     * another (the poller) while {@link #close} shuts the thread down is refused quietly.
     */
    private static void guarded(Runnable r) {
        try {
            r.run();
        } catch (RejectedExecutionException e) {
            LOG.debug("performance manager stopped");
        } catch (RuntimeException e) {
            LOG.error("PERF-1099 the performance manager failed: {}", e.toString(), e);
        }
    }
}
