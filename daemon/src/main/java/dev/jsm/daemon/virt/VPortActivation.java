package dev.jsm.daemon.virt;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Brings the virtual ports to what the SM wants (docs/virtualization.md): a vport with a LID of its own that does not
 * hold it gets a VPortInfo Set of VPortLID, and a vport in Init whose physical port is Active is armed and then
 * activated (VPortState Armed, then Active, in two Sets, as the vport state machine allows no jump), the first Set
 * also carrying the LID. Runs after the physical ports' activation, as a vport goes Active only behind an Active
 * port. Each state the vports reach is reported ({@code vport_state_change}, activity 7).
 *
 * <p>Confined to the SM thread.
 */
public final class VPortActivation implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(VPortActivation.class);

    private final StageServices services;
    private int sets;
    private int activated;

    /** @param services the SMP sender and the activity report */
    public VPortActivation(StageServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "vport-activation";
    }

    @Override
    public StageOutcome run(SweepState state) {
        sets = 0;
        activated = 0;
        for (EndPort ep : state.subnet().endPorts()) {
            if (!ep.hasVPorts() || ep.virtualization() == null || !ep.virtualization().enabled()) {
                continue;
            }
            DrPath path = state.paths().toPort(ep.physPort());
            boolean portActive = ep.physPort().attributes().portState() == PortAttributes.STATE_ACTIVE;
            if (path == null) {
                continue;
            }
            for (VPort v : ep.vports()) {
                VPortAttributes a = v.attributes();
                boolean lidWrong = a.lidRequired() && v.hasLid() && a.lid() != v.lid();
                boolean arm = portActive && a.state() == VPortAttributes.STATE_INIT;
                boolean activate = portActive && a.state() == VPortAttributes.STATE_ARMED;
                if (lidWrong || arm || activate) {
                    int next = arm ? VPortInfo.STATE_ARMED : activate ? VPortInfo.STATE_ACTIVE
                            : VPortInfo.STATE_NO_CHANGE;
                    send(state, path, v, next, portActive);
                }
            }
        }
        return StageOutcome.CONTINUE;
    }

    /** A VPortInfo Set of {@code v} with VPortState {@code next}; an Armed answer is followed by Active. */
    private void send(SweepState state, DrPath path, VPort v, int next, boolean portActive) {
        sets++;
        VPortInfo payload = VPortInfos.set(v, next);
        services.smps().set(path, AttributeId.VPORT_INFO, VPortInfo.modifier(v.index()), payload::encodeTo,
                outcome -> {
                    byte[] mad = Replies.okMad(outcome);
                    if (mad == null) {
                        if (!Replies.isClosed(outcome)) {
                            state.recordError();
                            LOG.error("VIRT-1204 VPortInfo Set (state {}, LID 0x{}) of {} failed: {}",
                                    VPortAttributes.stateName(next), Integer.toHexString(payload.vportLid()), v,
                                    Replies.failure(outcome));
                        }
                        return;
                    }
                    int before = v.attributes().state();
                    v.setAttributes(VPortInfos.attributes(VPortInfo.decode(mad, Smp.DATA_OFFSET)));
                    int now = v.attributes().state();
                    if (now != before) {
                        services.activity().vportStateChange(v.endPort().portGuid(), v.guid(), v.index(),
                                v.vnode().nodeGuid(), now);
                    }
                    if (now == VPortAttributes.STATE_ARMED && portActive) {
                        send(state, path, v, VPortInfo.STATE_ACTIVE, true);
                    } else if (now == VPortAttributes.STATE_ACTIVE && before != now) {
                        activated++;
                    }
                });
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (sets > 0) {
            LOG.log(LogLevels.VERBOSE, "VPORTS CONFIGURED: {} VPortInfo Sets, {} vports now Active", sets, activated);
        }
        return StageOutcome.CONTINUE;
    }
}
