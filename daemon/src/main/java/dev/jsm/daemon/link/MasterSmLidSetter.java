package dev.jsm.daemon.link;

import dev.jsm.conf.DebugOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What a takeover that trusts the standby's model must still write before SUBNET UP (docs/operations.md, "A warm
 * standby"): every end port with a LID whose PortInfo names another SM in MasterSMLID gets one PortInfo Set with this
 * SM's LID there and every other field as the port reported it (PortState, link widths and speeds: no change), so
 * that its host sends its SA queries and traps to the new master; a CA port that supports it also gets
 * ClientReregister on the first master sweep (unless {@code no_clients_rereg}), as the link manager would, so that
 * its host registers its multicast groups, services and subscriptions again. Nothing else of a port is changed
 * here: the full heavy sweep after SUBNET UP runs the link manager.
 *
 * <p>Confined to the SM thread.
 */
public final class MasterSmLidSetter implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(MasterSmLidSetter.class);

    private final StageServices services;
    private final SmStatus sm;
    private final MKeyBook mKeys;
    private int sets;
    private int right;

    /**
     * @param services the SMP sender and the options ({@code no_clients_rereg})
     * @param sm the SM's status (its LID, set by the LID manager; whether the first master sweep is done)
     * @param mKeys the M_Keys the ports hold (the Sets' M_Key)
     */
    public MasterSmLidSetter(StageServices services, SmStatus sm, MKeyBook mKeys) {
        this.services = services;
        this.sm = sm;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "takeover-sm-lid";
    }

    @Override
    public StageOutcome run(SweepState state) {
        sets = 0;
        right = 0;
        int smLid = sm.smLid();
        boolean rereg = !sm.firstMasterSweepDone() && !services.options().get(DebugOptions.NO_CLIENTS_REREG);
        PortConfig config = onlyMasterSmLid(smLid);
        for (Node node : state.subnet().nodes()) {
            for (PhysPort port : node.ports()) {
                PortAttributes a = port.attributes();
                boolean linked = port.portNum() == 0 || port.remote() != null && a.isUp();
                if (a == PortAttributes.NONE || !linked || port.endPort() == null || !port.endPort().hasLids()) {
                    continue;
                }
                boolean reregHere = rereg && !node.isSwitch()
                        && a.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED);
                if (a.masterSmLid() == smLid && !reregHere) {
                    right++;
                    continue;
                }
                if (PortInfoSetter.send(state, services.smps(), mKeys, port, config, PortInfo.STATE_NO_CHANGE,
                        reregHere, () -> { })) {
                    sets++;
                }
            }
        }
        return StageOutcome.CONTINUE;
    }

    /** A config that writes MasterSMLID {@code smLid} and keeps every other field as the port reported it. */
    static PortConfig onlyMasterSmLid(int smLid) {
        int keep = PortConfig.KEEP;
        long keepLong = PortConfig.KEEP_LONG;
        return new PortConfig(keepLong, keepLong, keep, keep, smLid, keep, keep, keep, keep, keep, keep, keep, keep,
                keep, keep, 0, 0, 0, keep, keep);
    }

    @Override
    public StageOutcome finish(SweepState state) {
        LOG.log(LogLevels.VERBOSE, "taking over: {} PortInfo Sets (MasterSMLID {}, ClientReregister); {} ports "
                + "already right", sets, sm.smLid(), right);
        return StageOutcome.CONTINUE;
    }
}
