package dev.jsm.daemon.mgmt;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.daemon.perfmgr.PortHistory;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sa.agent.SaAgentStats;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What the management port ({@code /metrics}, {@code /status}, the console) reads of the SM, and the few things it
 * may ask of it: a sweep, a reroute, sweeping on or off, another priority, a performance manager command, a plan.
 * The package owns this interface and the composition root implements it over the daemon's parts, so that nothing
 * here reaches into the daemon's machinery: what is read is the published view, immutable values and thread-safe
 * counters, a command only queues an event or sets a flag, and a plan runs on a copy of the fabric on its own thread.
 *
 * <p>Every method may be called from any thread (netty's event loop, the local console's reader).
 */
public interface ManagedSm {

    /** What the last SUBNET UP configured (an empty fabric before the first). */
    FabricView view();

    /** The options in effect (a heavy sweep may have reloaded some). */
    SmOptions options();

    /** The node name map ({@code node_name_map_name}), for the names the reports print. */
    NodeNameMap nodeNames();

    /** This SM among the others now: its state, priority and master, the other SMs it knows. */
    SmSummary sm();

    /** The SM's own counters now. */
    SmCounters counters();

    /** The MAD counters of the SM's transactions. */
    TransactionStats madStats();

    /** The SA agent's counters and bounds (refusals, queue, answer bytes in flight, Reports). */
    SaAgentStats saStats();

    /** SA MADs received, by attribute name. */
    Map<String, Long> saRequests();

    /** The performance manager's last readings. */
    PerfSnapshot perfCounters();

    /** Every port's readings over the performance manager's last sweeps. */
    PortHistory perfHistory();

    /** The congestion control manager's counters. */
    CongestionCounters congestionControl();

    /** The counters of the virtualization and enhanced QoS managers. */
    VirtualizationCounters virtualization();

    /**
     * The route verifier's report on the routing in force (reachability, hops, link load, credit loops), or
     * {@code null} before the check after the sweep has run, or when no engine routed.
     */
    VerifierReport routeCheck();

    /** Whether sweeping is on (the console's {@code sweep on|off}). */
    boolean sweeping();

    /** Queues a heavy sweep. */
    void requestHeavySweep(String reason);

    /** Queues a light sweep. */
    void requestLightSweep(String reason);

    /** Queues a heavy sweep that computes the routes again even if nothing changed. */
    void reroute(String reason);

    /** Turns sweeping on or off; off, every sweep request is ignored. */
    void setSweeping(boolean on);

    /**
     * Changes this SM's priority until the next start or reload.
     *
     * @throws IllegalArgumentException if {@code priority} is outside 0..15
     */
    void setPriority(int priority);

    /** Runs the console's {@code perfmgr} command with {@code args}; returns the text to print. */
    String perfMgr(String args);

    /**
     * Plans a HUP to the configuration file {@code conf} as it is on disk now ({@code null}: the file the daemon was
     * started with) on a private copy of the fabric, on a worker thread; never on the SM thread, never a Set to the
     * real fabric. One plan at a time: while one runs, the answer is {@link PlanAnswer#busy()} at once.
     */
    CompletableFuture<PlanAnswer> plan(String conf);
}
