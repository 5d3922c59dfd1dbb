package dev.jsm.daemon;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.EventOptions;
import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.SweepOptions;
import dev.jsm.conf.TimingOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.discovery.FabricChanges;
import dev.jsm.daemon.event.EventPlugins;
import dev.jsm.daemon.event.FabricEvent;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.link.AliasGuidWriter;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.loop.SmThread;
import dev.jsm.daemon.loop.TimerThread;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.mgmt.ManagedSm;
import dev.jsm.daemon.mgmt.VirtualizationCounters;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.perfmgr.PerfManager;
import dev.jsm.daemon.perfmgr.PerfMgrFabric;
import dev.jsm.daemon.perfmgr.PerfMgrSettings;
import dev.jsm.daemon.pkey.PKeyManager;
import dev.jsm.daemon.qos.EnhancedQosManager;
import dev.jsm.daemon.route.ChainPolicies;
import dev.jsm.daemon.route.OffSweepBalancing;
import dev.jsm.daemon.route.RouteCheck;
import dev.jsm.daemon.route.RoutingPersistence;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sa.SaService;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.StagePipeline;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepGate;
import dev.jsm.daemon.sweep.SweepListeners;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.trap.PortHealthMonitor;
import dev.jsm.daemon.trap.TrapReceiver;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The composition root of one subnet manager on one local port: the SM thread, {@link MadTransactions} over the
 * channel (the SM thread is its handler executor), what the stages share - the {@link SweepState} the pipeline hands
 * them, the {@link StageServices} they call, the {@link AfterSweep} work they queue - and the stages with the state
 * each keeps ({@link Sweeps}), the SMInfo and trap handlers (with the port-health monitor, whose marks the timer ends),
 * the SA, the performance manager, the sweep timer and the event loop thread. Readers on other threads get the
 * {@link FabricView} of the last SUBNET UP ({@link #view()}), the management port what {@link #management()} lets it
 * read and do. {@link #start} queues the first heavy sweep; {@link #close} stops everything except the channel, which
 * belongs to the caller. Its public methods are what {@code Main} and tests outside this package need; the
 * package-private ones serve {@code Main}, route-only and the tests beside it.
 *
 * <p>Thread-safe: {@link #close} and the getters may be called from any thread.
 */
public final class Daemon implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(Daemon.class);
    /** How long {@link #close} waits for the last route check (seconds at 11664 hosts). */
    private static final Duration AFTER_SWEEP_WAIT = Duration.ofSeconds(60);

    private final SmEvents events;
    private final SmThread sm = new SmThread();
    private final SmStatus status;
    private final RoutingState routes = new RoutingState();
    private final McastGroups mcastGroups = new McastGroups();
    private final SaService sa;
    private final HighAvailability ha;
    private final TrapReceiver traps;
    private final PortHealthMonitor portHealth;
    private final MadTransactions transactions;
    private final NodeNameMap nodeNames;
    private final PerfManager perfMgr;
    private final EventPlugins plugins;
    private final StageServices services;
    private final SweepState state;
    private final AfterSweep afterSweep = new AfterSweep();
    private final SweepListeners listeners = new SweepListeners();
    private volatile FabricView view;
    private final ScheduledExecutorService timer;
    private final SweepLoop loop;
    private final OffSweepBalancing balancing;
    private final RoutingPersistence persistence;
    private final PKeyManager pkeys;
    private final Sweeps sweeps;
    private final Thread loopThread;
    private final DaemonManagement management;
    private final LivePlan livePlan;
    private final Duration stopWait;
    private volatile Runnable withdrawIsSm = () -> { };

    /**
     * Builds the daemon; nothing is sent before {@link #start}.
     *
     * @param settings options and directories
     * @param channel the transport on the SM's port (a {@code UmadChannel} or a {@code SimMadChannel})
     * @param events the event queue signal handlers already feed
     * @throws IllegalArgumentException if {@code routing_engine} names an unknown engine
     */
    public Daemon(DaemonSettings settings, MadChannel channel, SmEvents events) {
        this(settings, channel, events, System::nanoTime);
    }

    /**
     * Builds the daemon with {@code clock} (nanoseconds) timing the trap windows (repeated-trap suppression, port
     * health), so tests can move time on; otherwise as {@link #Daemon(DaemonSettings, MadChannel, SmEvents)}.
     */
    Daemon(DaemonSettings settings, MadChannel channel, SmEvents events, LongSupplier clock) {
        this.events = events;
        SmOptions o = settings.options();
        OptionChanges.warnUnhonoured(o);
        LogSetup.loadPerModule(o.get(DebugOptions.PER_MODULE_LOGGING_FILE));
        boolean exitOnFatal = o.get(DebugOptions.EXIT_ON_FATAL);
        LidStore lids = LidStore.load(settings.cacheDir(), exitOnFatal);
        if (lids.unreadable() != null) {
            LOG.fatal("LID-0309 {}; exiting (exit_on_fatal TRUE), the file left as it is", lids.unreadable());
            throw new UncheckedIOException(new IOException(lids.unreadable()));
        }
        if (lids.setAside() != null) {
            LOG.error("LID-0308 {}", lids.setAside());
        }
        lids.problems().forEach(p -> LOG.error("LID-0303 {}", p));
        checkLongTransactionTimeout(o);
        long portGuid = channel.localPort().portGuid();
        MKeyBook mKeys = MKeyBook.of(o, settings.cacheDir(), portGuid, this::mKeyLookup);
        this.plugins = EventPlugins.load(o.get(EventOptions.EVENT_PLUGIN_NAME),
                o.get(EventOptions.EVENT_PLUGIN_OPTIONS), pluginDirectory());
        TransactionSettings ts = transactionSettings(o);
        this.stopWait = ts.longTransactionTimeout().multipliedBy(ts.transactionRetries() + 1L).plusSeconds(2);
        this.transactions = new MadTransactions(channel, ts, sm);
        this.status = new SmStatus(o.get(MiscOptions.SM_INACTIVE) ? SmState.NOT_ACTIVE : SmState.DISCOVERING,
                o.smPriority());
        SmpSender smps = new SmpSender(transactions, mKeys, status::isMaster);
        smps.fitWindow(ts);
        this.nodeNames = NodeNameMap.fromOption(o.get(EventOptions.NODE_NAME_MAP_NAME));
        SweepGate gate = new SweepGate();
        this.services = new StageServices(o, smps, events, nodeNames, settings.dumpDir(),
                ActivityReport.of(o, settings.dumpDir()), gate);
        this.state = new SweepState(portGuid);
        this.view = FabricView.empty(o);
        listeners.add(new SweepListener() {
            @Override
            public void subnetUp(FabricView v) {
                view = v;
            }

            @Override
            public void viewUpdated(FabricView v) {
                view = v;
            }
        });
        this.timer = TimerThread.create("jsm-timer");
        this.ha = new HighAvailability(status, channel.localPort(), services::options, transactions, smps,
                events, timer);
        FabricChanges changes = new FabricChanges();
        this.balancing = new OffSweepBalancing(services, routes, events, timer);
        this.persistence = RoutingPersistence.load(settings.cacheDir(), routes);
        RoutingEngines engines = RoutingEngines.load();
        Requester ccRequests = transactions.requester(Duration.ofMillis(o.transactionTimeoutMs()),
                o.transactionRetries(), sm);
        this.sweeps = new Sweeps(services, afterSweep, listeners, status, lids, o, engines,
                new ChainPolicies(engines), routes, mcastGroups, ha, changes, mKeys, balancing, persistence,
                ccRequests, plugins);
        this.pkeys = sweeps.pKeyManager();
        this.sa = new SaService(channel, transactions, o, status, ha, services::options, settings.dumpDir(),
                this::changeMulticast, services.activity());
        listeners.add(sa);
        listeners.add(plugins);
        AtomicBoolean wasStandby = new AtomicBoolean();
        status.onEnter((from, to) -> {
            plugins.report(new FabricEvent.StateChange(Instant.now(), to.logName()));
            if (to == SmState.STANDBY) {
                wasStandby.set(true);
            } else if (to == SmState.MASTER && wasStandby.getAndSet(false)) {
                sa.leftStandby();
            }
        });
        sa.onDumped(file -> plugins.report(new FabricEvent.SaDbDumped(Instant.now(), file.toString())));
        timer.scheduleWithFixedDelay(sa::followRole, 0, 1, TimeUnit.SECONDS);
        AliasGuidWriter aliases = new AliasGuidWriter(state, services.smps());
        sa.setAliasGuidListener((guid, block, guids) -> sm.execute(() -> aliases.write(guid, block, guids)));
        this.portHealth = new PortHealthMonitor(state, services, mKeys, routes, clock);
        this.traps = new TrapReceiver(transactions, events, () -> services.options().get(SweepOptions.SWEEP_ON_TRAP),
                status::state, lid -> switchChanged(changes, lid), sa::forwardTrap, portHealth::onPortTrap, clock);
        traps.onReceived(n -> plugins.report(new FabricEvent.Trap(Instant.now(), n.issuerLid(), n.generic(), n.type(),
                n.trapNumberOrDeviceId(), n.producerTypeOrVendorId())));
        transactions.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_LID_ROUTED, Method.TRAP, AttributeId.NOTICE),
                traps::onTrap);
        timer.scheduleWithFixedDelay(this::expirePortHealth, 1, 1, TimeUnit.SECONDS);
        this.perfMgr = new PerfManager(PerfMgrSettings.of(o, settings.dumpDir()), transactions, ha::ownGuid,
                perfMgrFabric(), nodeNames, System::nanoTime, System::currentTimeMillis);
        perfMgr.setEventReport(plugins);
        StagePipeline pipeline = new StagePipeline(sm, transactions, events, gate);
        this.loop = new SweepLoop(settings, sm, pipeline, state, services, afterSweep, listeners, sweeps, changes,
                status, new OptionChanges(transactions, smps, ha, services.activity()), events, timer);
        loop.onPerfMgrDiscovered(perfMgr::fabricDiscovered);
        this.loopThread = new Thread(loop, "jsm-sweep");
        this.livePlan = new LivePlan(this::view, services::options, () -> channel.localPort().portGuid(),
                settings.cacheDir(), settings.configFile());
        listeners.add(livePlan);
        this.management = new DaemonManagement(new DaemonManagement.Parts(this::view, services::options, nodeNames,
                ha, smps, traps, portHealth, transactions, sa, perfMgr, events, routes, loop, channel::localPort,
                sweeps.congestionControl()::stats, () -> virtualizationCounters(sweeps), livePlan::plan));
        status.announce();
    }

    /** What /metrics shows of the virtualization and enhanced QoS managers. */
    private static VirtualizationCounters virtualizationCounters(Sweeps sweeps) {
        EnhancedQosManager.Stats q = sweeps.enhancedQos().stats();
        return new VirtualizationCounters(sweeps.vportMalformed().count(), q.sets(), q.rejections(), q.inError(),
                q.inForce());
    }

    /** The daemon's logger: the plan collects errors in its context ({@link Plan}). */
    static Logger log() {
        return LOG;
    }

    /** {@code m_key_lookup} as the options in force say (it is reloaded). */
    private boolean mKeyLookup() {
        return services.options().get(DeviceOptions.M_KEY_LOOKUP);
    }

    /**
     * What {@link #close} runs before this SM, as master, hands over: the attachment withdraws the port's IsSM, so
     * that the new master's first sweep does not ask a port whose SM is leaving. Call before {@link #start}.
     */
    void beforeHandover(Runnable withdrawIsSm) {
        this.withdrawIsSm = withdrawIsSm;
    }

    /**
     * With {@code sm_port_failover}, checks the SM's port once a second on the timer ({@link SmPortFailover}) and,
     * after a move to another of {@code ports}, sweeps the fabric from there: discovery starts at the new port and
     * finds the SM's end port by its GUID. Without the option, nothing. Call before {@link #start}.
     */
    void failOverAmong(SmPortFailover.LocalPorts ports) {
        if (!services.options().get(DeviceOptions.SM_PORT_FAILOVER)) {
            return;
        }
        SmPortFailover failover = new SmPortFailover(ports, port -> {
            ha.smPortMoved(port.portGuid());
            sm.execute(() -> state.moveSmPort(port.portGuid()));
            events.request(SmEvent.HEAVY_SWEEP, "the SM's port moved to " + port.label());
        });
        timer.scheduleWithFixedDelay(failover, 1, 1, TimeUnit.SECONDS);
    }

    /** Tells {@code listener} about every SUBNET UP and failed heavy sweep; add listeners before {@link #start}. */
    public void addListener(SweepListener listener) {
        listeners.add(listener);
    }

    /**
     * Changes the multicast groups on the SM thread, then asks for a multicast update ({@link SmEvent#MCAST}), which
     * reprograms the MFT blocks of the groups that changed, coalesced with the other changes of the moment - not a
     * heavy sweep. For the SA's joins and leaves.
     *
     * @param change what to do to the groups; runs on the SM thread
     * @param reason why, for the log
     */
    void changeMulticast(Consumer<McastGroups> change, String reason) {
        sm.execute(() -> change.accept(mcastGroups));
        events.request(SmEvent.MCAST, reason);
    }

    /**
     * Runs {@code beat} on the event loop after every event, and wakes the loop at least every {@code interval} so
     * it does: a loop stuck in one sweep stops beating (systemd's watchdog). Call before {@link #start}.
     */
    void heartbeat(Duration interval, Runnable beat) {
        loop.setHeartbeat(beat);
        long ms = Math.max(1, interval.toMillis());
        timer.scheduleWithFixedDelay(() -> events.request(SmEvent.WATCHDOG, "watchdog timer"), ms, ms,
                TimeUnit.MILLISECONDS);
    }

    /** The subnet administrator (tests). */
    SaService sa() {
        return sa;
    }

        /** The performance manager (console, metrics). */
    PerfManager perfManager() {
        return perfMgr;
    }

    /** This SM among the other SMs: its state, priority and master, the SMs it knows (console, metrics). */
    HighAvailability ha() {
        return ha;
    }

    /**
     * Starts the event loop and the polling of other SMs, and queues the first heavy sweep - unless the SM starts
     * NOTACTIVE ({@code sm_inactive}), when it waits for another SM's SMInfo Set(STANDBY).
     */
    public void start() {
        if (status.state() != SmState.NOT_ACTIVE) {
            events.request(SmEvent.HEAVY_SWEEP, "start-up");
        }
        sa.start();
        ha.start();
        perfMgr.start();
        loopThread.start();
    }

    /**
     * Makes the SA warm its query path up at the first SUBNET UP ({@link SaService#warmUpAtFirstFabric}): the
     * daemon's own process asks for it before {@link #start}, tests that start many SMs in one JVM do not.
     */
    public void warmUpSaAtFirstFabric() {
        sa.warmUpAtFirstFabric();
    }

    /** The names of the stages of each of its sweeps' lists ({@link Sweeps#stageNames}). */
    Map<String, List<String>> stageNames() {
        return sweeps.stageNames();
    }

    /** The management port's way into this daemon: what it reads and the commands it may give. Any thread. */
    public ManagedSm management() {
        return management;
    }

    /**
     * What the performance manager sweeps: as master, the fabric of the last SUBNET UP; otherwise the fabric the
     * discovery it asks for before each sweep found (the sweep loop's {@link SmEvent#PERFMGR_DISCOVERY}), or, before
     * one ended, the last SUBNET UP's (a former master's).
     */
    private PerfMgrFabric perfMgrFabric() {
        return new PerfMgrFabric() {
            @Override
            public SubnetSnapshot current() {
                SubnetSnapshot discovered = sweeps.standbyFabric().fabric();
                return status.isMaster() || discovered == null ? view.snapshot() : discovered;
            }

            @Override
            public boolean rediscoverFirst() {
                return !status.isMaster();
            }

            @Override
            public void rediscover() {
                events.request(SmEvent.PERFMGR_DISCOVERY, "PerfMgr sweep");
            }
        };
    }

    /** What the last SUBNET UP configured ({@link FabricView#empty} before the first). Any thread. */
    FabricView view() {
        return view;
    }

    /** The options in effect (a heavy sweep may have reloaded some from the config file). */
    SmOptions options() {
        return services.options();
    }

    /** The SM's state now. */
    SmState state() {
        return status.state();
    }

    /**
     * The route verifier's verdict on the last routing computed (it runs just after the sweep), or {@code null}
     * before the first. Any thread.
     */
    RouteCheck routeCheck() {
        return routes.check();
    }

    /**
     * What the first routing after the start made of the persisted routing ({@link RoutingPersistence#decision()}),
     * or {@code null} if there was none. Any thread.
     */
    String persistedRoutingDecision() {
        return persistence.decision();
    }

    /** Waits until the dump files of every SUBNET UP so far are written (tests); whether within {@code timeout}. */
    boolean awaitDumps(Duration timeout) throws InterruptedException {
        return sweeps.dumps().awaitIdle(timeout);
    }

    /** The MAD counters. */
    TransactionStats madStats() {
        return transactions.stats();
    }

    /** The SM's transactions (tests that add a component beside the daemon's own). */
    MadTransactions transactions() {
        return transactions;
    }

    /** The event queue (to request sweeps). */
    SmEvents events() {
        return events;
    }

    /**
     * Waits until the event loop ended (after a SHUTDOWN event).
     *
     * @return whether it ended within {@code timeout}
     */
    boolean awaitStop(Duration timeout) throws InterruptedException {
        loopThread.join(timeout.toMillis());
        return !loopThread.isAlive();
    }

    /**
     * Stops: asks the loop to finish the stage it is in, waits for it (cancelling outstanding MADs if it takes
     * longer than one MAD's worst case), hands the mastership over to the highest standby known, if this SM is
     * master, then stops the timers and the SM thread, and closes the activity report after its last lines (the
     * partitions in force, deleted at SM shutdown). Idempotent.
     */
    @Override
    public void close() {
        events.request(SmEvent.SHUTDOWN, "close");
        try {
            if (loopThread.isAlive() && !awaitStop(stopWait)) {
                transactions.close();
                loopThread.join();
            }
            if (status.isMaster()) {
                sa.dumpAtExit();
                withdrawIsSm.run();
                ha.handOverBeforeExit(stopWait);
            }
            if (!afterSweep.finish(AFTER_SWEEP_WAIT)) {
                LOG.warn("SM-0631 the route check did not end within {} s; not waited for",
                        AFTER_SWEEP_WAIT.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        timer.shutdownNow();
        livePlan.close();
        sweeps.dumps().close();
        balancing.close();
        perfMgr.close();
        sa.close();
        transactions.close();
        try {
            sm.execute(() -> pkeys.reportShutdown(services.activity()));
        } catch (RejectedExecutionException e) {
            LOG.debug("closed before: no partitions to report");
        }
        sm.close();
        services.activity().close();
        plugins.close();
    }

    /** The directory whose jars are searched for event plug-ins: the system property, else the default. */
    private static Path pluginDirectory() {
        String dir = System.getProperty(EventPlugins.DIRECTORY_PROPERTY);
        return dir == null || dir.isBlank() ? EventPlugins.DEFAULT_DIRECTORY : Path.of(dir);
    }

    /** The names of the event plug-ins loaded (the console's status). */
    List<String> eventPlugins() {
        return plugins.loaded();
    }

    /**
     * Records the switch whose port 0 has {@code lid} as changed (a trap 128 came from it), for an incremental sweep;
     * false if no switch had that LID at the last SUBNET UP (a heavy sweep must find out). Looks in the published
     * view, not the model, which a sweep may be changing when the trap comes. On the SM thread.
     */
    private boolean switchChanged(FabricChanges changes, int lid) {
        SubnetSnapshot s = view.snapshot();
        EndPortView ep = s.endPortByLid(lid);
        if (ep == null || ep.kind() != NodeKind.SWITCH) {
            return false;
        }
        changes.switchChanged(s.nodes().get(ep.nodeIndex()).nodeGuid());
        return true;
    }

    /** The timer's check (every second) whether a port's unhealthy mark ran out; on the SM thread if one is marked. */
    private void expirePortHealth() {
        if (portHealth.unhealthyPorts() > 0) {
            try {
                sm.execute(portHealth::expire);
            } catch (RejectedExecutionException e) {
                LOG.debug("port health not checked: the SM thread is stopped");
            }
        }
    }

    /**
     * {@code max_wire_smps} and friends as the transactions layer wants them; a {@code long_transaction_timeout}
     * shorter than {@code transaction_timeout} is raised to it, as OpenSM's check of its options does.
     */
    static TransactionSettings transactionSettings(SmOptions o) {
        Duration timeout = Duration.ofMillis(o.transactionTimeoutMs());
        Duration longTimeout = Duration.ofMillis(o.get(TimingOptions.LONG_TRANSACTION_TIMEOUT));
        return new TransactionSettings(o.getInt(TimingOptions.MAX_WIRE_SMPS), o.getInt(TimingOptions.MAX_WIRE_SMPS2),
                Duration.ofNanos(Math.max(1, o.get(TimingOptions.MAX_SMPS_TIMEOUT)) * 1000L),
                timeout, o.transactionRetries(), longTimeout.compareTo(timeout) < 0 ? timeout : longTimeout);
    }

    /** Logs that {@code long_transaction_timeout} is raised to {@code transaction_timeout} if it is shorter. */
    private static void checkLongTransactionTimeout(SmOptions o) {
        long longMs = o.get(TimingOptions.LONG_TRANSACTION_TIMEOUT);
        if (longMs < o.transactionTimeoutMs()) {
            LOG.warn("MAIN-0822 long_transaction_timeout {} ms is shorter than transaction_timeout {} ms; using {} ms",
                    longMs, o.transactionTimeoutMs(), o.transactionTimeoutMs());
        }
    }
}
