package dev.jsm.daemon.virt;

import dev.jsm.daemon.discovery.FabricChanges;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.VirtualizationInfo;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The light sweep's look at the virtual ports (docs/virtualization.md): a VirtualizationInfo Get to every CA port with
 * virtualization on; a port whose VPortStateChange is set (a VM stopped or started) is recorded
 * ({@link FabricChanges#vportsChanged}) and, when run by the sweep timer, an incremental sweep is asked for, whose
 * vport discovery reads only those ports - no heavy sweep for a VM that stops or starts. Run as the check of a
 * reconfiguration it only records.
 *
 * <p>Confined to the SM thread.
 */
public final class VPortStateCheck implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(VPortStateCheck.class);

    private final StageServices services;
    private final FabricChanges changes;
    private final boolean requestsSweep;
    private final List<EndPort> flagged = new ArrayList<>();

    /**
     * @param services the SMP sender and the events
     * @param changes where the flagged ports are recorded
     * @param requestsSweep whether a flagged port asks for an incremental sweep (the timer's light sweep)
     */
    public VPortStateCheck(StageServices services, FabricChanges changes, boolean requestsSweep) {
        this.services = services;
        this.changes = changes;
        this.requestsSweep = requestsSweep;
    }

    @Override
    public String name() {
        return "vport-state-check";
    }

    @Override
    public StageOutcome run(SweepState state) {
        flagged.clear();
        for (EndPort ep : state.subnet().endPorts()) {
            DrPath path = ep.virtualization() != null && ep.virtualization().enabled()
                    ? state.paths().toPort(ep.physPort()) : null;
            if (path == null) {
                continue;
            }
            services.smps().get(path, AttributeId.VIRTUALIZATION_INFO, VirtualizationInfo.MODIFIER, outcome -> {
                byte[] mad = Replies.okMad(outcome);
                if (mad != null && VirtualizationInfo.VPORT_STATE_CHANGE.getInt(mad, Smp.DATA_OFFSET) != 0) {
                    flagged.add(ep);
                    changes.vportsChanged(ep.portGuid());
                }
            });
        }
        return StageOutcome.CONTINUE;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (flagged.isEmpty()) {
            return StageOutcome.CONTINUE;
        }
        String what = "VPortStateChange on " + Guid.toString(flagged.get(0).portGuid())
                + (flagged.size() > 1 ? " and " + (flagged.size() - 1) + " more ports" : "");
        if (requestsSweep) {
            LOG.info("light sweep: {}; incremental sweep requested", what);
            services.events().request(SmEvent.INCREMENTAL_SWEEP, "light sweep: " + what);
        } else {
            LOG.log(LogLevels.VERBOSE, "check: {}", what);
        }
        return StageOutcome.CONTINUE;
    }
}
