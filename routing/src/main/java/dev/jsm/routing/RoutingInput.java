package dev.jsm.routing;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * What a routing engine sees of the fabric: switches, their ports and links, and the LIDs of the end ports, as
 * dense primitive arrays built once per sweep from a {@link SubnetSnapshot}.
 *
 * <p>The accessors return the internal arrays without copying so hot loops can read them directly: they are
 * <b>read-only</b>; an engine must never write to them. Under that rule the object is immutable and safe to share
 * between threads. Counterpart of the parts of {@code osm_subn_t} OpenSM's engines read.
 *
 * <p>In detail: docs/design/routing.md#routinginput.
 */
public final class RoutingInput {

    /** {@link #portEdge()} value: the port has no usable cable (not cabled, down, or port 0). */
    public static final int PORT_UNCONNECTED = -1;
    /** {@link #portEdge()} value: the port is cabled to a CA or router. */
    public static final int PORT_TO_END_NODE = -2;

    final int lmc;
    final long[] switchGuid;
    final long[] switchSystemImageGuid;
    final int[] switchNumPorts;
    final int[] switchLid;
    final int[] portStart;
    final int[] portEdge;
    final byte[] portOperationalVls;
    final int[] linkStart;
    final int[] peerSwitch;
    final byte[] localPort;
    final byte[] peerPort;
    final int maxLid;
    final int[] lidOwnerSwitch;
    final byte[] lidOwnerPort;
    final int[] lidEndPort;
    final int[] endPortBaseLid;
    final int[] endPortLidCount;
    final long[] endPortGuid;
    final long[] endPortNodeGuid;
    final String[] endPortNodeDescription;
    final long[] endPortSystemImageGuid;
    final boolean[] endPortIsSwitch;
    final int[] endPortSwitch;
    final int dataVls;
    final boolean[] edgeThrottled;
    final int[] extraLids;
    final int[] extraLidBase;

    RoutingInput(RoutingInputBuilder b) {
        lmc = b.lmc;
        switchGuid = b.switchGuid;
        switchSystemImageGuid = b.switchSystemImageGuid;
        switchNumPorts = b.switchNumPorts;
        switchLid = b.switchLid;
        portStart = b.portStart;
        portEdge = b.portEdge;
        portOperationalVls = b.portOperationalVls;
        linkStart = b.linkStart;
        peerSwitch = b.peerSwitch;
        localPort = b.localPort;
        peerPort = b.peerPort;
        maxLid = b.maxLid;
        lidOwnerSwitch = b.lidOwnerSwitch;
        lidOwnerPort = b.lidOwnerPort;
        lidEndPort = b.lidEndPort;
        endPortBaseLid = b.endPortBaseLid;
        endPortLidCount = b.endPortLidCount;
        endPortGuid = b.endPortGuid;
        endPortNodeGuid = b.endPortNodeGuid;
        endPortNodeDescription = b.endPortNodeDescription;
        endPortSystemImageGuid = b.endPortSystemImageGuid;
        endPortIsSwitch = b.endPortIsSwitch;
        endPortSwitch = b.endPortSwitch;
        dataVls = b.dataVls;
        edgeThrottled = b.edgeThrottled;
        int n = 0;
        for (int lid = 1; lid <= maxLid; lid++) {
            n += isExtra(lid) ? 1 : 0;
        }
        extraLids = new int[n];
        extraLidBase = new int[n];
        for (int lid = 1, k = 0; lid <= maxLid; lid++) {
            if (isExtra(lid)) {
                extraLids[k] = lid;
                extraLidBase[k++] = endPortBaseLid[lidEndPort[lid]];
            }
        }
    }

    /** Whether {@code lid} is held by an end port outside its LMC range. */
    private boolean isExtra(int lid) {
        int ep = lidEndPort[lid];
        return ep >= 0 && (lid < endPortBaseLid[ep] || lid >= endPortBaseLid[ep] + endPortLidCount[ep]);
    }

    /**
     * Builds the input of one routing pass from {@code snapshot}, with the subnet's configured LMC (OpenSM's
     * {@code lmc} option: how many LIDs per end port the engines spread, {@code 2^lmc}).
     *
     * @throws IllegalArgumentException if {@code lmc} is outside 0..7
     */
    public static RoutingInput from(SubnetSnapshot snapshot, int lmc) {
        if (lmc < 0 || lmc > Lid.MAX_LMC) {
            throw new IllegalArgumentException("LMC " + lmc + " out of range (expected 0-" + Lid.MAX_LMC + ")");
        }
        return new RoutingInputBuilder(snapshot, lmc).build();
    }

    /** The configured LMC: end ports have up to {@code 2^lmc} LIDs; {@code lmc > 0} turns on LMC spreading. */
    public int lmc() {
        return lmc;
    }

    /** Number of switches, {@code S}. */
    public int switchCount() {
        return switchGuid.length;
    }

    /**
     * The index of the switch with node GUID {@code nodeGuid}, or -1 (a binary search: switches are in unsigned GUID
     * order).
     */
    public int switchIndexOf(long nodeGuid) {
        int lo = 0;
        int hi = switchGuid.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = Long.compareUnsigned(switchGuid[mid], nodeGuid);
            if (c == 0) {
                return mid;
            }
            if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    /** Node GUIDs by switch index. Read-only. */
    public long[] switchGuid() {
        return switchGuid;
    }

    /** System image GUIDs by switch index (the node GUID where NodeInfo gave 0). Read-only. */
    public long[] switchSystemImageGuid() {
        return switchSystemImageGuid;
    }

    /** Number of external ports (NodeInfo.NumPorts) by switch index. Read-only. */
    public int[] switchNumPorts() {
        return switchNumPorts;
    }

    /** Base LID of each switch's port 0, 0 if it has none. Read-only. */
    public int[] switchLid() {
        return switchLid;
    }

    /** Flat index of port 0 of each switch, length {@code S + 1}. Read-only. */
    public int[] portStart() {
        return portStart;
    }

    /** Per flat port: the edge leaving on it, {@link #PORT_UNCONNECTED} or {@link #PORT_TO_END_NODE}. Read-only. */
    public int[] portEdge() {
        return portEdge;
    }

    /**
     * Per flat port: PortInfo.OperationalVLs as the port last reported it, in the VLCap encoding (1 = VL0,
     * 2 = VL0-1, 3 = VL0-3, 4 = VL0-7, 5 = VL0-14), 0 if not known. Deadlock-avoiding engines (lash) size their
     * virtual layers by it. Read-only.
     */
    public byte[] portOperationalVls() {
        return portOperationalVls;
    }

    /** The edge leaving switch {@code sw} on {@code port}, {@link #PORT_UNCONNECTED} or {@link #PORT_TO_END_NODE}. */
    public int edgeOfPort(int sw, int port) {
        return port < 0 || port > switchNumPorts[sw] ? PORT_UNCONNECTED : portEdge[portStart[sw] + port];
    }

    /** Number of directed switch-to-switch edges (twice the number of usable inter-switch cables). */
    public int edgeCount() {
        return peerSwitch.length;
    }

    /** First edge of each switch, length {@code S + 1}. Read-only. */
    public int[] linkStart() {
        return linkStart;
    }

    /** The switch each edge reaches. Read-only. */
    public int[] peerSwitch() {
        return peerSwitch;
    }

    /** The port each edge leaves its switch on. Read-only. */
    public byte[] localPort() {
        return localPort;
    }

    /** The port each edge arrives on at its peer switch. Read-only. */
    public byte[] peerPort() {
        return peerPort;
    }

    /**
     * Per edge: whether its cable runs below the speed or width both ends enable (OpenSM's "throttled" link, which
     * {@code avoid_throttled_links} makes sssp, dfsssp and nue route around). Read-only.
     */
    public boolean[] edgeThrottled() {
        return edgeThrottled;
    }

    /** The highest assigned LID, 0 if none; LFTs have {@code maxLid + 1} entries. */
    public int maxLid() {
        return maxLid;
    }

    /** Per LID {@code 0..maxLid}: the switch delivering it, or -1. Read-only. */
    public int[] lidOwnerSwitch() {
        return lidOwnerSwitch;
    }

    /** Per LID {@code 0..maxLid}: the port of the owner switch delivering it (0 = the switch itself), or 0xFF. */
    public byte[] lidOwnerPort() {
        return lidOwnerPort;
    }

    /** Per LID {@code 0..maxLid}: the end port holding it, or -1. Read-only. */
    public int[] lidEndPort() {
        return lidEndPort;
    }

    /** Number of end ports with LIDs, {@code E}. */
    public int endPortCount() {
        return endPortBaseLid.length;
    }

    /** Base LID by end port (ascending). Read-only. */
    public int[] endPortBaseLid() {
        return endPortBaseLid;
    }

    /** Number of LIDs ({@code 2^lmc} of the assigned range) by end port. Read-only. */
    public int[] endPortLidCount() {
        return endPortLidCount;
    }

    /** Port GUID by end port. Read-only. */
    public long[] endPortGuid() {
        return endPortGuid;
    }

    /** Node GUID by end port. Read-only. */
    public long[] endPortNodeGuid() {
        return endPortNodeGuid;
    }

    /** Node description of each end port's node (for engines' dump files and notes). Read-only. */
    public String[] endPortNodeDescription() {
        return endPortNodeDescription;
    }

    /** System image GUID by end port (the node GUID where NodeInfo gave 0). Read-only. */
    public long[] endPortSystemImageGuid() {
        return endPortSystemImageGuid;
    }

    /** Whether each end port is a switch's port 0. Read-only. */
    public boolean[] endPortIsSwitch() {
        return endPortIsSwitch;
    }

    /** The switch delivering each end port's LIDs, or -1. Read-only. */
    public int[] endPortSwitch() {
        return endPortSwitch;
    }

    /**
     * The extra LIDs, ascending: LIDs an end port holds outside its LMC range (a virtual port's own LID,
     * docs/virtualization.md), listed in the LID arrays like its other LIDs. They must be delivered exactly as the end
     * port's base LID: an engine may route them or not, {@link LftTables#copyExtraLids} then gives each of them its
     * base LID's entries, and the route verifier checks them as it checks every LID. Read-only.
     */
    public int[] extraLids() {
        return extraLids;
    }

    /** Per extra LID ({@link #extraLids()}), the base LID of the end port holding it. Read-only. */
    public int[] extraLidBase() {
        return extraLidBase;
    }

    /**
     * The data VLs every usable cable of a switch can carry: the smallest VLCap (decoded to 1, 2, 4, 8 or 15 VLs)
     * of both ends of each cable leaving a switch port, or 0 if no port reported a VLCap. Deadlock-avoiding engines
     * that put paths on VLs (dfsssp) must not need more; the link manager enables at most this many (further capped
     * by {@code max_op_vls}). Counterpart of the OperationalVLs minimum OpenSM's dfsssp reads.
     */
    public int dataVls() {
        return dataVls;
    }

    /** {@code switch 0x...} for log lines about switch {@code sw}. */
    public String describeSwitch(int sw) {
        return "switch " + Guid.toString(switchGuid[sw]);
    }

    /** {@code RoutingInput[S switches, E edges, N end ports, maxLid M, lmc L]}. */
    @Override
    public String toString() {
        return "RoutingInput[" + switchCount() + " switches, " + edgeCount() + " edges, " + endPortCount()
                + " end ports, maxLid " + maxLid + ", lmc " + lmc
                + (extraLids.length == 0 ? "" : ", " + extraLids.length + " extra LIDs") + "]";
    }
}
