package dev.jsm.daemon;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.MKeyRules;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.ReloadResult;
import dev.jsm.conf.SweepOptions;
import dev.jsm.daemon.discovery.FabricChanges;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.loop.SmThread;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.AfterSweep;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StagePipeline;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The SM's event loop ({@code jsm-sweep}): takes one event at a time from {@link SmEvents} and acts on it - a heavy
 * or light sweep through the {@link StagePipeline}, a log reopen, or shutdown. Signal handlers, timers and trap
 * handlers only enqueue; all work happens here and on the SM thread. Before each heavy sweep the config file is
 * re-read and its reloadable changes applied: the stages read the new options from the {@link StageServices}, the
 * parts that keep values of their own get them through {@link OptionChanges}, the sweep timer is set again. What a
 * sweep does depends on the SM's state: a standby's heavy sweep only reads the fabric (the election ends it, then
 * the standby list reads the LFTs), its timer sweep refreshes what it read, a standby taking over with a current
 * model reaches SUBNET UP through the trusted-takeover list before its full heavy sweep, a NOTACTIVE SM runs no timer
 * sweep and no heavy sweep. A heavy sweep ending in errors is retried at once a few times, then with a growing
 * delay, so a broken fabric does not spin the CPU.
 *
 * <p>Confined to its own thread.
 *
 * <p>In detail: docs/design/daemon.md#sweeploop.
 */
final class SweepLoop implements Runnable {

    private static final Logger LOG = LogManager.getLogger(SweepLoop.class);
    private static final int IMMEDIATE_RETRIES = 3;
    private static final long MAX_RETRY_DELAY_MS = 10_000;
    /** Shortest time between two multicast updates: joins arriving meanwhile are programmed together. */
    static final long MCAST_INTERVAL_MS = 100;

    private final SmThread sm;
    private final StagePipeline pipeline;
    private final SweepState state;
    private final StageServices services;
    private final AfterSweep afterSweep;
    private final SweepListener listeners;
    private DaemonSettings settings;
    private final OptionChanges optionChanges;
    private final SmStatus status;
    private final SmEvents events;
    private final ScheduledExecutorService timer;
    private final List<SweepStage> heavy;
    private final List<SweepStage> incremental;
    private final List<SweepStage> reconfigure;
    private final List<SweepStage> light;
    private final FabricChanges changes;
    private final List<SweepStage> mcast;
    private final List<SweepStage> balance;
    private final List<SweepStage> standby;
    private final List<SweepStage> standbyRefresh;
    private final List<SweepStage> perfMgrDiscovery;
    private Runnable perfMgrDiscovered = () -> { };
    private final List<SweepStage> trustedTakeover;
    private final BooleanSupplier standbyModelCurrent;
    private volatile Runnable heartbeat = () -> { };
    /** The console's {@code sweep on|off}: while off, sweep requests are dropped (a HUP still re-reads the file). */
    private volatile boolean sweeping = true;
    private ScheduledFuture<?> sweepTimer;
    private int sweepIntervalSeconds = -1;
    private int failedInARow;
    /** Incremental sweeps in a row that ended with errors while further changes were already recorded. */
    private int incrementalRetries;
    private boolean lastHeavyOk;
    private long lastMcastNanos;
    private boolean mcastDeferred;

    SweepLoop(DaemonSettings settings, SmThread sm, StagePipeline pipeline, SweepState state, StageServices services,
              AfterSweep afterSweep, SweepListener listeners, Sweeps sweeps, FabricChanges changes, SmStatus status,
              OptionChanges optionChanges, SmEvents events, ScheduledExecutorService timer) {
        this.settings = settings;
        this.sm = sm;
        this.pipeline = pipeline;
        this.state = state;
        this.services = services;
        this.afterSweep = afterSweep;
        this.listeners = listeners;
        this.heavy = sweeps.heavy();
        this.incremental = sweeps.incremental();
        this.reconfigure = sweeps.reconfigure();
        this.light = sweeps.light();
        this.changes = changes;
        this.optionChanges = optionChanges;
        this.status = status;
        this.mcast = sweeps.mcast();
        this.balance = sweeps.balance();
        this.standby = sweeps.standby();
        this.standbyRefresh = sweeps.standbyRefresh();
        this.perfMgrDiscovery = sweeps.perfMgrDiscovery();
        this.trustedTakeover = sweeps.trustedTakeover();
        this.standbyModelCurrent = sweeps::standbyModelCurrent;
        this.events = events;
        this.timer = timer;
    }

    @Override
    public void run() {
        scheduleLightSweeps();
        try {
            while (true) {
                SmEvents.Taken t = events.take();
                if (!sweeping && isSweep(t.event())) {
                    LOG.log(LogLevels.VERBOSE, "sweeping disabled - ignoring {} ({})", t.event(), t.reasonText());
                    if (t.event() == SmEvent.RECONFIGURE) {
                        reloadConfig();
                    }
                    heartbeat.run();
                    continue;
                }
                switch (t.event()) {
                    case SHUTDOWN -> {
                        return;
                    }
                    case REOPEN_LOG -> {
                        if (LogSetup.reopen()) {
                            LOG.info("log file reopened ({})", t.reasonText());
                        }
                    }
                    case HEAVY_SWEEP -> heavySweep(t.reasonText());
                    case RECONFIGURE -> {
                        reloadConfig();
                        lighterSweep(SweepKind.RECONFIGURE, reconfigure, t.reasonText());
                    }
                    case INCREMENTAL_SWEEP -> {
                        if (!changes.isEmpty()) {
                            lighterSweep(SweepKind.INCREMENTAL, incremental, t.reasonText());
                        }
                    }
                    case MCAST -> multicastUpdate(t.reasonText());
                    case LIGHT_SWEEP -> timerSweep();
                    case OFFSWEEP_BALANCING -> offSweepBalancing(t.reasonText());
                    case PERFMGR_DISCOVERY -> perfMgrDiscovery(t.reasonText());

                    case WATCHDOG -> { }
                }
                heartbeat.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            LOG.fatal("SM-0605 the sweep loop failed: {}", e.toString(), e);
            throw e;
        }
    }

    /**
     * Turns sweeping on or off (OpenSM's console {@code sweep on|off}): off, every sweep request - the timer's,
     * a trap's, a HUP's, the console's - is dropped, and off-sweep balancing with them; multicast updates still run.
     */
    void setSweeping(boolean on) {
        sweeping = on;
    }

    /** Whether sweeping is on. */
    boolean sweeping() {
        return sweeping;
    }

    /**
     * The events {@code sweep off} drops: the sweeps, and off-sweep balancing, which would reprogram LFTs of a fabric
     * the operator froze (its next window comes with the next routing after {@code sweep on}).
     */
    private static boolean isSweep(SmEvent e) {
        return e == SmEvent.HEAVY_SWEEP || e == SmEvent.RECONFIGURE || e == SmEvent.INCREMENTAL_SWEEP
                || e == SmEvent.LIGHT_SWEEP || e == SmEvent.OFFSWEEP_BALANCING;
    }

    /** Runs {@code beat} on this loop after every event it handled (the systemd watchdog's keep-alive). */
    void setHeartbeat(Runnable beat) {
        heartbeat = beat;
    }

    /**
     * The sweep timer's sweep: a light sweep by a master that has configured the fabric (a heavy one with
     * {@code force_heavy_sweep}); a heavy sweep by a master that has not yet, or an SM still DISCOVERING; nothing by
     * an SM that is NOTACTIVE; a standby polls the master (as OpenSM's) and refreshes the LFTs it read.
     */
    private void timerSweep() throws InterruptedException {
        switch (status.state()) {
            case MASTER -> {
                if (services.options().get(SweepOptions.FORCE_HEAVY_SWEEP)) {
                    heavySweep("sweep timer, force_heavy_sweep");
                } else if (lastHeavyOk) {
                    lightSweep();
                } else {
                    heavySweep("no successful heavy sweep yet");
                }
            }
            case DISCOVERING -> heavySweep("still discovering");
            case STANDBY -> standbyRefresh();
            case NOT_ACTIVE -> { }
        }
    }

    /**
     * A sweep that probes only what changed ({@code stages}: the incremental sweep, or the reconfiguration) - on a
     * master whose last heavy sweep succeeded; anything else, or a change only a full discovery can tell, gets a heavy
     * sweep, and so does every sweep with {@code force_heavy_sweep}. It ends in SUBNET UP; a failure asks for a heavy
     * sweep - unless an incremental sweep failed on its Sets and further changes are recorded, or a light sweep run
     * at once finds some (up to {@link #IMMEDIATE_RETRIES} times in a row): then another incremental sweep - and an
     * incremental sweep that succeeded asks for a light sweep (traps lost on the way to this SM show up as
     * PortStateChange).
     */
    private void lighterSweep(SweepKind kind, List<SweepStage> stages, String reason) throws InterruptedException {
        if (!lastHeavyOk || status.state() != SmState.MASTER || changes.isFullSweepNeeded()
                || services.options().get(SweepOptions.FORCE_HEAVY_SWEEP)) {
            heavySweep(reason);
            return;
        }
        LOG.log(LogLevels.VERBOSE, "{} SWEEP: {}", kind, reason);
        LOG.info("{} sweep ({})", kind.label(), reason);
        sm.call(() -> {
            state.begin();
            return null;
        });
        listeners.sweepStarted(kind);
        long start = System.nanoTime();
        StageOutcome outcome = pipeline.run(stages, state);
        boolean ok = outcome == StageOutcome.CONTINUE;
        tellEnded(kind, ok, start);
        if (!ok && !events.shutdownRequested()) {
            if (kind == SweepKind.INCREMENTAL && outcome == StageOutcome.RESWEEP
                    && incrementalRetries < IMMEDIATE_RETRIES && moreChangesFound()) {
                // several cables failed at once: Sets routed over one not yet found were lost; the traps or a light
                // sweep name it, and the next incremental sweep removes it and sends again what failed, where a
                // heavy sweep would rediscover the whole fabric
                incrementalRetries++;
                LOG.info("incremental sweep ended with errors and more changes were found: another incremental "
                        + "sweep");
                events.request(SmEvent.INCREMENTAL_SWEEP, "more changes after a failed incremental sweep");
                return;
            }
            incrementalRetries = 0;
            lastHeavyOk = false;
            events.request(SmEvent.HEAVY_SWEEP, kind.label() + " sweep ended " + outcome);
            return;
        }
        incrementalRetries = 0;
        if (ok && kind == SweepKind.INCREMENTAL) {
            // a switch whose route to this SM crossed the change could not send its trap (the switch routes it by
            // the LFTs of before): a light sweep at once finds its PortStateChange instead of sweep_interval later
            events.request(SmEvent.LIGHT_SWEEP, "after an incremental sweep");
        }
    }

    private void heavySweep(String reason) throws InterruptedException {
        reloadConfig();
        changes.drain();
        if (status.state() == SmState.NOT_ACTIVE) {
            LOG.log(LogLevels.VERBOSE, "no heavy sweep ({}): this SM is NOTACTIVE", reason);
            return;
        }
        LOG.log(LogLevels.VERBOSE, "HEAVY SWEEP: {}", reason);
        LOG.info("heavy sweep ({})", reason);
        sm.call(() -> {
            state.begin();
            return null;
        });
        listeners.sweepStarted(SweepKind.HEAVY);
        long start = System.nanoTime();
        if (trustedTakeover(start)) {
            return;
        }
        StageOutcome outcome = pipeline.run(heavy, state);
        lastHeavyOk = outcome == StageOutcome.CONTINUE;
        if (outcome == StageOutcome.NOT_MASTER && status.state() == SmState.STANDBY && !events.shutdownRequested()) {
            // a warm standby: the tables the master programmed, read for a takeover to keep
            pipeline.run(standby, state);
        }
        tellEnded(SweepKind.HEAVY, lastHeavyOk || outcome == StageOutcome.NOT_MASTER, start);
        if (lastHeavyOk || outcome == StageOutcome.NOT_MASTER) {
            failedInARow = 0;
            return;
        }
        if (events.shutdownRequested()) {
            return;
        }
        failedInARow++;
        if (outcome == StageOutcome.RESWEEP && failedInARow <= IMMEDIATE_RETRIES) {
            events.request(SmEvent.HEAVY_SWEEP, "errors in the previous sweep");
        } else {
            long delay = Math.min(MAX_RETRY_DELAY_MS, 500L << Math.min(failedInARow, 5));
            timer.schedule(() -> events.request(SmEvent.HEAVY_SWEEP, "retry after a failed sweep"), delay,
                    TimeUnit.MILLISECONDS);
        }
    }

    /**
     * A takeover by a warm standby whose model is current (docs/operations.md, "A warm standby"): the
     * {@code trusted-takeover} list reaches SUBNET UP without a discovery, then the full heavy sweep is asked for at
     * once, which configures every table as any first master sweep does and changes nothing on an unchanged fabric.
     * The takeover of an SM that polled a master now silent, or was handed the mastership, only.
     *
     * @return whether it reached SUBNET UP; if not, the caller runs the full heavy sweep (now)
     */
    private boolean trustedTakeover(long start) throws InterruptedException {
        SmState s = status.state();
        boolean takingOver = s == SmState.DISCOVERING && status.masterGuid() != 0
                || s == SmState.MASTER && status.takeover();
        if (!takingOver || !standbyModelCurrent.getAsBoolean()) {
            return false;
        }
        LOG.log(LogLevels.VERBOSE, "HEAVY SWEEP: taking over with the model kept as standby");
        StageOutcome outcome = pipeline.run(trustedTakeover, state);
        if (outcome != StageOutcome.CONTINUE) {
            if (events.shutdownRequested()) {
                return true;
            }
            sm.call(() -> {
                state.begin();
                return null;
            });
            return false;
        }
        lastHeavyOk = true;
        failedInARow = 0;
        tellEnded(SweepKind.HEAVY, true, start);
        events.request(SmEvent.HEAVY_SWEEP, "after a takeover with the model kept as standby: the full sweep");
        return true;
    }

    /**
     * Reprograms the MFTs of the groups joined or left since the last update or heavy sweep, unless this SM is not
     * a master with a configured fabric (then the next heavy sweep does it) or the last update was less than
     * {@link #MCAST_INTERVAL_MS} ago (then it runs when that time is up, with whatever changed meanwhile).
     */
    private void multicastUpdate(String reason) throws InterruptedException {
        if (status.state() != SmState.MASTER || !lastHeavyOk) {
            LOG.log(LogLevels.VERBOSE, "multicast update ({}) left to the next heavy sweep: {}", reason,
                    status.state() != SmState.MASTER ? "not master" : "no configured fabric yet");
            return;
        }
        long wait = lastMcastNanos + TimeUnit.MILLISECONDS.toNanos(MCAST_INTERVAL_MS) - System.nanoTime();
        if (wait > 0) {
            if (!mcastDeferred) {
                mcastDeferred = true;
                timer.schedule(() -> events.request(SmEvent.MCAST, "multicast changes, coalesced"), wait,
                        TimeUnit.NANOSECONDS);
            }
            return;
        }
        mcastDeferred = false;
        lastMcastNanos = System.nanoTime();
        LOG.log(LogLevels.VERBOSE, "MULTICAST UPDATE: {}", reason);
        sm.call(() -> {
            state.begin();
            return null;
        });
        StageOutcome outcome = pipeline.run(mcast, state);
        int errors = sm.call(state::errors);
        if ((outcome != StageOutcome.CONTINUE || errors > 0) && !events.shutdownRequested()) {
            events.request(SmEvent.HEAVY_SWEEP, "multicast update failed (" + errors + " errors)");
        }
    }

    /**
     * Off-sweep balancing's turn on the loop, on a master whose last heavy sweep succeeded: its first stage starts
     * the background computation or installs its result, the LFT stage then sends the blocks that differ. Sets that
     * failed ask for a heavy sweep.
     */
    private void offSweepBalancing(String reason) throws InterruptedException {
        if (status.state() != SmState.MASTER || !lastHeavyOk) {
            return;
        }
        LOG.log(LogLevels.VERBOSE, "OFF-SWEEP BALANCING: {}", reason);
        sm.call(() -> {
            state.begin();
            return null;
        });
        StageOutcome outcome = pipeline.run(balance, state);
        int errors = sm.call(state::errors);
        if (outcome == StageOutcome.CONTINUE && errors > 0 && !events.shutdownRequested()) {
            lastHeavyOk = false;
            events.request(SmEvent.HEAVY_SWEEP, "off-sweep balancing's LFT Sets failed (" + errors + " errors)");
        }
    }

    /**
     * Whether changes not yet swept are recorded, after a light sweep now if none are: the traps of switches whose
     * route to this SM crossed a failed cable do not arrive.
     */
    private boolean moreChangesFound() throws InterruptedException {
        if (changes.isEmpty()) {
            lightSweep();
        }
        return !changes.isEmpty() && !changes.isFullSweepNeeded();
    }

    /** Runs {@code done} after every performance manager's discovery, whatever it found. Call before the loop runs. */
    void onPerfMgrDiscovered(Runnable done) {
        perfMgrDiscovered = done;
    }

    /**
     * The performance manager's discovery on an SM that is not master (Gets only: its SMP sender refuses Sets), as
     * OpenSM's standby and NOTACTIVE SMs run before each PerfMgr sweep; a master's manager sweeps its last SUBNET UP.
     */
    private void perfMgrDiscovery(String reason) throws InterruptedException {
        SmState s = status.state();
        if (s == SmState.STANDBY || s == SmState.NOT_ACTIVE) {
            LOG.log(LogLevels.VERBOSE, "PerfMgr discovery ({}), this SM {}", reason, s);
            sm.call(() -> {
                state.begin();
                return null;
            });
            pipeline.run(perfMgrDiscovery, state);
        }
        perfMgrDiscovered.run();
    }

    /**
     * A warm standby's refresh of the LFTs it read (Gets only), instead of a light sweep; a heavy sweep (discovery
     * and LFT read, Gets only) when it found the model out of date.
     */
    private void standbyRefresh() throws InterruptedException {
        sm.call(() -> {
            state.begin();
            return null;
        });
        pipeline.run(standbyRefresh, state);
        if (status.state() == SmState.STANDBY && !standbyModelCurrent.getAsBoolean() && !events.shutdownRequested()) {
            // the master changed the fabric (or a Get failed): the model is read again from a discovery, so that
            // a takeover can trust it again
            events.request(SmEvent.HEAVY_SWEEP, "the standby's refresh found its model out of date");
        }
    }

    private void lightSweep() throws InterruptedException {
        sm.call(() -> {
            state.begin();
            return null;
        });
        listeners.sweepStarted(SweepKind.LIGHT);
        long start = System.nanoTime();
        tellEnded(SweepKind.LIGHT, pipeline.run(light, state) == StageOutcome.CONTINUE, start);
    }

    private void tellEnded(SweepKind kind, boolean ok, long start) {
        long nanos = System.nanoTime() - start;
        listeners.sweepEnded(kind, ok, nanos);
        afterSweep.start();
    }

    /**
     * Re-reads the config file (OpenSM does at every heavy sweep) and applies the reloadable changes - none when the
     * file now asks for M_Key protection that would lock the SM out ({@link MKeyRules#lockout}), as at start.
     */
    private void reloadConfig() {
        if (settings.configFile().isEmpty()) {
            return;
        }
        Path file = settings.configFile().get();
        ConfFile conf;
        try {
            conf = OpenSmConfReader.read(file);
        } catch (IOException e) {
            LOG.warn("MAIN-0804 cannot re-read {}: {}; options unchanged", file, e.toString());
            return;
        }
        if (conf.hasErrors()) {
            conf.errors().forEach(p -> LOG.error("MAIN-0805 {}", p));
            LOG.warn("MAIN-0808 {} has errors; options unchanged", file);
            return;
        }
        LogSetup.loadPerModule(settings.options().get(DebugOptions.PER_MODULE_LOGGING_FILE));
        ReloadResult r = settings.options().reload(conf);
        if (r.unchanged()) {
            return;
        }
        Optional<String> lockout = MKeyRules.lockout(r.options());
        if (lockout.isPresent()) {
            LOG.error("MAIN-0822 {}: {}; options unchanged", file, lockout.get());
            return;
        }
        optionChanges.apply(r);
        settings = settings.withOptions(r.options());
        services.setOptions(settings.options());
        scheduleLightSweeps();
    }

    /** (Re)starts the {@code sweep_interval} timer if the interval changed; 0 means no periodic sweep. */
    private void scheduleLightSweeps() {
        int interval = services.options().sweepIntervalSeconds();
        if (interval == sweepIntervalSeconds) {
            return;
        }
        sweepIntervalSeconds = interval;
        if (sweepTimer != null) {
            sweepTimer.cancel(false);
            sweepTimer = null;
        }
        if (interval > 0) {
            sweepTimer = timer.scheduleWithFixedDelay(() -> events.request(SmEvent.LIGHT_SWEEP, "sweep timer"),
                    interval, interval, TimeUnit.SECONDS);
        }
    }
}
