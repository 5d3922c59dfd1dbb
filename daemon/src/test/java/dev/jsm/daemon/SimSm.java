package dev.jsm.daemon;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A whole daemon running in-process against a {@link SimFabric}, the SM on port 1 of the fabric's first CA, for
 * component tests: start it, wait for SUBNET UP, poke it, close it.
 *
 * <p>Confined to the test thread (the daemon has its own threads).
 */
final class SimSm implements AutoCloseable {

    final SimFabric fabric;
    final SimMadChannel channel;
    final SetCountingChannel counted;
    final Daemon daemon;
    /** The MADs this SM had sent when each of its SUBNET UPs was published, in order. */
    final List<TransactionStats> madsAtSubnetUp = new CopyOnWriteArrayList<>();
    /** When each of its SUBNET UPs was published ({@link System#nanoTime}), in order. */
    final List<Long> nanosAtSubnetUp = new CopyOnWriteArrayList<>();
    /** The kinds of the sweeps that ended, in order. */
    final List<SweepKind> sweepsEnded = new CopyOnWriteArrayList<>();
    private final LinkedBlockingQueue<Ended> ended = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<Object> outcomes = new LinkedBlockingQueue<>();
    private final LinkedBlockingQueue<SubnetSnapshot> viewUpdates = new LinkedBlockingQueue<>();
    private final boolean ownsFabric;
    /** {@link System#nanoTime} when the SUBNET UP {@link #awaitSubnetUp} returned last was told, before its dumps. */
    private long subnetUpNanos;
    private long subnetUpCpuMillis;

    private SimSm(SimFabric fabric, boolean ownsFabric, int caNode, Path cacheDir, Path dumpDir, SmOptions options,
                  LongSupplier clock) throws Exception {
        this.fabric = fabric;
        this.ownsFabric = ownsFabric;
        this.channel = fabric.openChannel(caNode, 1);
        channel.setIsSm(true);
        this.counted = new SetCountingChannel(channel);
        this.daemon = new Daemon(DaemonSettings.of(options, cacheDir, dumpDir), counted, new SmEvents(), clock);
        daemon.addListener(new SweepListener() {
            @Override
            public void subnetUp(FabricView view) {
                nanosAtSubnetUp.add(System.nanoTime());
                madsAtSubnetUp.add(daemon.madStats());
                outcomes.add(new Up(view.snapshot(), System.nanoTime(), processCpuMillis()));
            }

            @Override
            public void viewUpdated(FabricView view) {
                viewUpdates.add(view.snapshot());
            }

            @Override
            public void sweepFailed(int sweepNumber, String reason) {
                outcomes.add(reason);
            }

            @Override
            public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                // told on the sweep loop's thread, before it takes its next event: what a light sweep found is
                // pending by now
                sweepsEnded.add(kind);
                ended.add(new Ended(kind, System.nanoTime() - nanos, sweepPending()));
            }
        });
        daemon.start();
    }

    /** A daemon on a fresh simulator of {@code topology}. */
    static SimSm start(Topology topology, Path dir, String... options) throws Exception {
        return new SimSm(new SimFabric(topology, 7), true, firstCa(topology), dir, dir, options(options),
                System::nanoTime);
    }

    /** A daemon on a fresh simulator of {@code topology} whose trap windows run on {@code clock} (nanoseconds). */
    static SimSm start(Topology topology, Path dir, LongSupplier clock, String... options) throws Exception {
        return new SimSm(new SimFabric(topology, 7), true, firstCa(topology), dir, dir, options(options), clock);
    }

    /** A daemon on an existing simulator (a restart: the fabric keeps its state). */
    static SimSm restart(SimFabric fabric, Path dir, String... options) throws Exception {
        return new SimSm(fabric, false, firstCa(fabric.topology()), dir, dir, options(options), System::nanoTime);
    }

    /**
     * One more SM on an existing simulator, on port 1 of CA {@code caNode}, with its own cache and dump directory
     * {@code dir} (several SMs on one fabric).
     */
    static SimSm at(SimFabric fabric, int caNode, Path dir, String... options) throws Exception {
        Files.createDirectories(dir);
        return new SimSm(fabric, false, caNode, dir, dir, options(options), System::nanoTime);
    }

    /** Options from name/value pairs on top of the defaults; sweeps only on request unless given. */
    static SmOptions options(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        b.setText(OptionTable.get("sweep_interval"), "0");
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        return b.build();
    }

    /** The NodeInfo Gets this SM has sent. */
    long nodeInfoGets() {
        return daemon.madStats().sentOfAttribute(AttributeId.NODE_INFO.value());
    }

    /** Waits for the next SUBNET UP, skipping failed sweeps; fails after {@code timeout}. */
    SubnetSnapshot awaitSubnetUp(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (true) {
            Object o = outcomes.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (o == null) {
                throw new AssertionError("no SUBNET UP within " + timeout + "; state " + daemon.state());
            }
            if (o instanceof Up up) {
                subnetUpNanos = up.nanos();
                subnetUpCpuMillis = up.cpuMillis();
                if (!daemon.awaitDumps(Duration.ofNanos(Math.max(0, end - System.nanoTime())))) {
                    throw new AssertionError("dump files of the SUBNET UP not written within " + timeout);
                }
                return up.snapshot();
            }
        }
    }

    /**
     * The kind of the next sweep to end (in the order they ended, none skipped), after SUBNET UP was told for a sweep
     * that configures; fails after {@code timeout}.
     */
    SweepKind nextSweepEnd(Duration timeout) throws InterruptedException {
        return nextEnded(timeout).kind;
    }

    /**
     * Asks for light sweeps until one that started after this call ends with no sweep pending: then every change made
     * before this call has been found and swept (a light sweep reads every switch's PortStateChange, and what it or a
     * trap finds is pending as an incremental or heavy sweep when it ends). Returns the kinds of the sweeps that
     * ended meanwhile, that light sweep last; fails after {@code timeout} per sweep.
     */
    List<SweepKind> awaitSettled(Duration timeout) throws InterruptedException {
        long asked = System.nanoTime();
        List<SweepKind> kinds = new ArrayList<>();
        daemon.events().request(SmEvent.LIGHT_SWEEP, "test: settle");
        while (true) {
            Ended e = nextEnded(timeout);
            kinds.add(e.kind);
            if (e.kind == SweepKind.LIGHT) {
                if (e.startNanos - asked >= 0 && !e.sweepPending) {
                    return kinds;
                }
                daemon.events().request(SmEvent.LIGHT_SWEEP, "test: settle");
            }
        }
    }

    private Ended nextEnded(Duration timeout) throws InterruptedException {
        Ended e = ended.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (e == null) {
            throw new AssertionError("no sweep ended within " + timeout + "; state " + daemon.state());
        }
        return e;
    }

    private boolean sweepPending() {
        SmEvents events = daemon.events();
        return events.isPending(SmEvent.INCREMENTAL_SWEEP) || events.isPending(SmEvent.HEAVY_SWEEP)
                || events.isPending(SmEvent.RECONFIGURE);
    }

    /**
     * A sweep's end: its kind, when it started ({@link System#nanoTime}) and whether another sweep that configures
     * was pending when it ended.
     */
    /** {@link System#nanoTime} when the SUBNET UP {@link #awaitSubnetUp} returned last was told (before its dumps). */
    long subnetUpNanos() {
        return subnetUpNanos;
    }

    /** The process's CPU time in milliseconds when that SUBNET UP was told. */
    long subnetUpCpuMillis() {
        return subnetUpCpuMillis;
    }

    /** The CPU time of the whole process so far (the SM's and the simulated fabric's threads), in milliseconds. */
    static long processCpuMillis() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return os.getProcessCpuTime() / 1_000_000;
    }

    /** A SUBNET UP: the view's snapshot, and when the SM thread told it (the clock, the process's CPU time). */
    private record Up(SubnetSnapshot snapshot, long nanos, long cpuMillis) {
    }

    private record Ended(SweepKind kind, long startNanos, boolean sweepPending) {
    }

    /**
     * Waits for the next view update between sweeps (a multicast update that reprogrammed groups, off-sweep
     * balancing); fails after {@code timeout}.
     */
    SubnetSnapshot awaitViewUpdate(Duration timeout) throws InterruptedException {
        SubnetSnapshot s = viewUpdates.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (s == null) {
            throw new AssertionError("no multicast update within " + timeout + "; state " + daemon.state());
        }
        return s;
    }

    /**
     * Waits until {@code done} holds, checking it after every SUBNET UP or multicast update and every 100 ms; fails
     * after {@code timeout}.
     */
    void awaitUntil(java.util.function.BooleanSupplier done, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not done within " + timeout + "; state " + daemon.state());
            }
            viewUpdates.poll(50, TimeUnit.MILLISECONDS);
            outcomes.poll(50, TimeUnit.MILLISECONDS);
        }
    }

    /** Whether another sweep outcome arrives within {@code timeout}. */
    boolean anotherSweepWithin(Duration timeout) throws InterruptedException {
        return outcomes.poll(timeout.toMillis(), TimeUnit.MILLISECONDS) != null;
    }

    /** The index of the topology's first switch. */
    static int firstSwitch(Topology t) {
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                return n;
            }
        }
        throw new IllegalArgumentException("no switch");
    }

    /** The indexes of the topology's CAs, in node order. */
    static List<Integer> cas(Topology t) {
        return TopologyNodes.cas(t);
    }

    static int firstCa(Topology t) {
        return TopologyNodes.firstCa(t);
    }

    /**
     * Ends the daemon the way SIGKILL would: its port goes first (clearing IsSM), so it can say nothing more to the
     * fabric - no HANDOVER - and then its threads stop.
     */
    void kill() {
        channel.close();
        daemon.close();
    }

    @Override
    public void close() {
        daemon.close();
        channel.close();
        if (ownsFabric) {
            fabric.close();
        }
    }
}
