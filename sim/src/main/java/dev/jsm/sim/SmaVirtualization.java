package dev.jsm.sim;

import static dev.jsm.sim.Sma.STATUS_ATTR_UNSUPPORTED;
import static dev.jsm.sim.Sma.STATUS_INVALID_FIELD;
import static dev.jsm.sim.Sma.STATUS_OK;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.GeneralInfoCapabilities;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.QosConfigSl;
import dev.jsm.mad.smp.VNodeDescription;
import dev.jsm.mad.smp.VNodeInfo;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.mad.smp.VPortState;
import dev.jsm.mad.smp.VirtualizationInfo;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.VPortSpec;

/**
 * The SMA's virtualization and enhanced-QoS vendor attributes ({@code docs/virtualization.md},
 * {@code docs/enhanced-qos.md}), for the CA port an SMP arrived at or whose LID (or vport LID) it was sent to:
 * GeneralInfo (modifier 4: the CapabilityMask), QoSConfigSL, VirtualizationInfo, VPortInfo, VNodeInfo, VPortState,
 * VNodeDescription, VPortGUIDInfo, VPortPKeyTable. A port without virtualization answers 0x000C to all of them, as
 * before they existed.
 *
 * <p>Confined to the simulator thread.
 *
 * <p>In detail: docs/design/sim.md#smavirtualization.
 */
final class SmaVirtualization {

    static final int ATTR_GENERAL_INFO = 0xFF17;
    static final int ATTR_QOS_CONFIG_SL = 0xFF82;
    static final int ATTR_VIRTUALIZATION_INFO = 0xFFB0;
    static final int ATTR_VPORT_INFO = 0xFFB1;
    static final int ATTR_VNODE_INFO = 0xFFB2;
    static final int ATTR_VPORT_STATE = 0xFFB3;
    static final int ATTR_VNODE_DESCRIPTION = 0xFFB4;
    static final int ATTR_VPORT_GUID_INFO = 0xFFB5;
    static final int ATTR_VPORT_P_KEY_TABLE = 0xFFB6;

    /** What an HCA with virtualization announces: vports, VPortGUIDInfo, rate limits on the port and on vports. */
    static final GeneralInfoCapabilities CAPABILITIES = GeneralInfoCapabilities.of(
            GeneralInfoCapabilities.IS_VIRTUALIZATION_SUPPORTED, GeneralInfoCapabilities.IS_VPORT_GUID_INFO_SUPPORTED,
            GeneralInfoCapabilities.IS_QOS_CONFIG_SL_RATE_LIMIT_SUPPORTED,
            GeneralInfoCapabilities.IS_QOS_CONFIG_SL_VPORT_RATE_LIMIT_SUPPORTED);

    private static final int D = Smp.DATA_OFFSET;
    private static final int GUIDS_PER_BLOCK = 8;
    private static final int P_KEYS_PER_BLOCK = 32;

    private final FabricState s;

    SmaVirtualization(FabricState s) {
        this.s = s;
    }

    /** Whether {@code attr} is one of this class's attributes. */
    static boolean handles(int attr) {
        return attr == ATTR_GENERAL_INFO || attr == ATTR_QOS_CONFIG_SL
                || (attr >= ATTR_VIRTUALIZATION_INFO && attr <= ATTR_VPORT_P_KEY_TABLE);
    }

    /**
     * Answers a Get or Set of one of these attributes at end port {@code slot}, in place.
     *
     * @return the MAD status
     */
    int handle(int slot, int attr, boolean set, long mod, byte[] mad) {
        PortVirtualization v = s.virtualization(slot);
        if (v == null) {
            return STATUS_ATTR_UNSUPPORTED;
        }
        return switch (attr) {
            case ATTR_GENERAL_INFO -> set ? STATUS_ATTR_UNSUPPORTED : generalInfo(mod, mad);
            case ATTR_QOS_CONFIG_SL -> qosConfigSl(slot, v, set, mod, mad);
            case ATTR_VIRTUALIZATION_INFO -> virtualizationInfo(slot, v, set, mod, mad);
            case ATTR_VPORT_INFO -> vportInfo(slot, v, set, mod, mad);
            case ATTR_VNODE_INFO -> set ? STATUS_ATTR_UNSUPPORTED : vnodeInfo(slot, v, mod, mad);
            case ATTR_VPORT_STATE -> set ? STATUS_ATTR_UNSUPPORTED : vportState(slot, v, mod, mad);
            case ATTR_VNODE_DESCRIPTION -> set ? STATUS_ATTR_UNSUPPORTED : vnodeDescription(slot, v, mod, mad);
            case ATTR_VPORT_GUID_INFO -> vportGuidInfo(v, set, mod, mad);
            case ATTR_VPORT_P_KEY_TABLE -> vportPKeyTable(v, set, mod, mad);
            default -> STATUS_ATTR_UNSUPPORTED;
        };
    }

    private static int generalInfo(long mod, byte[] mad) {
        if (mod != GeneralInfoCapabilities.MODIFIER) {
            return STATUS_INVALID_FIELD;
        }
        CAPABILITIES.encodeTo(mad, D);
        return STATUS_OK;
    }

    private int qosConfigSl(int slot, PortVirtualization v, boolean set, long mod, byte[] mad) {
        int[] limits;
        if (QosConfigSl.isVPort(mod)) {
            long index = mod & 0x7FFF_FFFFL;
            if (index > v.top) {
                return STATUS_INVALID_FIELD;
            }
            limits = v.vportRateLimits((int) index);
        } else {
            if (mod != 0 && mod != s.portNum(slot)) {
                return STATUS_INVALID_FIELD;
            }
            limits = v.portRateLimits();
        }
        for (int sl = 0; sl < PortVirtualization.SLS; sl++) {
            if (set) {
                limits[sl] = QosConfigSl.RATE_LIMIT[sl].getInt(mad, D);
            }
            QosConfigSl.BANDWIDTH_SHARE[sl].put(mad, D, 0);
            QosConfigSl.RATE_LIMIT[sl].put(mad, D, limits[sl]);
        }
        return STATUS_OK;
    }

    private int virtualizationInfo(int slot, PortVirtualization v, boolean set, long mod, byte[] mad) {
        if (mod != VirtualizationInfo.MODIFIER) {
            return STATUS_INVALID_FIELD;
        }
        if (set) {
            v.enable(VirtualizationInfo.VIRTUALIZATION_ENABLE.getInt(mad, D) == 1, s.portState(slot));
            if (VirtualizationInfo.VPORT_STATE_CHANGE.getInt(mad, D) == 1) {
                v.stateChange = false;
            }
        }
        new VirtualizationInfo(v.top, v.top, v.enabled ? 1 : 0, 0, v.stateChange ? 1 : 0, 0, 0).encodeTo(mad, D);
        return STATUS_OK;
    }

    private int vportInfo(int slot, PortVirtualization v, boolean set, long mod, byte[] mad) {
        if (mod > v.top) {
            return STATUS_INVALID_FIELD;
        }
        int index = (int) mod;
        if (set) {
            int status = setVPortInfo(slot, v, index, mad);
            if (status != STATUS_OK) {
                return status;
            }
        }
        boolean ownLid = v.spec.needsOwnLid(index);
        new VPortInfo(v.state(index, s.portState(slot)), 0, ownLid ? 1 : 0, PortVirtualization.VGUID_CAP,
                PortVirtualization.VPORT_CAPABILITY_MASK, v.pKeyViolations(index), v.qKeyViolations(index),
                ownLid ? v.lid(index) : 0, 0, v.vportGuid(index), 0).encodeTo(mad, D);
        return STATUS_OK;
    }

    /** Checks the whole Set first, then applies it: a refused Set changes nothing. */
    private int setVPortInfo(int slot, PortVirtualization v, int index, byte[] mad) {
        int wanted = VPortInfo.VPORT_STATE.getInt(mad, D);
        int lid = VPortInfo.VPORT_LID.getInt(mad, D);
        boolean ownLid = v.spec.needsOwnLid(index);
        boolean linkUp = s.linkUp(slot);
        int current = v.state(index, s.portState(slot));
        boolean changeState = v.ownsState(index) && wanted != VPortInfo.STATE_NO_CHANGE && wanted != current;
        if (changeState && !legalTransition(slot, v, index, current, wanted)) {
            return STATUS_INVALID_FIELD;
        }
        if (ownLid && lid >= 0xC000) {
            return STATUS_INVALID_FIELD;
        }
        if (ownLid) {
            v.setLid(index, lid);
        }
        v.clearViolations(index, VPortInfo.P_KEY_VIOLATIONS.getInt(mad, D) == 0,
                VPortInfo.Q_KEY_VIOLATIONS.getInt(mad, D) == 0);
        if (changeState && wanted == VPortInfo.STATE_DOWN) {
            v.bounce(index, linkUp);
        } else if (changeState && wanted != VPortInfo.STATE_INIT) {
            v.setState(index, wanted);
        }
        return STATUS_OK;
    }

    /**
     * Down always (it bounces the vport), Init on a live vport (no change), Armed from Init with the link up,
     * Active from Armed with the physical port Active; anything else is illegal.
     */
    private boolean legalTransition(int slot, PortVirtualization v, int index, int current, int wanted) {
        boolean live = s.linkUp(slot) && v.vmRunning(index);
        return switch (wanted) {
            case VPortInfo.STATE_DOWN -> true;
            case VPortInfo.STATE_INIT -> live && current != VPortInfo.STATE_DOWN;
            case VPortInfo.STATE_ARMED -> live && current == VPortInfo.STATE_INIT;
            case VPortInfo.STATE_ACTIVE -> live && current == VPortInfo.STATE_ARMED
                    && s.portState(slot) == PortInfo.STATE_ACTIVE;
            default -> false;
        };
    }

    private int vnodeInfo(int slot, PortVirtualization v, long mod, byte[] mad) {
        if (mod > v.top) {
            return STATUS_INVALID_FIELD;
        }
        int index = (int) mod;
        TopoNode node = s.topology.node(s.portNode[slot]);
        VNodeInfo info = index == 0
                ? new VNodeInfo(PortVirtualization.VPARTITION_CAP, s.portNum(slot), node.numPorts(), node.nodeGuid())
                : new VNodeInfo(PortVirtualization.VPARTITION_CAP, 1, 1, VPortSpec.vnodeGuid(v.portGuid, index));
        info.encodeTo(mad, D);
        return STATUS_OK;
    }

    private int vportState(int slot, PortVirtualization v, long mod, byte[] mad) {
        if (mod > v.top / VPortState.ENTRIES) {
            return STATUS_INVALID_FIELD;
        }
        int first = (int) mod * VPortState.ENTRIES;
        int physical = s.portState(slot);
        for (int i = 0; i < VPortState.ENTRIES; i++) {
            int index = first + i;
            VPortState.STATE[i].put(mad, D, index <= v.top ? v.state(index, physical) : 0);
        }
        return STATUS_OK;
    }

    private int vnodeDescription(int slot, PortVirtualization v, long mod, byte[] mad) {
        if (mod > v.top) {
            return STATUS_INVALID_FIELD;
        }
        String node = s.topology.node(s.portNode[slot]).description();
        new VNodeDescription(mod == 0 ? node : node + " vm" + mod).encodeTo(mad, D);
        return STATUS_OK;
    }

    private static int vportGuidInfo(PortVirtualization v, boolean set, long mod, byte[] mad) {
        int index = (int) (mod >>> 16);
        int block = (int) (mod & 0xFFFF);
        if (index > v.top || block * GUIDS_PER_BLOCK >= PortVirtualization.VGUID_CAP) {
            return STATUS_INVALID_FIELD;
        }
        long[] aliases = v.aliasGuids(index, set);
        for (int i = 0; i < GUIDS_PER_BLOCK; i++) {
            int o = D + 8 * i;
            if (set && i > 0) {
                aliases[i] = getLong(mad, o);
            }
            putLong(mad, o, i == 0 ? v.vportGuid(index) : aliases == null ? 0 : aliases[i]);
        }
        return STATUS_OK;
    }

    private static int vportPKeyTable(PortVirtualization v, boolean set, long mod, byte[] mad) {
        int index = (int) (mod >>> 16);
        int block = (int) (mod & 0xFFFF);
        if (index > v.top || block * P_KEYS_PER_BLOCK >= PortVirtualization.VPARTITION_CAP) {
            return STATUS_INVALID_FIELD;
        }
        short[] keys = v.pKeys(index, set);
        for (int i = 0; i < P_KEYS_PER_BLOCK; i++) {
            int o = D + 2 * i;
            if (set) {
                keys[i] = (short) MadBytes.u16(mad, o);
            }
            MadBytes.putU16(mad, o, keys != null ? keys[i] & 0xFFFF : i == 0 ? 0xFFFF : 0);
        }
        return STATUS_OK;
    }

    private static long getLong(byte[] b, int o) {
        long x = 0;
        for (int i = 0; i < 8; i++) {
            x = (x << 8) | (b[o + i] & 0xFFL);
        }
        return x;
    }

    private static void putLong(byte[] b, int o, long x) {
        for (int i = 7; i >= 0; i--) {
            b[o + i] = (byte) x;
            x >>>= 8;
        }
    }
}
