package dev.jsm.daemon.link;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The link manager's parameter pass (FACTS 1.5) with the step to ARMED folded in: every end port and every switch
 * port with a live cable whose PortInfo differs from its {@link PortConfig} gets one Set; a port still in INIT gets
 * the same Set with PortState ARMED, so a port coming up costs two Sets (this one and ACTIVE) where OpenSM sends
 * three. Ports already right and past INIT get nothing, nor do ports that answered the same Set before with values
 * of their own for some fields (a port that does not keep a field cannot be made to). On the first master sweep, CA ports that support it also get
 * ClientReregister (unless {@code no_clients_rereg}), which forces their Set.
 *
 * <p>Confined to the SM thread.
 */
public final class LinkManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LinkManager.class);

    private final PortWishes wishes;
    private final SmStatus sm;
    private int sets;
    private int kept;
    /**
     * For each port, the config of the last Set it answered and what still differed in its answer: a port that
     * answers a Set with values of its own for some fields (ibsim keeps no LocalPhyErrors, M_KeyLeasePeriod or
     * HOQLife) is not sent the same Set again every sweep while it keeps answering so. Rebuilt every sweep, so a
     * port that left the model leaves the map.
     */
    private Map<PhysPort, Answer> answers = new HashMap<>();
    private Map<PhysPort, Answer> nextAnswers = new HashMap<>();
    /**
     * For each port that needed no Set, what that was decided from: while every input is the same object (an
     * incremental sweep re-reads only the ports it probes), the decision stands and the config is not computed again.
     */
    private Map<PhysPort, Inputs> settled = new HashMap<>();
    private Map<PhysPort, Inputs> nextSettled = new HashMap<>();
    private int unchanged;

    /** What a port still differed in after it answered a Set of {@code config}. */
    private record Answer(PortConfig config, String differences) {
    }

    /** What a port's config is computed from ({@link PortConfig#of}). */
    private record Inputs(PortAttributes attributes, PortAttributes peer, LidRange lids, int smLid, SmOptions options,
                          PartEnforce enforcement, int vlHighLimit) {

        /** Whether {@code o} was made from the very same objects and values. */
        boolean sameAs(Inputs o) {
            return o != null && attributes == o.attributes && peer == o.peer && Objects.equals(lids, o.lids)
                    && smLid == o.smLid && options == o.options && enforcement == o.enforcement
                    && vlHighLimit == o.vlHighLimit;
        }
    }

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
        kept = 0;
        unchanged = 0;
        nextAnswers = new HashMap<>();
        nextSettled = new HashMap<>();
        boolean rereg = !sm.firstMasterSweepDone() && !ctx.options().getBool("no_clients_rereg");
        for (Node node : ctx.subnet().nodes()) {
            for (PhysPort port : node.ports()) {
                configure(ctx, node, port, rereg);
            }
        }
        answers = nextAnswers;
        settled = nextSettled;
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
        boolean reregHere = rereg && !node.isSwitch()
                && a.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED);
        Inputs inputs = new Inputs(a, linked ? port.remote().attributes() : null,
                port.endPort() == null ? null : port.endPort().lidRange(), sm.smLid(), ctx.options(),
                wishes.partitionEnforcement(port), wishes.vlHighLimit(port));
        if (!reregHere && inputs.sameAs(settled.get(port))) {
            nextSettled.put(port, inputs);
            Answer last = answers.get(port);
            if (last != null) {
                nextAnswers.put(port, last);
            }
            unchanged++;
            return;
        }
        PortConfig want = PortConfig.of(port, ctx.options(), sm.smLid(), wishes, ctx.smps().mKeys());
        int state = linked && a.portState() == PortAttributes.STATE_INIT ? PortInfo.STATE_ARMED
                : PortInfo.STATE_NO_CHANGE;
        String differences = want.differences(a);
        if (state == PortInfo.STATE_NO_CHANGE && !reregHere) {
            if (differences == null) {
                nextSettled.put(port, inputs);
                return;
            }
            Answer last = answers.get(port);
            if (last != null && last.config().equals(want) && differences.equals(last.differences())) {
                nextAnswers.put(port, last);
                nextSettled.put(port, inputs);
                kept++;
                return;
            }
        }
        LOG.debug("PortInfo Set of port {} of {}: {}", port.portNum(), node, differences != null
                ? differences + " (want/have)" : state == PortInfo.STATE_ARMED ? "to ARMED" : "ClientReregister");
        if (PortInfoSetter.send(ctx, port, want, state, reregHere,
                () -> nextAnswers.put(port, new Answer(want, want.differences(port.attributes()))))) {
            sets++;
        }
    }

    @Override
    public StageOutcome finish(SweepContext ctx) {
        LOG.log(LogLevels.VERBOSE, "link manager: {} PortInfo Sets (parameters, INIT -> ARMED); {} ports not sent "
                + "again the Set they answered with values of their own; {} ports unchanged since the last sweep",
                sets, kept, unchanged);
        return StageOutcome.CONTINUE;
    }
}
