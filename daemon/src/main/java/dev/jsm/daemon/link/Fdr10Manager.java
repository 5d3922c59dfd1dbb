package dev.jsm.daemon.link;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.MlnxExtendedPortInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * FDR10 ({@code fdr10}; docs/link-speeds.md#fdr10): as OpenSM, unless the option is 0, reads the Mellanox
 * ExtendedPortInfo (vendor attribute 0xFF90) of every port with a cable of the nodes whose vendor and device ID say
 * they have it, and where a port supports FDR10 and its LinkSpeedEnabled does not say what the option asks (1: FDR10
 * on, 2: off), sets it with StateChangeEnable 1. The new enable takes effect when the link trains again; nothing is
 * bounced. A switch's ports are asked by the route to the switch, a CA's by the route to that port.
 *
 * <p>Confined to the SM thread.
 */
public final class Fdr10Manager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(Fdr10Manager.class);
    /** Mellanox's NodeInfo.VendorID. */
    static final int MELLANOX = 0x02c9;

    private final StageServices services;
    private int gets;
    private int sets;

    /** @param services the SMP sender and the options ({@code fdr10}) */
    public Fdr10Manager(StageServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "fdr10";
    }

    @Override
    public StageOutcome run(SweepState state) {
        gets = 0;
        sets = 0;
        int fdr10 = services.options().get(DeviceOptions.FDR10).intValue();
        if (fdr10 == 0) {
            return StageOutcome.CONTINUE;
        }
        int wanted = fdr10 == 1 ? MlnxExtendedPortInfo.FDR10 : 0;
        for (Node node : state.subnet().nodes()) {
            if (!hasExtendedPortInfo(node.vendorId(), node.deviceId())) {
                continue;
            }
            for (PhysPort port : node.ports()) {
                if (port.portNum() == 0 || port.link() == null) {
                    continue;
                }
                DrPath path = node.isSwitch() ? state.paths().toNode(node) : state.paths().toPort(port);
                if (path != null) {
                    ask(path, port, wanted);
                }
            }
        }
        return StageOutcome.CONTINUE;
    }

    /** Gets the port's ExtendedPortInfo, then sets LinkSpeedEnabled where it differs from {@code wanted}. */
    private void ask(DrPath path, PhysPort port, int wanted) {
        gets++;
        services.smps().get(path, AttributeId.MLNX_EXTENDED_PORT_INFO, port.portNum(), outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad == null) {
                if (!Replies.isClosed(outcome)) {
                    LOG.debug("ExtendedPortInfo of {} port {}: {}", port.node(), port.portNum(),
                            Replies.failure(outcome));
                }
                return;
            }
            MlnxExtendedPortInfo held = MlnxExtendedPortInfo.decode(mad, Smp.DATA_OFFSET);
            if ((held.linkSpeedSupported() & MlnxExtendedPortInfo.FDR10) == 0
                    || (held.linkSpeedEnabled() & MlnxExtendedPortInfo.FDR10) == wanted) {
                return;
            }
            sets++;
            MlnxExtendedPortInfo set = new MlnxExtendedPortInfo(1, held.linkSpeedSupported(),
                    (held.linkSpeedEnabled() & ~MlnxExtendedPortInfo.FDR10) | wanted, held.linkSpeedActive());
            services.smps().set(path, AttributeId.MLNX_EXTENDED_PORT_INFO, port.portNum(), set::encodeTo, o -> {
                if (Replies.okMad(o) == null && !Replies.isClosed(o)) {
                    LOG.error("LINK-0406 ExtendedPortInfo Set (FDR10 {}) of {} port {} failed: {}",
                            wanted != 0 ? "on" : "off", port.node(), port.portNum(), Replies.failure(o));
                }
            });
        });
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (gets > 0) {
            LOG.log(LogLevels.VERBOSE, "FDR10: {} ExtendedPortInfo Gets, {} Sets", gets, sets);
        }
        return StageOutcome.CONTINUE;
    }

    /**
     * Whether a node has Mellanox's ExtendedPortInfo, by OpenSM's list of devices: ConnectX-3 (0x1003..0x101b) and
     * SwitchX and its kin (0xc738..0xc73b, 0xc839, 0xcb20, 0xcf08, 0xcf09, 0xd2f0, 0xa2d2), Mellanox's vendor ID.
     */
    static boolean hasExtendedPortInfo(int vendorId, int deviceId) {
        if (vendorId != MELLANOX) {
            return false;
        }
        return deviceId >= 0x1003 && deviceId <= 0x101b || deviceId >= 0xc738 && deviceId <= 0xc73b
                || deviceId == 0xc839 || deviceId == 0xcb20 || deviceId == 0xcf08 || deviceId == 0xcf09
                || deviceId == 0xd2f0 || deviceId == 0xa2d2;
    }
}
