package dev.jsm.daemon.link;

import dev.jsm.conf.DebugOptions;
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
import java.util.HashMap;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The link manager's parameter pass (docs/reference/opensm-behaviour.md#port-bring-up) with
 * the step to ARMED folded in: every end port and every switch
 * port with a live cable whose PortInfo differs from its {@link PortConfig} gets one Set; a port still in INIT gets
 * the same Set with PortState ARMED, so a port coming up costs two Sets (this one and ACTIVE) where OpenSM sends
 * three. Ports already right and past INIT get nothing, nor do ports that answered the same Set before with values
 * of their own for some fields (a port that does not keep a field cannot be made to). A CA or router port past INIT
 * whose NeighborMTU or OperationalVLs must change gets the Set with PortState Down, so that its link trains again
 * and comes back through INIT (OpenSM's LID manager does this, IBA 7.2.7); OpenSM also does it to ports in INIT,
 * which jsm sets to ARMED with the new values instead (docs/reference/opensm-behaviour.md#port-bring-up). On the
 * first master sweep, CA ports that support it also get ClientReregister (unless {@code no_clients_rereg}), which
 * forces their Set.
 *
 * <p>Confined to the SM thread.
 */
public final class LinkManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LinkManager.class);

    private final StageServices services;
    private final PortWishes wishes;
    private final SmStatus sm;
    private final MKeyBook mKeys;
    private int sets;
    private int kept;
    private int right;
    private int bounces;
    /**
     * For each port, the config of the last Set it answered and what still differed in its answer: a port that
     * answers a Set with values of its own for some fields (ibsim keeps no LocalPhyErrors, M_KeyLeasePeriod or
     * HOQLife) is not sent the same Set again every sweep while it keeps answering so. Rebuilt every sweep, so a
     * port that left the model leaves the map.
     */
    private Map<PhysPort, Answer> answers = new HashMap<>();
    private Map<PhysPort, Answer> nextAnswers = new HashMap<>();

    /**
     * What a port still differed in after it answered a Set of {@code config}: the fields ({@link
     * PortConfig#differingFields}) and the port's values in them as it answered ({@link PortConfig#valuesOf}; not
     * its whole attributes, which the activation replaces and this map would keep: 13 MB at 11664 hosts).
     */
    private record Answer(PortConfig config, int differing, long[] answered) {

        /** The answer of a port that holds {@code a} after a Set of {@code config}. */
        static Answer of(PortConfig config, PortAttributes a) {
            int differing = config.differingFields(a);
            return new Answer(config, differing, PortConfig.valuesOf(differing, a));
        }

        /** Whether a port now holding {@code a} and wanting {@code want} still answers as it did. */
        boolean repeatedBy(PortConfig want, int differingNow, PortAttributes a) {
            return differingNow == differing && config.equals(want) && PortConfig.sameValues(differing, a, answered);
        }
    }

    /**
     * @param services the SMP sender and the options
     * @param wishes what the partition and QoS managers want in the PortInfo Sets
     * @param sm the SM's status (its LID; whether the first master sweep is done)
     * @param mKeys the M_Keys each port should hold and holds
     */
    public LinkManager(StageServices services, PortWishes wishes, SmStatus sm, MKeyBook mKeys) {
        this.services = services;
        this.wishes = wishes;
        this.sm = sm;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "link-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        sets = 0;
        kept = 0;
        right = 0;
        bounces = 0;
        nextAnswers = new HashMap<>();
        boolean rereg = !sm.firstMasterSweepDone() && !services.options().get(DebugOptions.NO_CLIENTS_REREG);
        PortConfig.Params params = PortConfig.Params.of(services.options());
        for (Node node : state.subnet().nodes()) {
            for (PhysPort port : node.ports()) {
                configure(state, params, node, port, rereg);
            }
        }
        answers = nextAnswers;
        return StageOutcome.CONTINUE;
    }

    private void configure(SweepState state, PortConfig.Params params, Node node, PhysPort port, boolean rereg) {
        PortAttributes a = port.attributes();
        if (a == PortAttributes.NONE) {
            return;
        }
        boolean linked = port.portNum() != 0 && port.remote() != null && a.isUp();
        if (port.portNum() != 0 && !linked || port.endPort() != null && !port.endPort().hasLids()) {
            return;
        }
        boolean reregHere = rereg && !node.isSwitch()
                && a.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED);
        PortConfig want = PortConfig.of(port, params, sm.smLid(), wishes, mKeys);
        boolean bounce = linked && !node.isSwitch() && a.portState() > PortAttributes.STATE_INIT
                && want.changesLink(a);
        int portState = bounce ? PortInfo.STATE_DOWN : linked && a.portState() == PortAttributes.STATE_INIT
                ? PortInfo.STATE_ARMED : PortInfo.STATE_NO_CHANGE;
        int differing = want.differingFields(a);
        if ((portState == PortInfo.STATE_NO_CHANGE || bounce) && !reregHere) {
            if (differing == 0) {
                right++;
                return;
            }
            Answer last = answers.get(port);
            if (last != null && last.repeatedBy(want, differing, a)) {
                nextAnswers.put(port, last);
                kept++;
                return;
            }
        }
        if (bounce) {
            bounces++;
            LOG.warn("LINK-0405 port {} of {} set Down for a new NeighborMTU or OperationalVLs ({} want/have): "
                    + "the link trains again", port.portNum(), node, want.differences(a));
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("PortInfo Set of port {} of {}: {}", port.portNum(), node, differing != 0
                    ? want.differences(a) + " (want/have)" : portState == PortInfo.STATE_ARMED ? "to ARMED"
                    : "ClientReregister");
        }
        if (PortInfoSetter.send(state, services.smps(), mKeys, port, want, portState, reregHere,
                () -> nextAnswers.put(port, Answer.of(want, port.attributes())))) {
            sets++;
        }
    }

    @Override
    public StageOutcome finish(SweepState state) {
        LOG.log(LogLevels.VERBOSE, "link manager: {} PortInfo Sets (parameters, INIT -> ARMED, {} to Down for a new "
                + "MTU or VL count); {} ports not sent again the Set they answered with values of their own; {} ports "
                + "already right", sets, bounces, kept, right);
        return StageOutcome.CONTINUE;
    }
}
