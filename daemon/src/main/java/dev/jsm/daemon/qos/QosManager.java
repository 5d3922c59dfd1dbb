package dev.jsm.daemon.qos;

import dev.jsm.conf.QosOptions;
import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.Retrained;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.qos.policy.QosPolicyHolder;
import dev.jsm.qos.tables.QosConfig;
import dev.jsm.qos.tables.QosPlan;
import dev.jsm.qos.tables.QosTablePlanner;
import dev.jsm.qos.tables.Sl2VlOverride;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The QoS manager ({@code qos}, {@code -Q}): at every heavy sweep re-reads the QoS policy file (an error keeps the
 * last good policy, logged with file:line:column), plans the SL2VL and VL arbitration tables of every port from the
 * {@code qos_*} options - or, on switches, from the routing engine's own SL-to-VL maps when it has them (lash,
 * dfsssp, nue with several layers, torus-2QoS), which win over the configured ones - into the model's port tables,
 * and sends exactly the blocks that differ from what the ports are known to hold ({@link QosBlockSets},
 * {@link BlockSync}). The wanted VLHighLimit of each port goes into the link manager's PortInfo Set. With QoS off
 * nothing is sent. With the ROUTING log flag, {@code opensm-sl2vl.dump} is written at the end of the stage (with QoS
 * on, or when the engine has its own SL-to-VL maps, as OpenSM). With {@code suppress_sl2vl_mad_status_errors} an
 * SL2VL Set answered with an error status counts as done ({@link BlockSync#heldDespiteErrorStatus}). Behavioural
 * counterpart: OpenSM's {@code osm_qos.c}.
 *
 * <p>Confined to the SM thread.
 */
public final class QosManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(QosManager.class);
    private static final String DEFAULT_POLICY_FILE = "/etc/opensm/qos-policy.conf";

    private final StageServices services;
    private final PortWishes wishes;
    private final RoutingState routes;
    private final QosPolicyHolder policy = new QosPolicyHolder();
    private QosPolicy policyInForce;
    private int sl2VlSets;
    private int vlArbSets;
    private boolean dumpSl2Vl;

    /**
     * @param services the SMP sender, the options, the dump directory and the node names
     * @param wishes where the VLHighLimit wanted on each port goes, for the link manager
     * @param routes the routing in force, whose engine may own the SL-to-VL maps
     */
    public QosManager(StageServices services, PortWishes wishes, RoutingState routes) {
        this.services = services;
        this.wishes = wishes;
        this.routes = routes;
    }

    @Override
    public String name() {
        return "qos-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        sl2VlSets = 0;
        vlArbSets = 0;
        forgetRetrained(state.subnet());
        QosConfig config = QosConfig.from(services.options());
        Sl2VlOverride engine = override();
        dumpSl2Vl = config.enabled() || engine != Sl2VlOverride.NONE;
        if (!config.enabled()) {
            policyInForce = null;
            return StageOutcome.CONTINUE;
        }
        if (engine != Sl2VlOverride.NONE) {
            LOG.log(LogLevels.VERBOSE, "SL2VL on switches from routing engine {}",
                    routes.result().engineUsed().orElse("?"));
        }
        reloadPolicy(services.options().get(QosOptions.QOS_POLICY_FILE));
        policyInForce = policy.current();
        QosPlan plan = QosTablePlanner.plan(state.subnet(), config, engine);
        BlockSync sl2VlSync = new BlockSync(state, services.smps(), AttributeId.SL_TO_VL_MAPPING_TABLE,
                BlockSync.Held.AS_SENT);
        BlockSync sl2Vl = services.options().get(QosOptions.SUPPRESS_SL2VL_MAD_STATUS_ERRORS)
                ? sl2VlSync.heldDespiteErrorStatus() : sl2VlSync;
        BlockSync vlArb = new BlockSync(state, services.smps(), AttributeId.VL_ARBITRATION_TABLE,
                BlockSync.Held.AS_SENT);
        QosBlockSets.forEach(state.subnet(), plan, set -> send(set.attribute() == AttributeId.SL_TO_VL_MAPPING_TABLE
                ? sl2Vl : vlArb, set));
        for (QosPlan.VlHighLimit v : plan.vlHighLimits()) {
            wishes.setVlHighLimit(v.port(), v.vlHighLimit());
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * Forgets the tables of ports that (re)trained since the last sweep ({@link Retrained}): all of a rebooted node
     * (a CA or router port in Init, a switch with every cabled port in Init), the output-port tables of a switch port
     * in Init. Done with QoS off too, so turning it back on does not trust tables a reboot reset meanwhile.
     */
    private static void forgetRetrained(Subnet subnet) {
        for (Node node : subnet.nodes()) {
            if (Retrained.switchRebooted(node)) {
                forgetNode(node);
                continue;
            }
            for (PhysPort port : node.ports()) {
                if (!Retrained.inInit(port)) {
                    continue;
                }
                if (node.isSwitch()) {
                    forgetPort(port);
                } else {
                    forgetNode(node);
                }
            }
        }
    }

    /** Forgets what every port of {@code node} holds, so the next pass sends all its tables. */
    static void forgetNode(Node node) {
        for (PhysPort port : node.ports()) {
            forgetPort(port);
        }
    }

    /** Forgets what one port holds: its VLArb blocks and its SL2VL tables as an output port. */
    private static void forgetPort(PhysPort port) {
        forget(port.sl2VlTableIfAny());
        forget(port.vlArbTableIfAny());
    }

    private static void forget(BlockTable table) {
        if (table != null) {
            table.forgetHeld();
        }
    }

    private void reloadPolicy(String file) {
        if (file == null || file.isBlank()) {
            return;
        }
        QosPolicyHolder.Outcome o = policy.reload(Path.of(file));
        switch (o.status()) {
            case LOADED -> LOG.info("{}", o.message());
            case REJECTED -> LOG.error("QOS-1101 {}", o.message());
            case ABSENT -> {
                if (!DEFAULT_POLICY_FILE.equals(file)) {
                    LOG.error("QOS-1102 {}", o.message());
                }
            }
            case UNCHANGED -> LOG.debug("{}", o.message());
        }
    }

    /** The routing engine's SL-to-VL maps when it has its own, else none. */
    private Sl2VlOverride override() {
        if (!routes.isRouted() || routes.result().routed().sl2Vl() == Sl2VlProvider.ALL_VL0) {
            return Sl2VlOverride.NONE;
        }
        return new EngineSl2Vl(routes.input(), routes.result().routed().sl2Vl());
    }

    /** The QoS policy in force: {@code null} with QoS off or without a policy file. */
    public QosPolicy policy() {
        return policyInForce;
    }

    private void send(BlockSync sync, QosBlockSet set) {
        if (sync.sync(set.port(), set.table(), set.block(), set.modifier(), set.coverage(), new SetFailures(set))) {
            if (set.attribute() == AttributeId.SL_TO_VL_MAPPING_TABLE) {
                sl2VlSets++;
            } else {
                vlArbSets++;
            }
        }
    }

    /**
     * True when this sweep sent no SL2VL or VLArb Set (no QoS, or nothing changed): then the link stage may start
     * while earlier stages' MADs are still on the wire. When tables were sent, the link stage, which may change
     * OperationalVLs, waits for them, as in OpenSM.
     */
    @Override
    public boolean overlapsNext() {
        return sl2VlSets + vlArbSets == 0;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (dumpSl2Vl) {
            DumpFiles.writeSl2Vl(services.dumpDir(), services.options().logFlags(), state.subnet(),
                    services.nodeNames());
        }
        if (sl2VlSets + vlArbSets > 0) {
            LOG.log(LogLevels.VERBOSE, "QOS CONFIGURED: {} SLtoVLMappingTable and {} VLArbitrationTable Sets",
                    sl2VlSets, vlArbSets);
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * The QoS manager's words for a table block it could not program. A failed Set makes the SM forget what the whole
     * node holds, so the next pass sends all its tables again.
     */
    private record SetFailures(QosBlockSet set) implements BlockSync.PortFailures {

        @Override
        public void noRoute(int block) {
            LOG.error("QOS-1103 no directed route to {}; its QoS tables are not programmed", set.port());
        }

        @Override
        public void failed(int block, long modifier, String why) {
            forgetNode(set.port().node());
            LOG.error("QOS-1104 {} Set (modifier 0x{}) of {} failed: {}", set.attribute(), Long.toHexString(modifier),
                    set.port(), why);
        }
    }
}
