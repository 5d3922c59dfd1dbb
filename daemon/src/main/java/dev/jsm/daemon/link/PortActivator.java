package dev.jsm.daemon.link;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The last link manager pass: every ARMED port whose peer is at least ARMED is set ACTIVE (IBA and ibsim refuse
 * ACTIVE while the neighbour is still in INIT). Ports already ACTIVE are left alone.
 *
 * <p>Confined to the SM thread.
 */
public final class PortActivator implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(PortActivator.class);

    private final StageServices services;
    private final PortWishes wishes;
    private final SmStatus sm;
    private final MKeyBook mKeys;
    private int sets;

    /**
     * @param services the SMP sender and the options
     * @param wishes what the partition and QoS managers want in the PortInfo Sets
     * @param sm the SM's status (its LID)
     * @param mKeys the M_Keys each port should hold and holds
     */
    public PortActivator(StageServices services, PortWishes wishes, SmStatus sm, MKeyBook mKeys) {
        this.services = services;
        this.wishes = wishes;
        this.sm = sm;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "activation";
    }

    @Override
    public StageOutcome run(SweepState state) {
        sets = 0;
        PortConfig.Params params = PortConfig.Params.of(services.options());
        for (Node node : state.subnet().nodes()) {
            for (PhysPort port : node.ports()) {
                PhysPort peer = port.portNum() == 0 ? null : port.remote();
                if (peer == null || port.attributes().portState() != PortAttributes.STATE_ARMED) {
                    continue;
                }
                if (peer.attributes().portState() < PortAttributes.STATE_ARMED) {
                    LOG.error("LINK-0403 port {} cannot go ACTIVE: its peer {} is not ARMED", port, peer);
                    state.recordError();
                    continue;
                }
                PortConfig config = PortConfig.of(port, params, sm.smLid(), wishes, mKeys);
                if (PortInfoSetter.send(state, services.smps(), mKeys, port, config, PortInfo.STATE_ACTIVE, false,
                        () -> { })) {
                    sets++;
                }
            }
        }
        return StageOutcome.CONTINUE;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        LOG.log(LogLevels.VERBOSE, "LINKS ARMED - SET LINKS TO ACTIVE STATE: {} PortInfo Sets", sets);
        return StageOutcome.CONTINUE;
    }
}
