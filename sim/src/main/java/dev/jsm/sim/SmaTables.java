package dev.jsm.sim;

import static dev.jsm.sim.Sma.STATUS_INVALID_FIELD;
import static dev.jsm.sim.Sma.STATUS_OK;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.util.Arrays;

/**
 * The SMA's table attributes, copied in and out of primitive arrays one 64-byte block at a time (IBA 14.2.5.8-11,
 * 14.2.5.13, 14.2.5.5): LinearForwardingTable (block = modifier, 64 LIDs; blocks at or beyond LinearFDBCap are
 * invalid), MulticastForwardingTable (bits 8:0 block of 32 MLIDs, bits 31:28 position of 16 ports), P_KeyTable
 * (bits 15:0 block of 32, switches bits 31:16 port; capacity NodeInfo.PartitionCap, or PartitionEnforcementCap on
 * switch external ports), SLtoVLMappingTable (switches: bits 15:8 input, 7:0 output port), VLArbitrationTable (bits
 * 31:16 block 1-4 = low 0-31, low 32-63, high 0-31, high 32-63 within VLArbitrationLow/HighCap; switches bits 7:0
 * port) and GUIDInfo (block of 8; GUIDCap entries; GUID 0 is the port GUID and read-only). CAs answer for the port
 * the SMP arrived on. A block or port outside the capacities answers 0x001C, where ibsim sometimes returns zeros.
 *
 * <p>Confined to the simulator thread.
 *
 * <p>In detail: docs/design/sim.md#smatables.
 */
final class SmaTables {

    private static final int D = Smp.DATA_OFFSET;
    private static final int LFT_BLOCK = 64;
    private static final int MFT_BLOCK = 32;
    private static final int P_KEY_BLOCK = 32;
    private static final int GUID_BLOCK = 8;
    private static final int VL_ARB_BLOCK = 32;

    private final FabricState s;

    SmaTables(FabricState s) {
        this.s = s;
    }

    int lft(int n, boolean set, long mod, byte[] mad) {
        int cap = SwitchInfo.LINEAR_FDB_CAP.getInt(s.switchInfo, s.siOff(n));
        if (mod >= cap / LFT_BLOCK) {
            return STATUS_INVALID_FIELD;
        }
        int sw = s.switchIndex[n];
        int start = (int) mod * LFT_BLOCK;
        byte[] t = s.lft[sw];
        if (set) {
            if (t == null || t.length < start + LFT_BLOCK) {
                int len = Math.max(start + LFT_BLOCK, Math.min(cap, t == null ? 0 : 2 * t.length));
                byte[] grown = new byte[len];
                int old = t == null ? 0 : t.length;
                if (old > 0) {
                    System.arraycopy(t, 0, grown, 0, old);
                }
                Arrays.fill(grown, old, len, (byte) 0xFF);
                s.lft[sw] = grown;
                t = grown;
            }
            System.arraycopy(mad, D, t, start, LFT_BLOCK);
        } else if (t == null || t.length < start + LFT_BLOCK) {
            Arrays.fill(mad, D, D + LFT_BLOCK, (byte) 0xFF);
        } else {
            System.arraycopy(t, start, mad, D, LFT_BLOCK);
        }
        return STATUS_OK;
    }

    int mft(int n, boolean set, long mod, byte[] mad) {
        int block = (int) (mod & 0x1FF);
        int position = (int) (mod >>> 28);
        int positions = (s.numPorts[n] + 16) / 16;
        int cap = SwitchInfo.MULTICAST_FDB_CAP.getInt(s.switchInfo, s.siOff(n));
        if (block >= cap / MFT_BLOCK || position >= positions) {
            return STATUS_INVALID_FIELD;
        }
        int sw = s.switchIndex[n];
        short[] t = s.mft[sw];
        if (set && t == null) {
            t = new short[cap * positions];
            s.mft[sw] = t;
        }
        for (int i = 0; i < MFT_BLOCK; i++) {
            int idx = (block * MFT_BLOCK + i) * positions + position;
            int o = D + 2 * i;
            if (set) {
                t[idx] = (short) MadBytes.u16(mad, o);
            }
            MadBytes.putU16(mad, o, t == null ? 0 : t[idx]);
        }
        return STATUS_OK;
    }

    int pKeyTable(int slot, boolean set, long mod, byte[] mad) {
        int n = s.portNode[slot];
        int port = (int) (mod >>> 16);
        int target = slot;
        if (s.isSwitch[n]) {
            if (port > s.numPorts[n]) {
                return STATUS_INVALID_FIELD;
            }
            target = s.portBase[n] + port;
        }
        int cap = s.isSwitch[n] && port > 0
                ? SwitchInfo.PARTITION_ENFORCEMENT_CAP.getInt(s.switchInfo, s.siOff(n))
                : NodeInfo.PARTITION_CAP.getInt(s.nodeInfo, n * FabricState.NODE_INFO_SIZE);
        int first = (int) (mod & 0xFFFF) * P_KEY_BLOCK;
        if (first >= cap) {
            return STATUS_INVALID_FIELD;
        }
        int count = Math.min(P_KEY_BLOCK, cap - first);
        short[] t = s.pKeys[target];
        if (set && t == null) {
            t = new short[cap];
            t[0] = (short) 0xFFFF;
            s.pKeys[target] = t;
        }
        Arrays.fill(mad, D + 2 * count, D + Smp.DATA_SIZE, (byte) 0);
        for (int i = 0; i < count; i++) {
            int o = D + 2 * i;
            if (set) {
                t[first + i] = (short) MadBytes.u16(mad, o);
            }
            MadBytes.putU16(mad, o, t != null ? t[first + i] : first + i == 0 ? 0xFFFF : 0);
        }
        return STATUS_OK;
    }

    int sl2vl(int slot, boolean set, long mod, byte[] mad) {
        int n = s.portNode[slot];
        int ports = s.numPorts[n] + 1;
        int entry;
        if (s.isSwitch[n]) {
            int in = (int) ((mod >>> 8) & 0xFF);
            int out = (int) (mod & 0xFF);
            if (in >= ports || out >= ports) {
                return STATUS_INVALID_FIELD;
            }
            entry = in * ports + out;
        } else {
            entry = s.portNum(slot);
        }
        byte[] t = s.sl2vl[n];
        if (set && t == null) {
            int entries = s.isSwitch[n] ? ports * ports : ports;
            t = new byte[entries * SimDefaults.SL2VL.length];
            for (int i = 0; i < entries; i++) {
                System.arraycopy(SimDefaults.SL2VL, 0, t, i * SimDefaults.SL2VL.length, SimDefaults.SL2VL.length);
            }
            s.sl2vl[n] = t;
        }
        int size = SimDefaults.SL2VL.length;
        if (set) {
            System.arraycopy(mad, D, t, entry * size, size);
        }
        System.arraycopy(t != null ? t : SimDefaults.SL2VL, t != null ? entry * size : 0, mad, D, size);
        Arrays.fill(mad, D + size, D + Smp.DATA_SIZE, (byte) 0);
        return STATUS_OK;
    }

    int vlArb(int slot, boolean set, long mod, byte[] mad) {
        int n = s.portNode[slot];
        int target = slot;
        if (s.isSwitch[n]) {
            int port = (int) (mod & 0xFF);
            if (port > s.numPorts[n]) {
                return STATUS_INVALID_FIELD;
            }
            target = s.portBase[n] + port;
        }
        int block = (int) (mod >>> 16);
        if (block < 1 || block > 4) {
            return STATUS_INVALID_FIELD;
        }
        int piOff = FabricState.piOff(target);
        int cap = block <= 2 ? PortInfo.VL_ARBITRATION_LOW_CAP.getInt(s.portInfo, piOff)
                : PortInfo.VL_ARBITRATION_HIGH_CAP.getInt(s.portInfo, piOff);
        int count = block % 2 == 1 ? Math.min(VL_ARB_BLOCK, cap) : cap - VL_ARB_BLOCK;
        if (count <= 0) {
            return STATUS_INVALID_FIELD;
        }
        byte[] t = s.vlArb[target];
        if (set && t == null) {
            t = new byte[4 * Smp.DATA_SIZE];
            SimDefaults.vlArbBlock(t, 0, 1);
            SimDefaults.vlArbBlock(t, 2 * Smp.DATA_SIZE, 3);
            s.vlArb[target] = t;
        }
        int off = (block - 1) * Smp.DATA_SIZE;
        if (set) {
            System.arraycopy(mad, D, t, off, 2 * count);
        }
        Arrays.fill(mad, D, D + Smp.DATA_SIZE, (byte) 0);
        if (t != null) {
            System.arraycopy(t, off, mad, D, 2 * count);
        } else if (block % 2 == 1) {
            SimDefaults.vlArbBlock(mad, D, block);
        }
        return STATUS_OK;
    }

    int guidInfo(int slot, boolean set, long mod, byte[] mad) {
        int end = s.endPort(slot);
        int cap = PortInfo.GUID_CAP.getInt(s.portInfo, FabricState.piOff(end));
        if (mod * GUID_BLOCK >= cap) {
            return STATUS_INVALID_FIELD;
        }
        int first = (int) mod * GUID_BLOCK;
        long[] t = s.guids[end];
        if (set && t == null) {
            t = new long[cap];
            s.guids[end] = t;
        }
        for (int i = 0; i < GUID_BLOCK; i++) {
            int idx = first + i;
            int o = D + 8 * i;
            if (set && idx > 0 && idx < cap) {
                t[idx] = getLong(mad, o);
            }
            long v = idx == 0 ? s.portGuid[end] : t != null && idx < cap ? t[idx] : 0;
            putLong(mad, o, v);
        }
        return STATUS_OK;
    }

    private static long getLong(byte[] b, int o) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[o + i] & 0xFFL);
        }
        return v;
    }

    private static void putLong(byte[] b, int o, long v) {
        for (int i = 7; i >= 0; i--) {
            b[o + i] = (byte) v;
            v >>>= 8;
        }
    }
}
