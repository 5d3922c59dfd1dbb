package dev.jsm.daemon.link;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The link manager's parameter pass (FACTS 1.5) with the step to ARMED folded in: every end port and every switch
 * port with a live cable whose PortInfo differs from its {@link PortConfig} gets one Set; a port still in INIT gets
 * the same Set with PortState ARMED, so a port coming up costs two Sets (this one and ACTIVE) where OpenSM sends
 * three. Ports already right and past INIT get nothing. On the first master sweep, CA ports that support it also get
 * ClientReregister (unless {@code no_clients_rereg}), which forces their Set.
 *
 * <p>Confined to the SM thread.
 */
public final class LinkManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LinkManager.class);

    private final PortWishes wishes;
    private final SmStatus sm;
    private int sets;

    /**
     * @param wishes what the partition and QoS managers want in the PortInfo Sets
     * @param sm the SM's status (its LID; whether the first master sweep is done)
     */
    public LinkManager(PortWishes wishes, SmStatus sm) {
        this.wishes = wishes;
        this.sm = sm;
    }

    @Override
    public String name() {
        return "link-manager";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        sets = 0;
        boolean rereg = !sm.firstMasterSweepDone() && !ctx.options().getBool("no_clients_rereg");
        for (Node node : ctx.subnet().nodes()) {
            for (PhysPort port : node.ports()) {
                configure(ctx, node, port, rereg);
            }
        }
        return StageOutcome.CONTINUE;
    }

    private void configure(SweepContext ctx, Node node, PhysPort port, boolean rereg) {
        PortAttributes a = port.attributes();
        if (a == PortAttributes.NONE) {
            return;
        }
        boolean linked = port.portNum() != 0 && port.remote() != null && a.isUp();
        if (port.portNum() != 0 && !linked || port.endPort() != null && !port.endPort().hasLids()) {
            return;
        }
        PortConfig want = PortConfig.of(port, ctx.options(), sm.smLid(), wishes);
        int state = linked && a.portState() == PortAttributes.STATE_INIT ? PortInfo.STATE_ARMED
                : PortInfo.STATE_NO_CHANGE;
        boolean reregHere = rereg && !node.isSwitch()
                && a.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED);
        if (state == PortInfo.STATE_NO_CHANGE && !reregHere && want.matches(a)) {
            return;
        }
        if (PortInfoSetter.send(ctx, port, want, state, reregHere)) {
            sets++;
        }
    }

    @Override
    public StageOutcome finish(SweepContext ctx) {
        LOG.log(LogLevels.VERBOSE, "link manager: {} PortInfo Sets (parameters, INIT -> ARMED)", sets);
        return StageOutcome.CONTINUE;
    }
}
