package dev.jsm.sim;

import dev.jsm.mad.smp.NodeDescription;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.PortOptions;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.VPortSpec;
import java.util.Arrays;

/**
 * Everything the simulated SMAs remember, in flat primitive arrays so that a fabric of 13k nodes and 83k port slots
 * loads in milliseconds and costs a few megabytes.
 *
 * <p>Not thread-safe: guarded by the monitor of this object, which the simulator thread holds while it processes
 * MADs and the fault and inspection methods hold while they run.
 *
 * <p>In detail: docs/design/sim.md#fabricstate.
 */
final class FabricState {

    static final int PHYS_POLLING = 2;
    static final int PHYS_DISABLED = 3;
    static final int PHYS_LINK_UP = 5;
    static final int NODE_INFO_SIZE = 40;
    static final int SWITCH_INFO_SIZE = 20;
    static final int PORT_INFO_SIZE = 64;
    /** Bytes kept per slot of Mellanox's ExtendedPortInfo. */
    static final int MLNX_EXT_PORT_INFO_SIZE = 4;

    final Topology topology;
    final int nodeCount;
    final int portSlots;
    final boolean[] isSwitch;
    final int[] numPorts;
    final int[] portBase;
    final int[] switchIndex;
    final boolean[] present;
    /** Nodes whose SMA answers nothing addressed to it while their links stay up (a hung or booting firmware). */
    final boolean[] muted;
    final byte[] nodeInfo;
    final int[] portNode;
    final long[] portGuid;
    /** Slot of the port at the other end of the cable, or -1: the topology's cabling, never changed. */
    final int[] cablePeer;
    /** Cable pulled by fault injection (set on both ends). */
    final boolean[] cut;
    /** Port disabled by an SM (PortPhysicalState Disabled). */
    final boolean[] disabled;
    final byte[] portInfo;
    final byte[] switchInfo;
    final byte[][] lft;
    final short[][] mft;
    final byte[][] sl2vl;
    final short[][] pKeys;
    final byte[][] vlArb;
    final long[][] guids;
    /** Per slot the four speed bytes of Mellanox's ExtendedPortInfo (see the class comment). */
    final byte[] mlnxExtPortInfo;
    /** Ports that report extended speeds only to an SM that sets SMSupportExtendedSpeeds (AM bit 31). */
    final boolean[] needsExtendedSpeedsBit;
    final SimMadChannel[] channels;
    /** The ports' performance counters (the PMA's). */
    final SimPortCounters perf;
    /** What the congestion control agents hold. */
    final CongestionState cc;
    /** Per CA port slot its virtualization, or null; the whole array null when no CA has virtualization. */
    private final PortVirtualization[] virt;
    private final byte[][] nodeDescription;

    FabricState(Topology topology) {
        this.topology = topology;
        nodeCount = topology.nodeCount();
        isSwitch = new boolean[nodeCount];
        numPorts = new int[nodeCount];
        portBase = new int[nodeCount];
        switchIndex = new int[nodeCount];
        present = new boolean[nodeCount];
        muted = new boolean[nodeCount];
        int slots = 0;
        int switches = 0;
        for (int n = 0; n < nodeCount; n++) {
            TopoNode t = topology.node(n);
            isSwitch[n] = t.kind() == NodeKind.SWITCH;
            numPorts[n] = t.numPorts();
            portBase[n] = slots;
            slots += t.numPorts() + 1;
            switchIndex[n] = isSwitch[n] ? switches++ : -1;
            present[n] = true;
        }
        portSlots = slots;
        nodeInfo = new byte[nodeCount * NODE_INFO_SIZE];
        nodeDescription = new byte[nodeCount][];
        portNode = new int[slots];
        portGuid = new long[slots];
        cablePeer = new int[slots];
        cut = new boolean[slots];
        disabled = new boolean[slots];
        portInfo = new byte[slots * PORT_INFO_SIZE];
        switchInfo = new byte[switches * SWITCH_INFO_SIZE];
        lft = new byte[switches][];
        mft = new short[switches][];
        sl2vl = new byte[nodeCount][];
        pKeys = new short[slots][];
        vlArb = new byte[slots][];
        guids = new long[slots][];
        mlnxExtPortInfo = new byte[slots * MLNX_EXT_PORT_INFO_SIZE];
        needsExtendedSpeedsBit = new boolean[slots];
        channels = new SimMadChannel[slots];
        perf = new SimPortCounters(slots);
        cc = new CongestionState(nodeCount, slots);
        virt = topology.hasVPorts() ? new PortVirtualization[slots] : null;
        Arrays.fill(cablePeer, -1);
        for (int n = 0; n < nodeCount; n++) {
            TopoNode t = topology.node(n);
            VPortSpec spec = virt == null ? null : topology.vports(n).orElse(null);
            for (int p = 0; p <= numPorts[n]; p++) {
                int slot = portBase[n] + p;
                portNode[slot] = n;
                portGuid[slot] = p == 0 && !isSwitch[n] ? 0 : t.portGuid(p);
                if (spec != null && p > 0) {
                    virt[slot] = new PortVirtualization(spec, portGuid[slot]);
                }
            }
        }
        for (int n = 0; n < nodeCount; n++) {
            for (int p = 1; p <= numPorts[n]; p++) {
                int peer = topology.peerNode(n, p);
                if (peer >= 0) {
                    cablePeer[portBase[n] + p] = portBase[peer] + topology.peerPort(n, p);
                }
            }
            powerOn(n);
        }
    }

    /**
     * Puts node {@code n} in its power-on state: default attribute values, empty tables, links up where the cable
     * and the peer allow it (ports in Init). Does not touch the peers' state.
     */
    void powerOn(int n) {
        TopoNode t = topology.node(n);
        SimDefaults.nodeInfo(nodeInfo, n * NODE_INFO_SIZE, t.kind().nodeType(), numPorts[n], t.systemImageGuid(),
                t.nodeGuid(), t.deviceId(), t.vendorId());
        boolean anyCabled = false;
        for (int p = 0; p <= numPorts[n]; p++) {
            int slot = portBase[n] + p;
            boolean cabled = cablePeer[slot] >= 0;
            anyCabled |= cabled;
            byte[] template = isSwitch[n]
                    ? (p == 0 ? SimDefaults.SWITCH_PORT0 : cabled ? SimDefaults.SWITCH_PORT
                    : SimDefaults.SWITCH_PORT_UNCABLED)
                    : (cabled ? SimDefaults.CA_PORT : SimDefaults.CA_PORT_UNCABLED);
            int off = slot * PORT_INFO_SIZE;
            System.arraycopy(template, 0, portInfo, off, PORT_INFO_SIZE);
            PortInfo.LOCAL_PORT_NUM.put(portInfo, off, isSwitch[n] ? 0 : p);
            PortVirtualization v = virtualization(slot);
            if (v != null) {
                v.powerOn();
                PortInfo.CAPABILITY_MASK2.put(portInfo, off, PortInfo.CAPABILITY_MASK2.getInt(portInfo, off)
                        | PortInfo.CAP2_IS_VIRTUALIZATION_SUPPORTED);
            }
            PortOptions.Port options = topology.portOptions().port(n, p);
            needsExtendedSpeedsBit[slot] = PortSpeeds.apply(options, portInfo, off, mlnxExtPortInfo,
                    slot * MLNX_EXT_PORT_INFO_SIZE);
            disabled[slot] = false;
            pKeys[slot] = null;
            vlArb[slot] = null;
            guids[slot] = PortSpeeds.aliasTable(options, portInfo, off);
            perf.reset(slot);
            if (p > 0 && physicallyUp(slot)) {
                setPortState(slot, PortInfo.STATE_INIT);
                setPhysState(slot, PHYS_LINK_UP);
                vportLinkChanged(slot, true);
            }
        }
        sl2vl[n] = null;
        cc.powerOn(n, portBase[n], portBase[n] + numPorts[n]);
        if (isSwitch[n]) {
            int sw = switchIndex[n];
            Arrays.fill(switchInfo, sw * SWITCH_INFO_SIZE, (sw + 1) * SWITCH_INFO_SIZE, (byte) 0);
            SimDefaults.switchInfo(switchInfo, sw * SWITCH_INFO_SIZE, anyCabled, topology.linearFdbCap(n));
            lft[sw] = null;
            mft[sw] = null;
        }
    }

    /** Whether the cable at {@code slot} can carry a link now: cabled, not cut, both ends present and enabled. */
    boolean physicallyUp(int slot) {
        int peer = cablePeer[slot];
        return peer >= 0 && !cut[slot] && !disabled[slot] && !disabled[peer] && present[portNode[slot]]
                && present[portNode[peer]];
    }

    /** The node's NodeDescription as a 64-byte wire image (encoded on first use). */
    byte[] nodeDescription(int n) {
        byte[] d = nodeDescription[n];
        if (d == null) {
            d = new byte[NodeDescription.LAYOUT.size()];
            new NodeDescription(topology.node(n).description()).encodeTo(d, 0);
            nodeDescription[n] = d;
        }
        return d;
    }

    /** Slot of {@code port} of node {@code n}. */
    int slot(int n, int port) {
        return portBase[n] + port;
    }

    /** Port number of a slot. */
    int portNum(int slot) {
        return slot - portBase[portNode[slot]];
    }

    /** Offset of the slot's PortInfo image in {@link #portInfo}. */
    static int piOff(int slot) {
        return slot * PORT_INFO_SIZE;
    }

    int lid(int slot) {
        int o = slot * PORT_INFO_SIZE + 16;
        return ((portInfo[o] & 0xFF) << 8) | (portInfo[o + 1] & 0xFF);
    }

    int masterSmLid(int slot) {
        int o = slot * PORT_INFO_SIZE + 18;
        return ((portInfo[o] & 0xFF) << 8) | (portInfo[o + 1] & 0xFF);
    }

    int lmc(int slot) {
        return portInfo[slot * PORT_INFO_SIZE + 34] & 0x07;
    }

    int portState(int slot) {
        return portInfo[slot * PORT_INFO_SIZE + 32] & 0x0F;
    }

    void setPortState(int slot, int state) {
        int o = slot * PORT_INFO_SIZE + 32;
        portInfo[o] = (byte) ((portInfo[o] & 0xF0) | state);
    }

    int physState(int slot) {
        return (portInfo[slot * PORT_INFO_SIZE + 33] >>> 4) & 0x0F;
    }

    void setPhysState(int slot, int state) {
        int o = slot * PORT_INFO_SIZE + 33;
        portInfo[o] = (byte) ((portInfo[o] & 0x0F) | (state << 4));
    }

    /** Whether the link at a physical port is up (both ends LinkUp, so SMPs cross it). */
    boolean linkUp(int slot) {
        return physState(slot) == PHYS_LINK_UP;
    }

    /** The LID-addressed end port behind a slot: itself for CAs, port 0 for switches. */
    int endPort(int slot) {
        int n = portNode[slot];
        return isSwitch[n] ? portBase[n] : slot;
    }

    /**
     * Whether {@code lid} is in the LID range (base LID, 2^LMC LIDs) of end port {@code slot} or the own LID of one of
     * its vports.
     */
    boolean ownsLid(int slot, int lid) {
        int base = lid(slot);
        if (base != 0 && lid >= base && lid < base + (1 << lmc(slot))) {
            return true;
        }
        PortVirtualization v = virtualization(slot);
        return v != null && v.vportOfLid(lid) >= 0;
    }

    /** Whether {@code lid} is the own LID of a vport of {@code slot} that is Down (its VM stopped, its link down). */
    boolean isDownVPortLid(int slot, int lid) {
        PortVirtualization v = virtualization(slot);
        int index = v == null ? -1 : v.vportOfLid(lid);
        return index > 0 && v.state(index, portState(slot)) == PortInfo.STATE_DOWN;
    }

    /** The virtualization of CA port {@code slot}, or null. */
    PortVirtualization virtualization(int slot) {
        return virt == null ? null : virt[slot];
    }

    /** The physical link at {@code slot} trained ({@code up}) or went down: its vports follow. */
    void vportLinkChanged(int slot, boolean up) {
        PortVirtualization v = virtualization(slot);
        if (v != null) {
            v.linkChanged(up);
        }
    }

    /** Offset of the switch's SwitchInfo image in {@link #switchInfo}. */
    int siOff(int n) {
        return switchIndex[n] * SWITCH_INFO_SIZE;
    }

    int linearFdbTop(int n) {
        int o = siOff(n) + 6;
        return ((switchInfo[o] & 0xFF) << 8) | (switchInfo[o + 1] & 0xFF);
    }

    void setPortStateChange(int n) {
        switchInfo[siOff(n) + 11] |= 0x04;
    }

    /** LFT entry of switch {@code n} for {@code lid} (0xFF when unprogrammed). */
    int lftPort(int n, int lid) {
        byte[] t = lft[switchIndex[n]];
        return t != null && lid < t.length ? t[lid] & 0xFF : 0xFF;
    }

    /** Whether switch {@code n}'s MFT forwards {@code mlid} on {@code port} (false when unprogrammed). */
    boolean mftHasPort(int n, int mlid, int port) {
        short[] t = mft[switchIndex[n]];
        int positions = (numPorts[n] + 16) / 16;
        int idx = (mlid - 0xC000) * positions + port / 16;
        return t != null && idx >= 0 && idx < t.length && (t[idx] & 1 << (port % 16)) != 0;
    }
}
