package dev.jsm.daemon.qos;

import dev.jsm.conf.QosOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.Retrained;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.GeneralInfoCapabilities;
import dev.jsm.mad.smp.QosConfigSl;
import dev.jsm.qos.enhanced.EnhancedQosHolder;
import dev.jsm.qos.enhanced.EnhancedQosPolicy;
import dev.jsm.qos.enhanced.RateLimitPlanner;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.VPort;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The enhanced QoS manager (docs/enhanced-qos.md): with {@code qos TRUE} and {@code enhanced_qos_policy_file} set,
 * re-reads the policy at each sweep (a file with an error leaves the last good policy in force, logged with
 * file:line:column), reads the GeneralInfo capabilities of the CAs it has not read yet, plans the per-SL rate limits of
 * every CA port and vport whose node supports them ({@link RateLimitPlanner}) and sends a QoSConfigSL Set for each
 * table that differs from what the port or vport is known to hold ({@link BlockSync}): an edited file sends only the
 * tables that change. No file: nothing is sent and ports keep the limits they have.
 *
 * <p>Confined to the SM thread.
 */
public final class EnhancedQosManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(EnhancedQosManager.class);

    private final StageServices services;
    private final EnhancedQosHolder holder = new EnhancedQosHolder();
    private int capabilityGets;
    private int sets;
    private RateLimitPlanner.Plan plan;

    /** @param services the SMP sender and the options */
    public EnhancedQosManager(StageServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "enhanced-qos-manager";
    }

    @Override
    public StageOutcome run(SweepState state) {
        capabilityGets = 0;
        sets = 0;
        plan = null;
        String file = services.options().get(QosOptions.ENHANCED_QOS_POLICY_FILE);
        if (!services.options().qos() || file == null || file.isEmpty() || file.equals("null")) {
            return StageOutcome.CONTINUE;
        }
        EnhancedQosHolder.Outcome outcome = holder.reload(Path.of(file));
        switch (outcome.status()) {
            case REJECTED -> LOG.error("QOS-1111 {}", outcome.message());
            case LOADED -> LOG.info("enhanced QoS: {}", outcome.message());
            default -> LOG.log(LogLevels.VERBOSE, "enhanced QoS: {}", outcome.message());
        }
        for (Node n : state.subnet().nodes()) {
            if (n.kind() != NodeKind.CA || n.generalCapabilities() != 0) {
                continue;
            }
            PhysPort first = firstEndPort(n);
            DrPath path = first == null ? null : state.paths().toPort(first);
            if (path == null) {
                continue;
            }
            capabilityGets++;
            services.smps().get(path, AttributeId.GENERAL_INFO, GeneralInfoCapabilities.MODIFIER, reply -> {
                byte[] mad = Replies.okMad(reply);
                if (mad != null) {
                    long[] w = GeneralInfoCapabilities.decode(mad, Smp.DATA_OFFSET).words();
                    n.setGeneralCapabilities(w[1] << 32 | w[0]);
                }
                if (--capabilityGets == 0) {
                    program(state);
                }
            });
        }
        if (capabilityGets == 0) {
            program(state);
        }
        return StageOutcome.CONTINUE;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (plan != null) {
            LOG.log(LogLevels.VERBOSE, "ENHANCED QOS CONFIGURED: {} ports and {} vports planned, {} without the "
                    + "capability, {} QoSConfigSL Sets", plan.ports().size(), plan.vports().size(),
                    plan.withoutCapability(), sets);
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * Plans the limits of the policy in force, once every capability is known, and sends the tables that differ
     * from what the ports and vports hold.
     */
    private void program(SweepState state) {
        EnhancedQosPolicy policy = holder.current();
        if (policy == null) {
            return;
        }
        boolean vport0 = services.options().get(QosOptions.ENHANCED_QOS_VPORT0_UNLIMIT_DEFAULT_RL);
        plan = RateLimitPlanner.plan(state.subnet(), policy, vport0);
        BlockSync sync = new BlockSync(state, services.smps(), AttributeId.QOS_CONFIG_SL, BlockSync.Held.AS_SENT);
        for (EndPort ep : state.subnet().endPorts()) {
            if (ep.node().kind() != NodeKind.CA) {
                continue;
            }
            PhysPort port = ep.physPort();
            if (Retrained.inInit(port)) {
                // a port that (re)trained may be back at no limits: its tables are sent again
                forgetHeld(port.rateLimitTableIfAny());
                ep.vports().forEach(v -> forgetHeld(v.rateLimitTableIfAny()));
            }
            if (port.rateLimitTableIfAny() != null && ep.node().hasGeneralCapability(RateLimitPlanner.CAP_RATE_LIMIT)
                    && sync.sync(port, port.rateLimitTable(), 0, QosConfigSl.portModifier(0),
                            new Failures(ep.toString()))) {
                sets++;
            }
            for (VPort v : ep.vports()) {
                if (v.rateLimitTableIfAny() != null
                        && ep.node().hasGeneralCapability(RateLimitPlanner.CAP_VPORT_RATE_LIMIT)
                        && sync.sync(port, v.rateLimitTable(), 0, QosConfigSl.vportModifier(v.index()),
                                new Failures(v.toString()))) {
                    sets++;
                }
            }
        }
    }

    private static void forgetHeld(BlockTable t) {
        if (t != null) {
            t.forgetHeld();
        }
    }

    private static PhysPort firstEndPort(Node n) {
        for (PhysPort p : n.ports()) {
            if (p.endPort() != null) {
                return p;
            }
        }
        return null;
    }

    /** The enhanced QoS manager's words for a QoSConfigSL Set that failed. */
    private record Failures(String what) implements BlockSync.PortFailures {

        @Override
        public void noRoute(int block) {
            LOG.error("QOS-1112 no directed route to {}; its rate limits are not programmed", what);
        }

        @Override
        public void failed(int block, long modifier, String why) {
            LOG.error("QOS-1113 QoSConfigSL Set (modifier 0x{}) of {} failed: {}", Long.toHexString(modifier), what,
                    why);
        }
    }
}
