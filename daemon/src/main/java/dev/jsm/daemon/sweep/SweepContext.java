package dev.jsm.daemon.sweep;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What every sweep stage works on: the mutable {@link Subnet} and the directed routes to its nodes ({@link PathBook}),
 * the MAD sender, the options in effect, the dump directory and the activity report in it, the SM's own port, this
 * sweep's error count and this sweep's {@link SubnetSnapshot} (taken once, when the fabric's shape and LIDs are
 * final). State that belongs to one stage (guid2lid, the multicast groups, the routes, the QoS tables the ports
 * hold, ...) is not here: each stage gets its own through its constructor (see {@code dev.jsm.daemon.Sweeps}). What
 * readers on other threads see is the immutable {@link FabricView} the listeners get at SUBNET UP, never this
 * context.
 *
 * <p>Confined to the SM thread, except {@link #options()}, {@link #setOptions} and {@link #activity()} (any thread),
 * {@link #afterSweep}, {@link #finishAfterSweepTasks} and {@link #sweepGate} (any thread) and {@link #runAfterSweep()}
 * and {@link #listeners()} (the event loop thread). The tasks {@link #afterSweep} queues run on a background thread of
 * their own.
 */
public final class SweepContext {

    private final Subnet subnet = new Subnet();
    private final PathBook paths = new PathBook();
    private final SmpSender smps;
    private final SmEvents events;
    private final long smPortGuid;
    private final List<SweepListener> listeners = new CopyOnWriteArrayList<>();
    /** Queued on the SM thread by {@link #afterSweep}, drained by the event loop thread. */
    private final Queue<Runnable> afterSweep = new ConcurrentLinkedQueue<>();
    /**
     * Runs each sweep's tasks, one sweep at a time; a sweep's tasks still waiting when the next sweep's come are
     * dropped (a check of routes a newer sweep replaced is worth nothing).
     */
    private final ThreadPoolExecutor background = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(1), r -> {
                Thread t = new Thread(r, "jsm-after-sweep");
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.DiscardOldestPolicy());
    private final SweepGate gate = new SweepGate();
    private final Path dumpDir;
    private final ActivityReport activity;
    private volatile SmOptions options;
    private volatile NodeNameMap nodeNames = NodeNameMap.NONE;
    /** This sweep's copy of the model, in a holder of its own: see {@link #snapshotSlot}. */
    private AtomicReference<SubnetSnapshot> snapshot = new AtomicReference<>();
    private int sweepErrors;

    /**
     * The context of one daemon.
     *
     * @param options the options at start-up
     * @param dumpDir where dump files go
     * @param smps the SMP sender over the daemon's transactions
     * @param events the event queue (stages ask for another sweep through it)
     * @param smPortGuid GUID of the local port the SM runs on
     */
    public SweepContext(SmOptions options, Path dumpDir, SmpSender smps, SmEvents events, long smPortGuid) {
        this.options = options;
        this.dumpDir = dumpDir;
        this.activity = ActivityReport.of(options, dumpDir);
        this.smps = smps;
        this.events = events;
        this.smPortGuid = smPortGuid;
    }

    /** The node name map ({@code node_name_map_name}); {@link NodeNameMap#NONE} until set. */
    public NodeNameMap nodeNames() {
        return nodeNames;
    }

    /** Sets the node name map, before the first sweep. */
    public void setNodeNames(NodeNameMap names) {
        nodeNames = names;
    }

    /** The name people read for {@code node}: the node name map's, else its NodeDescription (OpenSM's print_desc). */
    public String nodeName(Node node) {
        return nodeNames.name(node.nodeGuid(), node.description());
    }

    /** "switch 0x... 'leaf-0'" for log lines, with the node's {@link #nodeName}. */
    public String describe(Node node) {
        String d = nodeName(node);
        return node.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + Guid.toString(node.nodeGuid())
                + (d.isEmpty() ? "" : " '" + d + "'");
    }

    /** The fabric model. */
    public Subnet subnet() {
        return subnet;
    }

    /** Directed routes to nodes and CA ports. */
    public PathBook paths() {
        return paths;
    }

    /** Sends SMPs. */
    public SmpSender smps() {
        return smps;
    }

    /** The event queue. */
    public SmEvents events() {
        return events;
    }

    /** GUID of the SM's own port. */
    public long smPortGuid() {
        return smPortGuid;
    }

    /** The SM's own end port, or {@code null} until discovery found it. */
    public EndPort smPort() {
        return subnet.endPort(smPortGuid);
    }

    /** The options in effect. Any thread. */
    public SmOptions options() {
        return options;
    }

    /** Replaces the options (a heavy sweep reloaded the config file). Any thread. */
    public void setOptions(SmOptions newOptions) {
        options = newOptions;
    }

    /** Where dump files go ({@code dump_files_dir}, {@code OSM_TMP_DIR}). */
    public Path dumpDir() {
        return dumpDir;
    }

    /**
     * The activity report ({@code activity_report_subjects}, {@code opensm-activity.dump} in {@link #dumpDir}) the
     * stages and the SA report to. Any thread.
     */
    public ActivityReport activity() {
        return activity;
    }

    /** Whether a sweep is running, for the background work that steps aside for sweeps. Any thread. */
    public SweepGate sweepGate() {
        return gate;
    }

    /** Starts a new sweep: no errors counted, no snapshot taken yet. */
    public void beginSweep() {
        sweepErrors = 0;
        snapshot = new AtomicReference<>();
    }

    /**
     * Copies the model once the fabric's shape and LIDs are final for this sweep ({@link SnapshotStage}); the
     * stages after it read {@link #snapshot()} instead of copying the model again.
     */
    public void takeSnapshot() {
        snapshot.set(SubnetSnapshot.of(subnet));
    }

    /**
     * Replaces this sweep's copy of the model with {@code refreshed}, the same copy refreshed after the sweep's Sets
     * ({@link SubnetSnapshot#refreshed}): at SUBNET UP, so that the copy of before the Sets - every port's attributes
     * as they were before the link manager and the activation changed them, 19 MB at 11664 hosts - is not kept until
     * the next sweep.
     */
    public void replaceSnapshot(SubnetSnapshot refreshed) {
        snapshot.set(refreshed);
    }

    /**
     * This sweep's copy of the model as it will stand: the copy taken, or after SUBNET UP its refreshed copy
     * ({@link #replaceSnapshot}). For a stage that keeps the fabric it worked on until the next sweep, to compare
     * (nodes, links and LIDs, which a refresh does not change): it then keeps one copy of every port, not two.
     */
    public Supplier<SubnetSnapshot> snapshotSlot() {
        return snapshot::get;
    }

    /**
     * This sweep's copy of the model, taken after the LID manager.
     *
     * @throws IllegalStateException if it was not taken yet in this sweep
     */
    public SubnetSnapshot snapshot() {
        SubnetSnapshot s = snapshot.get();
        if (s == null) {
            throw new IllegalStateException("no snapshot taken in this sweep yet");
        }
        return s;
    }

    /**
     * Counts a failed Set or another error that makes this sweep's configuration incomplete (OpenSM's
     * {@code subnet_initialization_error}): no SUBNET UP, and another heavy sweep follows.
     */
    public void recordError() {
        sweepErrors++;
    }

    /** Errors counted in this sweep. */
    public int sweepErrors() {
        return sweepErrors;
    }

    /** Registers a listener for SUBNET UP and failed sweeps. */
    public void addListener(SweepListener listener) {
        listeners.add(listener);
    }

    /** The listeners, in the order they were added. */
    public List<SweepListener> listeners() {
        return listeners;
    }

    /**
     * Runs {@code task} once the current sweep has ended (after SUBNET UP and the listeners, or after the sweep
     * failed), on a background thread: for work that only reports, which should neither take CPU from the sweep
     * while its MADs are on the wire nor keep the event loop from the next event (the route check of an 11664-host
     * fabric takes seconds). Tasks not started when the next sweep's come are dropped. Any thread may queue one.
     */
    public void afterSweep(Runnable task) {
        afterSweep.add(task);
    }

    /**
     * Hands the tasks {@link #afterSweep} queued to the background thread, to run there in order; the event loop
     * thread, after a sweep.
     */
    public void runAfterSweep() {
        List<Runnable> tasks = new ArrayList<>();
        for (Runnable task = afterSweep.poll(); task != null; task = afterSweep.poll()) {
            tasks.add(task);
        }
        if (!tasks.isEmpty()) {
            background.execute(() -> {
                for (int i = 0; i < tasks.size(); i++) {
                    tasks.set(i, null).run(); // a task that ran holds nothing more (a route check, its routing)
                }
            });
        }
    }

    /**
     * Lets the background thread finish what it was given (so that a daemon stopping after one sweep, {@code -o} or
     * {@code --route-only}, still reports) for at most {@code timeout}, and stops it.
     *
     * @return whether it finished in time
     */
    public boolean finishAfterSweepTasks(Duration timeout) throws InterruptedException {
        background.shutdown();
        return background.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
