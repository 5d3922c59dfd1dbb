package dev.jsm.sim;

import static dev.jsm.sim.Sma.STATUS_INVALID_FIELD;
import static dev.jsm.sim.Sma.STATUS_OK;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;

/**
 * PortInfo Get and Set (IBA 14.2.5.6). The modifier is the port number and bit 31, SMSupportsExtendedSpeeds; a CA
 * answers port 0 with the port the SMP arrived on and accepts a Set only for that port. LocalPortNum in the answer is
 * the arrival port. A port of NDR or XDR answers an SM that does not set bit 31 without extended speeds data
 * (LinkSpeedExtActive, Supported and Enabled and the second extended speeds field zero, its capability bits as they
 * are) and ignores the extended enables of its Sets ({@code docs/link-speeds.md#the-attribute-modifier-bit}); older
 * ports ignore the bit.
 *
 * <p>Confined to the simulator thread.
 *
 * <p>In detail: docs/design/sim.md#smaportinfo.
 */
final class SmaPortInfo {

    /** LinkSpeedExtEnabled value that disables extended speeds. */
    static final int EXT_SPEEDS_DISABLED = 30;
    private static final int EXT_SPEEDS_ALL = 31;
    private static final int D = Smp.DATA_OFFSET;
    /** What a port that needs SMSupportExtendedSpeeds hides from an SM that does not set it. */
    private static final Field[] EXTENDED_SPEEDS = {PortInfo.LINK_SPEED_EXT_ACTIVE, PortInfo.LINK_SPEED_EXT_SUPPORTED,
        PortInfo.LINK_SPEED_EXT_ENABLED, PortInfo.LINK_SPEED_EXT_ACTIVE2, PortInfo.LINK_SPEED_EXT_SUPPORTED2,
        PortInfo.LINK_SPEED_EXT_ENABLED2};
    /** Fields stored as written, without checks. */
    private static final Field[] PLAIN = {PortInfo.M_KEY, PortInfo.GID_PREFIX, PortInfo.MASTER_SM_LID,
        PortInfo.M_KEY_LEASE_PERIOD, PortInfo.M_KEY_PROTECT_BITS, PortInfo.LMC, PortInfo.MASTER_SM_SL,
        PortInfo.VL_HIGH_LIMIT, PortInfo.INIT_TYPE_REPLY, PortInfo.VL_STALL_COUNT, PortInfo.HOQ_LIFE,
        PortInfo.M_KEY_VIOLATIONS, PortInfo.P_KEY_VIOLATIONS, PortInfo.Q_KEY_VIOLATIONS,
        PortInfo.MULTICAST_PKEY_TRAP_SUPPRESSION_ENABLED, PortInfo.SUBNET_TIMEOUT, PortInfo.LOCAL_PHY_ERRORS,
        PortInfo.OVERRUN_ERRORS};

    private final FabricState s;
    private final LinkControl links;
    /** Whether the Set being handled bounced the link: its answer then says Down and Polling. */
    private boolean bouncing;

    SmaPortInfo(FabricState s, LinkControl links) {
        this.s = s;
        this.links = links;
    }

    int handle(int slot, boolean set, long mod, byte[] mad) {
        int n = s.portNode[slot];
        long portNum = mod & 0x7FFF_FFFFL;
        boolean extendedSpeeds = (mod & PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS) != 0;
        bouncing = false;
        if (portNum > s.numPorts[n]) {
            return STATUS_INVALID_FIELD;
        }
        int target = s.portBase[n] + (int) portNum;
        if (!s.isSwitch[n] && portNum == 0) {
            target = slot;
        }
        if (set) {
            if (!s.isSwitch[n] && target != slot) {
                return STATUS_INVALID_FIELD;
            }
            int status = set(target, mad, extendedSpeeds || !s.needsExtendedSpeedsBit[target]);
            if (status != STATUS_OK) {
                return status;
            }
        }
        System.arraycopy(s.portInfo, FabricState.piOff(target), mad, D, FabricState.PORT_INFO_SIZE);
        PortInfo.LOCAL_PORT_NUM.put(mad, D, s.portNum(slot));
        if (set && bouncing) {
            PortInfo.PORT_STATE.put(mad, D, PortInfo.STATE_DOWN);
            PortInfo.PORT_PHYSICAL_STATE.put(mad, D, FabricState.PHYS_POLLING);
        }
        if (!extendedSpeeds && s.needsExtendedSpeedsBit[target]) {
            for (Field f : EXTENDED_SPEEDS) {
                f.put(mad, D, 0);
            }
        }
        return STATUS_OK;
    }

    private int set(int target, byte[] mad, boolean extendedSpeeds) {
        byte[] pi = s.portInfo;
        int off = FabricState.piOff(target);
        int lid = PortInfo.LID.getInt(mad, D);
        int width = resolve(PortInfo.LINK_WIDTH_ENABLED.getInt(mad, D), 255,
                PortInfo.LINK_WIDTH_SUPPORTED.getInt(pi, off));
        int speed = resolve(PortInfo.LINK_SPEED_ENABLED.getInt(mad, D), 15,
                PortInfo.LINK_SPEED_SUPPORTED.getInt(pi, off));
        int ext = extendedSpeeds ? PortInfo.LINK_SPEED_EXT_ENABLED.getInt(mad, D) : 0;
        if (ext != EXT_SPEEDS_DISABLED) {
            ext = resolve(ext, EXT_SPEEDS_ALL, PortInfo.LINK_SPEED_EXT_SUPPORTED.getInt(pi, off));
        }
        int ext2 = extendedSpeeds ? PortInfo.LINK_SPEED_EXT_ENABLED2.getInt(mad, D) : 0;
        ext2 = resolve(ext2, -1, PortInfo.LINK_SPEED_EXT_SUPPORTED2.getInt(pi, off));
        int mtu = PortInfo.NEIGHBOR_MTU.getInt(mad, D);
        int opVls = PortInfo.OPERATIONAL_VLS.getInt(mad, D);
        int linkDownDefault = PortInfo.LINK_DOWN_DEFAULT_STATE.getInt(mad, D);
        int phys = PortInfo.PORT_PHYSICAL_STATE.getInt(mad, D);
        int state = PortInfo.PORT_STATE.getInt(mad, D);
        if (phys == s.physState(target)) {
            phys = 0;
        }
        if (state == s.portState(target) || phys == FabricState.PHYS_DISABLED) {
            state = 0;
        }
        if (lid >= 0xC000 || width < 0 || speed < 0 || ext < 0 || ext2 < 0 || mtu < 1 || mtu > 5
                || opVls > PortInfo.VL_CAP.getInt(pi, off) || linkDownDefault > 2
                || (phys != 0 && phys != FabricState.PHYS_POLLING && phys != FabricState.PHYS_DISABLED)
                || (phys != 0 && s.portNum(target) == 0) || !legalTransition(target, state)) {
            return STATUS_INVALID_FIELD;
        }
        PortInfo.LID.put(pi, off, lid);
        for (Field f : PLAIN) {
            f.put(pi, off, f.getLong(mad, D));
        }
        if (width != 0) {
            PortInfo.LINK_WIDTH_ENABLED.put(pi, off, width);
        }
        if (speed != 0) {
            PortInfo.LINK_SPEED_ENABLED.put(pi, off, speed);
        }
        if (ext != 0) {
            PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, off, ext);
        }
        if (ext2 != 0) {
            PortInfo.LINK_SPEED_EXT_ENABLED2.put(pi, off, ext2);
        }
        PortInfo.NEIGHBOR_MTU.put(pi, off, Math.min(mtu, mtuCap(target)));
        if (opVls != 0) {
            PortInfo.OPERATIONAL_VLS.put(pi, off, opVls);
        }
        if (linkDownDefault != 0) {
            PortInfo.LINK_DOWN_DEFAULT_STATE.put(pi, off, linkDownDefault);
        }
        setEnforcement(target, mad);
        if (phys != 0) {
            s.disabled[target] = phys == FabricState.PHYS_DISABLED;
            links.refresh(target, false);
        }
        if (state == PortInfo.STATE_DOWN && s.linkUp(target)) {
            links.bounce(target);
            bouncing = true;
        } else if (state == PortInfo.STATE_ARMED || state == PortInfo.STATE_ACTIVE) {
            s.setPortState(target, state);
        }
        return STATUS_OK;
    }

    /** Whether Set(PortState = {@code state}) is allowed now; 0 (no change) and Down always are. */
    private boolean legalTransition(int target, int state) {
        int current = s.portState(target);
        boolean linked = s.portNum(target) != 0 && s.linkUp(target);
        return switch (state) {
            case 0, PortInfo.STATE_DOWN -> true;
            case PortInfo.STATE_INIT -> linked;
            case PortInfo.STATE_ARMED -> linked && current == PortInfo.STATE_INIT;
            case PortInfo.STATE_ACTIVE -> linked && current == PortInfo.STATE_ARMED
                    && s.portState(s.cablePeer[target]) >= PortInfo.STATE_ARMED;
            default -> false;
        };
    }

    /** The partition enforcement bits of a switch external port, masked by what the switch supports. */
    private void setEnforcement(int target, byte[] mad) {
        int n = s.portNode[target];
        if (!s.isSwitch[n] || s.portNum(target) == 0) {
            return;
        }
        int si = s.siOff(n);
        int off = FabricState.piOff(target);
        copyIf(SwitchInfo.INBOUND_ENFORCEMENT_CAP, si, PortInfo.PARTITION_ENFORCEMENT_INBOUND, off, mad);
        copyIf(SwitchInfo.OUTBOUND_ENFORCEMENT_CAP, si, PortInfo.PARTITION_ENFORCEMENT_OUTBOUND, off, mad);
        copyIf(SwitchInfo.FILTER_RAW_INBOUND_CAP, si, PortInfo.FILTER_RAW_INBOUND, off, mad);
        copyIf(SwitchInfo.FILTER_RAW_OUTBOUND_CAP, si, PortInfo.FILTER_RAW_OUTBOUND, off, mad);
    }

    private void copyIf(Field cap, int siOff, Field bit, int piOff, byte[] mad) {
        if (cap.getInt(s.switchInfo, siOff) != 0) {
            bit.put(s.portInfo, piOff, bit.getLong(mad, D));
        }
    }

    /** The smaller of the port's MTUCap and its neighbour's. */
    private int mtuCap(int target) {
        int cap = PortInfo.MTU_CAP.getInt(s.portInfo, FabricState.piOff(target));
        int peer = s.cablePeer[target];
        return peer < 0 ? cap : Math.min(cap, PortInfo.MTU_CAP.getInt(s.portInfo, FabricState.piOff(peer)));
    }

    /**
     * An enable bit mask as written: 0 stays 0 (no change), {@code all} becomes the supported mask (-1: no such value),
     * a subset of the supported bits is kept, anything else is -1 (invalid).
     */
    private static int resolve(int value, int all, int supported) {
        if (value == 0) {
            return 0;
        }
        if (value == all) {
            return supported;
        }
        return (value & ~supported) == 0 ? value : -1;
    }
}
