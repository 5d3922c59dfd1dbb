package dev.jsm.sim;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.PortLink;
import java.util.Arrays;

/**
 * Link training and the state changes it causes. A link is up when the cable is in, both nodes are present and
 * neither end is disabled; a link that comes up puts both ends in Init with PortPhysicalState LinkUp and the best
 * width and speed both ends have enabled (XDR in the second extended speeds field before the extended speeds, which
 * come before FDR10, which runs at the QDR of LinkSpeedActive; {@code docs/link-speeds.md}), or, between ports that
 * copy another fabric's ({@link PortLink}), the width and speeds that link had while both ends enable them; a link
 * that goes down puts both ends in Down, Polling (or Disabled). A link an SM sets Down (a bounce) goes down, both
 * ends in Polling, as soon as the answer to the Set has left, and trains again when the simulator has finished the
 * batch of MADs it was in.
 *
 * <p>Confined to the simulator thread (or to a caller holding the {@link FabricState} monitor).
 *
 * <p>In detail: docs/design/sim.md#linkcontrol.
 */
final class LinkControl {

    /** Receives the switches that must report a link state change. */
    interface TrapSink {
        /** Switch node {@code n} saw a link go up or down; send Trap 128 if it knows its SM. */
        void linkStateChanged(int n);
    }

    /** Widths best first: 12x, 8x, 4x, 2x, 1x. */
    private static final int[] WIDTH_ORDER = {8, 4, 2, 16, 1};
    /** Speeds best first: QDR, DDR, SDR. */
    private static final int[] SPEED_ORDER = {4, 2, 1};
    /** Extended speeds best first: NDR, HDR, EDR, FDR. */
    private static final int[] EXT_ORDER = {8, 4, 2, 1};
    /** XDR's bit in the second extended speeds field. */
    private static final int XDR = 1;

    private final FabricState s;
    private TrapSink traps;
    /**
     * Ports an SM set Down (each cable once, by one of its ends): the first {@link #downCount} have gone down, the
     * rest go down when the MAD being processed has been answered; all train again at the end of the batch.
     */
    private int[] bounced = new int[8];
    private int bouncedCount;
    private int downCount;

    LinkControl(FabricState s) {
        this.s = s;
    }

    void setTrapSink(TrapSink traps) {
        this.traps = traps;
    }

    /**
     * Re-evaluates the link at a physical port after its cable, its nodes or an enable bit changed.
     *
     * @param byFault whether the change came from outside (fault injection) rather than from an SMP Set
     */
    void refresh(int slot, boolean byFault) {
        int peer = s.cablePeer[slot];
        boolean up = s.linkUp(slot);
        boolean want = s.physicallyUp(slot);
        if (up == want) {
            if (!up) {
                markDown(slot);
            }
            return;
        }
        if (want) {
            train(slot, peer);
        } else {
            markDown(slot);
            if (peer >= 0) {
                markDown(peer);
            }
        }
        flag(slot, peer, byFault);
    }

    /**
     * Set(PortState = Down) on a port with its link up: both ends go Down and Polling at {@link #dropBouncing}, once
     * the answer has left, and train again, back in Init, at {@link #trainBounced}.
     */
    void bounce(int slot) {
        if (s.linkUp(slot)) {
            if (bouncedCount == bounced.length) {
                bounced = Arrays.copyOf(bounced, bouncedCount * 2);
            }
            bounced[bouncedCount++] = slot;
        }
    }

    /** The MAD being processed has been answered: the links it bounced go down. */
    void dropBouncing() {
        for (; downCount < bouncedCount; downCount++) {
            int slot = bounced[downCount];
            if (s.linkUp(slot)) {
                markDown(slot);
                markDown(s.cablePeer[slot]);
            }
        }
    }

    /** The end of a batch of MADs: the links bounced during it train again, where the cable still allows it. */
    void trainBounced() {
        dropBouncing();
        for (int i = 0; i < bouncedCount; i++) {
            int slot = bounced[i];
            int peer = s.cablePeer[slot];
            if (!s.linkUp(slot) && s.physicallyUp(slot)) {
                train(slot, peer);
                flag(slot, peer, false);
            }
        }
        bouncedCount = 0;
        downCount = 0;
    }

    /** A node was powered off or unplugged: its links go down and the switches around it report it. */
    void nodeRemoved(int n) {
        s.present[n] = false;
        for (int p = 1; p <= s.numPorts[n]; p++) {
            refresh(s.portBase[n] + p, true);
        }
    }

    /** A node came back: it powers on with default state and its links train. */
    void nodeReturned(int n) {
        s.present[n] = true;
        s.powerOn(n);
        for (int p = 1; p <= s.numPorts[n]; p++) {
            int slot = s.portBase[n] + p;
            if (s.physicallyUp(slot)) {
                int peer = s.cablePeer[slot];
                train(slot, peer);
                flag(slot, peer, true);
            }
        }
    }

    /** The links up at power-on get the widths and speeds both their ends have (the ports are already in Init). */
    void powerOnLinks() {
        for (int slot = 0; slot < s.portSlots; slot++) {
            int peer = s.cablePeer[slot];
            if (peer > slot && s.linkUp(slot)) {
                activate(slot, peer);
            }
        }
    }

    private void train(int a, int b) {
        activate(a, b);
        for (int slot : new int[] {a, b}) {
            s.setPortState(slot, PortInfo.STATE_INIT);
            s.setPhysState(slot, FabricState.PHYS_LINK_UP);
            s.vportLinkChanged(slot, true);
        }
    }

    /** Sets the active width and speeds of the link between {@code a} and {@code b}: the best both ends enable. */
    private void activate(int a, int b) {
        int width = best(enabled(a, PortInfo.LINK_WIDTH_ENABLED, PortInfo.LINK_WIDTH_SUPPORTED)
                & enabled(b, PortInfo.LINK_WIDTH_ENABLED, PortInfo.LINK_WIDTH_SUPPORTED), WIDTH_ORDER);
        int speed = best(enabled(a, PortInfo.LINK_SPEED_ENABLED, PortInfo.LINK_SPEED_SUPPORTED)
                & enabled(b, PortInfo.LINK_SPEED_ENABLED, PortInfo.LINK_SPEED_SUPPORTED), SPEED_ORDER);
        int ext2 = enabled(a, PortInfo.LINK_SPEED_EXT_ENABLED2, PortInfo.LINK_SPEED_EXT_SUPPORTED2)
                & enabled(b, PortInfo.LINK_SPEED_EXT_ENABLED2, PortInfo.LINK_SPEED_EXT_SUPPORTED2) & XDR;
        int ext = ext2 != 0 ? 0 : best(enabled(a, PortInfo.LINK_SPEED_EXT_ENABLED, PortInfo.LINK_SPEED_EXT_SUPPORTED)
                & enabled(b, PortInfo.LINK_SPEED_EXT_ENABLED, PortInfo.LINK_SPEED_EXT_SUPPORTED), EXT_ORDER);
        boolean fdr10 = ext2 == 0 && ext == 0 && fdr10Enabled(a) && fdr10Enabled(b);
        PortLink la = copied(a);
        PortLink lb = copied(b);
        if (la != null && lb != null && la.widthActive() == lb.widthActive() && la.speedActive() == lb.speedActive()
                && la.extActive() == lb.extActive() && la.ext2Active() == lb.ext2Active()
                && enables(a, b, la)) {
            width = la.widthActive();
            speed = la.speedActive();
            ext = la.extActive();
            ext2 = la.ext2Active();
            fdr10 = false;
        }
        active(a, width, speed, ext, ext2, fdr10);
        active(b, width, speed, ext, ext2, fdr10);
    }

    /** The link fields the slot's port copies from another fabric ({@link PortLink}), or null. */
    private PortLink copied(int slot) {
        return s.topology.portOptions().port(s.portNode[slot], s.portNum(slot)).link();
    }

    /** Whether both ends enable the copied active width and speeds (a zero active extended speed needs nothing). */
    private boolean enables(int a, int b, PortLink l) {
        int widths = enabled(a, PortInfo.LINK_WIDTH_ENABLED, PortInfo.LINK_WIDTH_SUPPORTED)
                & enabled(b, PortInfo.LINK_WIDTH_ENABLED, PortInfo.LINK_WIDTH_SUPPORTED);
        int speeds = enabled(a, PortInfo.LINK_SPEED_ENABLED, PortInfo.LINK_SPEED_SUPPORTED)
                & enabled(b, PortInfo.LINK_SPEED_ENABLED, PortInfo.LINK_SPEED_SUPPORTED);
        int exts = enabled(a, PortInfo.LINK_SPEED_EXT_ENABLED, PortInfo.LINK_SPEED_EXT_SUPPORTED)
                & enabled(b, PortInfo.LINK_SPEED_EXT_ENABLED, PortInfo.LINK_SPEED_EXT_SUPPORTED);
        int exts2 = enabled(a, PortInfo.LINK_SPEED_EXT_ENABLED2, PortInfo.LINK_SPEED_EXT_SUPPORTED2)
                & enabled(b, PortInfo.LINK_SPEED_EXT_ENABLED2, PortInfo.LINK_SPEED_EXT_SUPPORTED2);
        return (widths & l.widthActive()) != 0 && (speeds & l.speedActive()) != 0
                && (l.extActive() == 0 || (exts & l.extActive()) != 0)
                && (l.ext2Active() == 0 || (exts2 & l.ext2Active()) != 0);
    }

    private void active(int slot, int width, int speed, int ext, int ext2, boolean fdr10) {
        int off = FabricState.piOff(slot);
        PortInfo.LINK_WIDTH_ACTIVE.put(s.portInfo, off, width == 0 ? 1 : width);
        PortInfo.LINK_SPEED_ACTIVE.put(s.portInfo, off, speed == 0 ? 1 : speed);
        PortInfo.LINK_SPEED_EXT_ACTIVE.put(s.portInfo, off, ext);
        PortInfo.LINK_SPEED_EXT_ACTIVE2.put(s.portInfo, off, ext2);
        s.mlnxExtPortInfo[slot * FabricState.MLNX_EXT_PORT_INFO_SIZE + PortSpeeds.MLNX_ACTIVE] =
                (byte) (fdr10 ? 1 : 0);
    }

    /** Whether FDR10 is supported and enabled in the port's ExtendedPortInfo. */
    private boolean fdr10Enabled(int slot) {
        int o = slot * FabricState.MLNX_EXT_PORT_INFO_SIZE;
        return (s.mlnxExtPortInfo[o + PortSpeeds.MLNX_SUPPORTED] & s.mlnxExtPortInfo[o + PortSpeeds.MLNX_ENABLED]
                & 1) != 0;
    }

    private void markDown(int slot) {
        s.setPortState(slot, PortInfo.STATE_DOWN);
        s.setPhysState(slot, s.disabled[slot] ? FabricState.PHYS_DISABLED : FabricState.PHYS_POLLING);
        s.vportLinkChanged(slot, false);
    }

    private void flag(int slot, int peer, boolean byFault) {
        if (byFault) {
            flagSwitch(slot, true);
        }
        if (peer >= 0) {
            flagSwitch(peer, byFault);
        }
    }

    private void flagSwitch(int slot, boolean trap) {
        int n = s.portNode[slot];
        if (s.isSwitch[n] && s.present[n]) {
            s.setPortStateChange(n);
            if (trap && traps != null) {
                traps.linkStateChanged(n);
            }
        }
    }

    /** Enabled and supported; LinkSpeedExtEnabled 30 means extended speeds disabled. */
    private int enabled(int slot, Field enabledField, Field supportedField) {
        int off = FabricState.piOff(slot);
        int enabled = enabledField.getInt(s.portInfo, off);
        if (enabledField == PortInfo.LINK_SPEED_EXT_ENABLED && enabled == SmaPortInfo.EXT_SPEEDS_DISABLED) {
            return 0;
        }
        return enabled & supportedField.getInt(s.portInfo, off);
    }

    private static int best(int mask, int[] order) {
        for (int bit : order) {
            if ((mask & bit) != 0) {
                return bit;
            }
        }
        return 0;
    }
}
