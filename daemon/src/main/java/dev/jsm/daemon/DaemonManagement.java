package dev.jsm.daemon;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.cc.CcStats;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mgmt.CongestionCounters;
import dev.jsm.daemon.mgmt.VirtualizationCounters;
import dev.jsm.daemon.mgmt.ManagedSm;
import dev.jsm.daemon.mgmt.PlanAnswer;
import dev.jsm.daemon.mgmt.SmCounters;
import dev.jsm.daemon.mgmt.SmSummary;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.perfmgr.PerfManager;
import dev.jsm.daemon.perfmgr.PerfMgrCommands;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.daemon.perfmgr.PortHistory;
import dev.jsm.daemon.route.RouteCheck;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sa.SaService;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.trap.PortHealthMonitor;
import dev.jsm.daemon.trap.TrapReceiver;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sa.agent.SaAgentStats;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The management port's way into one daemon ({@link ManagedSm}): reads from the daemon's thread-safe parts - the
 * published view, the options in force, the SM's status, the counters of the SMP sender, the trap handling, the SA,
 * the transactions and the congestion control manager - commands that only queue an event or set a flag, and the
 * plan, which runs on {@link LivePlan}'s own thread. Built by {@link Daemon} from its parts, so that the management
 * package needs nothing of the daemon's but this interface.
 *
 * <p>Thread-safe, as the parts it reads are.
 */
final class DaemonManagement implements ManagedSm {

    /** The daemon's parts the management port reads or steers. */
    record Parts(Supplier<FabricView> view, Supplier<SmOptions> options, NodeNameMap nodeNames, HighAvailability ha,
                 SmpSender smps, TrapReceiver traps, PortHealthMonitor portHealth, MadTransactions transactions,
                 SaService sa, PerfManager perfMgr, SmEvents events, RoutingState routes, SweepLoop loop,
                 Supplier<LocalPort> port, Supplier<CcStats> congestion,
                 Supplier<VirtualizationCounters> virtualization,
                 Function<String, CompletableFuture<PlanAnswer>> plan) {
    }

    private final Parts p;

    DaemonManagement(Parts parts) {
        this.p = parts;
    }

    @Override
    public FabricView view() {
        return p.view().get();
    }

    @Override
    public SmOptions options() {
        return p.options().get();
    }

    @Override
    public NodeNameMap nodeNames() {
        return p.nodeNames();
    }

    @Override
    public SmSummary sm() {
        SmStatus s = p.ha().status();
        return new SmSummary(s.state(), s.priority(), s.isMaster(), s.masterGuid(), p.ha().remoteSms(),
                p.ha().polls(), p.port().get(), p.options().get().get(DeviceOptions.SM_PORT_FAILOVER));
    }

    @Override
    public SmCounters counters() {
        return new SmCounters(p.smps().sentSets(), p.smps().refusedSets(), p.traps().suppressed(),
                p.portHealth().unhealthyPorts(), p.portHealth().disabledBabbling(), p.sa().ignoredNotMaster());
    }

    @Override
    public TransactionStats madStats() {
        return p.transactions().stats();
    }

    @Override
    public SaAgentStats saStats() {
        return p.sa().stats();
    }

    @Override
    public Map<String, Long> saRequests() {
        return p.sa().requestsByAttribute();
    }

    @Override
    public PerfSnapshot perfCounters() {
        return p.perfMgr().snapshot();
    }

    @Override
    public PortHistory perfHistory() {
        return p.perfMgr().history();
    }

    @Override
    public CongestionCounters congestionControl() {
        CcStats c = p.congestion().get();
        return new CongestionCounters(c.sets(), c.answered(), c.answeredOtherwise(), c.refused(), c.timeouts(),
                c.sendFailures(), c.garbage(), c.unavailablePorts());
    }

    @Override
    public VirtualizationCounters virtualization() {
        return p.virtualization().get();
    }

    @Override
    public VerifierReport routeCheck() {
        RouteCheck c = p.routes().check();
        return c == null ? null : c.report();
    }

    @Override
    public boolean sweeping() {
        return p.loop().sweeping();
    }

    @Override
    public void requestHeavySweep(String reason) {
        p.events().request(SmEvent.HEAVY_SWEEP, reason);
    }

    @Override
    public void requestLightSweep(String reason) {
        p.events().request(SmEvent.LIGHT_SWEEP, reason);
    }

    @Override
    public void reroute(String reason) {
        p.routes().requestReroute();
        p.events().request(SmEvent.HEAVY_SWEEP, reason);
    }

    @Override
    public void setSweeping(boolean on) {
        p.loop().setSweeping(on);
    }

    @Override
    public void setPriority(int priority) {
        p.ha().setPriority(priority);
    }

    @Override
    public String perfMgr(String args) {
        return PerfMgrCommands.run(p.perfMgr(), args);
    }

    @Override
    public CompletableFuture<PlanAnswer> plan(String conf) {
        return p.plan().apply(conf);
    }
}
