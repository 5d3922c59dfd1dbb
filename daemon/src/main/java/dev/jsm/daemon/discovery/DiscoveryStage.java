package dev.jsm.daemon.discovery;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Discovery by directed route, pipelined through the transactions window: starts with NodeInfo of the local port
 * (hop 0) and lets the {@link DiscoveryRun} receivers chain the rest. When everything is answered or timed out it
 * checks that the SM's own port was found and is up; otherwise the sweep stops (OpenSM: "SM port is down"). With
 * duplicate GUIDs found and {@code exit_on_fatal} TRUE the sweep stops and the SM ends ({@link DuplicateGuidCheck}).
 *
 * <p>Confined to the SM thread.
 */
public final class DiscoveryStage implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(DiscoveryStage.class);

    private final StageServices services;
    private final OtherSms otherSms;
    private final MKeyBook mKeys;
    private DiscoveryRun run;

    /**
     * @param services the SMP sender, the options ({@code exit_on_fatal}), the events and the node names
     * @param otherSms told of the other SMs discovery meets
     * @param mKeys told which port answers at the end of each route, and the M_Keys PortInfo answers show
     */
    public DiscoveryStage(StageServices services, OtherSms otherSms, MKeyBook mKeys) {
        this.services = services;
        this.otherSms = otherSms;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "discovery";
    }

    @Override
    public StageOutcome run(SweepState state) {
        otherSms.discoveryStarted();
        run = new DiscoveryRun(state, services, otherSms, mKeys);
        run.requestNodeInfo(null, DrPath.local());
        return StageOutcome.CONTINUE;
    }

    /**
     * Ends the pass; when the sweep ends here ({@link StageOutcome#ABORT}) the pass is let go of at once, as the drop
     * manager does otherwise ({@link #takeLastRun}).
     */
    @Override
    public StageOutcome finish(SweepState state) {
        StageOutcome outcome = check(state);
        if (outcome != StageOutcome.CONTINUE) {
            run = null;
        }
        return outcome;
    }

    private StageOutcome check(SweepState state) {
        if (run.localNode == null || run.duplicates.endsTheSm()) {
            return StageOutcome.ABORT;
        }
        EndPort smPort = state.smPort();
        if (smPort == null) {
            LOG.error("DISC-0110 the SM port {} is not among the ports discovered", Guid.toString(state.smPortGuid()));
            return StageOutcome.ABORT;
        }
        if (!smPort.node().isSwitch() && !smPort.physPort().attributes().isUp()) {
            LOG.log(LogLevels.SYS, "SM port is down");
            return StageOutcome.ABORT;
        }
        int seen = 0;
        int switches = 0;
        for (var n : state.subnet().nodes()) {
            if (run.seen(n)) {
                seen++;
                switches += n.isSwitch() ? 1 : 0;
            }
        }
        LOG.log(LogLevels.VERBOSE, "discovery found {} nodes ({} switches), {} cables; {} NodeInfo requests, {} "
                + "requests without answer", seen, switches, run.confirmed.size(), run.nodeInfoRequests,
                run.unanswered);
        if (smPort.physPort().attributes().portState() == PortAttributes.STATE_DOWN) {
            return StageOutcome.ABORT;
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * The pass of the current sweep, for the drop manager to read the confirmed cables, let go of by this stage:
     * the pass holds every cable it confirmed and through them the nodes of the fabric as it was, so kept until the
     * next heavy sweep (reconfigurations and incremental sweeps run none) it would keep every node dropped since
     * from being collected.
     */
    DiscoveryRun takeLastRun() {
        DiscoveryRun r = run;
        run = null;
        return r;
    }
}
