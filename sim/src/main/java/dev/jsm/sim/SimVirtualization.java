package dev.jsm.sim;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.QosConfigSl;
import dev.jsm.mad.smp.VNodeDescription;
import dev.jsm.mad.smp.VNodeInfo;
import dev.jsm.mad.smp.VPortGuidInfo;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.mad.smp.VPortPKeyTable;
import dev.jsm.mad.smp.VirtualizationInfo;

/**
 * Reads the virtualization and rate-limit state of a {@link SimFabric}'s CA ports as an SMP Get would answer it (the
 * same code builds both), for tests: VirtualizationInfo, each vport's VPortInfo, vnode, GUIDs and P_Keys, the per-SL
 * rate limits of ports and vports, and whether a vport's VM runs. Nothing here changes the fabric or counts a MAD;
 * {@link SimFaults#vmStop} and {@link SimFaults#vmStart} change VMs, SMPs the rest. See
 * {@code docs/virtualization.md}.
 *
 * <p>Thread-safe.
 */
public final class SimVirtualization {

    private final FabricState state;
    private final SmaVirtualization sma;

    SimVirtualization(FabricState state) {
        this.state = state;
        this.sma = new SmaVirtualization(state);
    }

    /** Whether port {@code port} of {@code node} is a CA port with virtualization. */
    public boolean supported(int node, int port) {
        if (node < 0 || node >= state.nodeCount || port < 1 || port > state.numPorts[node]) {
            return false;
        }
        synchronized (state) {
            return state.virtualization(state.slot(node, port)) != null;
        }
    }

    /** The port's VirtualizationInfo now. */
    public VirtualizationInfo virtualizationInfo(int node, int port) {
        return VirtualizationInfo.decode(get(node, port, SmaVirtualization.ATTR_VIRTUALIZATION_INFO,
                VirtualizationInfo.MODIFIER), Smp.DATA_OFFSET);
    }

    /** VPortInfo of vport {@code vport} (0..VPortCap) now. */
    public VPortInfo vportInfo(int node, int port, int vport) {
        return VPortInfo.decode(get(node, port, SmaVirtualization.ATTR_VPORT_INFO, vport), Smp.DATA_OFFSET);
    }

    /** The state of vport {@code vport} (VPortInfo.STATE_*). */
    public int vportState(int node, int port, int vport) {
        return vportInfo(node, port, vport).vportState();
    }

    /** VNodeInfo of the vnode of vport {@code vport}. */
    public VNodeInfo vnodeInfo(int node, int port, int vport) {
        return VNodeInfo.decode(get(node, port, SmaVirtualization.ATTR_VNODE_INFO, vport), Smp.DATA_OFFSET);
    }

    /** VNodeDescription of the vnode of vport {@code vport}. */
    public String vnodeDescription(int node, int port, int vport) {
        return VNodeDescription.decode(get(node, port, SmaVirtualization.ATTR_VNODE_DESCRIPTION, vport),
                Smp.DATA_OFFSET).description();
    }

    /** The 8 GUIDs of vport {@code vport}: its own, then the alias GUIDs an SM set (0 where none). */
    public long[] vportGuids(int node, int port, int vport) {
        return VPortGuidInfo.decode(get(node, port, SmaVirtualization.ATTR_VPORT_GUID_INFO,
                VPortGuidInfo.modifier(vport, 0)), Smp.DATA_OFFSET).block().guids();
    }

    /** The 32 P_Keys of vport {@code vport}. */
    public int[] vportPKeys(int node, int port, int vport) {
        return VPortPKeyTable.decode(get(node, port, SmaVirtualization.ATTR_VPORT_P_KEY_TABLE,
                VPortPKeyTable.modifier(vport, 0)), Smp.DATA_OFFSET).block().pKeys();
    }

    /** The 16 per-SL rate limits (Mb/s, 0 unlimited) of the physical port. */
    public int[] rateLimits(int node, int port) {
        return QosConfigSl.decode(get(node, port, SmaVirtualization.ATTR_QOS_CONFIG_SL, 0), Smp.DATA_OFFSET)
                .rateLimit();
    }

    /** The 16 per-SL rate limits (Mb/s, 0 unlimited) of vport {@code vport}. */
    public int[] vportRateLimits(int node, int port, int vport) {
        return QosConfigSl.decode(get(node, port, SmaVirtualization.ATTR_QOS_CONFIG_SL,
                QosConfigSl.vportModifier(vport)), Smp.DATA_OFFSET).rateLimit();
    }

    /** Whether the VM of vport {@code vport} (1..VPortCap) runs. */
    public boolean vmRunning(int node, int port, int vport) {
        synchronized (state) {
            PortVirtualization v = checked(node, port);
            if (vport < 0 || vport > v.top) {
                throw new IllegalArgumentException("vport " + vport + " outside 0.." + v.top);
            }
            return v.vmRunning(vport);
        }
    }

    /** Answers a Get of {@code attr} at the port as its SMA would; the MAD, or an exception for a bad request. */
    private byte[] get(int node, int port, int attr, long mod) {
        byte[] mad = new byte[256];
        synchronized (state) {
            checked(node, port);
            int status = sma.handle(state.slot(node, port), attr, false, mod, mad);
            if (status != Sma.STATUS_OK) {
                throw new IllegalArgumentException(String.format("attribute 0x%04x modifier 0x%08x of %d/%d:"
                        + " status 0x%04x", attr, mod, node, port, status));
            }
        }
        return mad;
    }

    private PortVirtualization checked(int node, int port) {
        PortVirtualization v = node < 0 || node >= state.nodeCount || port < 1 || port > state.numPorts[node] ? null
                : state.virtualization(state.slot(node, port));
        if (v == null) {
            throw new IllegalArgumentException("port " + node + "/" + port + " has no virtualization");
        }
        return v;
    }
}
