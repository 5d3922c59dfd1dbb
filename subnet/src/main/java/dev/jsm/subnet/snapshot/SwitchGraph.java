package dev.jsm.subnet.snapshot;

import java.util.List;

/**
 * The switch-to-switch links of a snapshot in compressed sparse row form, for routing hot loops: switch {@code s}
 * (dense switch index, node-GUID order) has edges {@code linkStart(s) .. linkStart(s + 1) - 1}, in local port
 * order; edge {@code e} leaves {@code s} on {@code localPort(e)} and reaches {@code peerSwitch(e)} on
 * {@code peerPort(e)}. Each cable appears once from each end; parallel links are separate edges. Links to CAs and
 * routers are not in the graph (see {@link LidMap} for where those attach).
 *
 * <p>Backed by {@code int[] linkStart} (S+1), {@code int[] peerSwitch}, {@code byte[] localPort} and
 * {@code byte[] peerPort}; the accessors are plain array reads that the JIT inlines.
 *
 * <p>Immutable; safe to share.
 */
public final class SwitchGraph {

    private final long[] switchGuid;
    private final int[] linkStart;
    private final int[] peerSwitch;
    private final byte[] localPort;
    private final byte[] peerPort;

    private SwitchGraph(long[] switchGuid, int[] linkStart, int[] peerSwitch, byte[] localPort, byte[] peerPort) {
        this.switchGuid = switchGuid;
        this.linkStart = linkStart;
        this.peerSwitch = peerSwitch;
        this.localPort = localPort;
        this.peerPort = peerPort;
    }

    /** Builds the graph of {@code snapshot} (normally through {@link SubnetSnapshot#switchGraph()}). */
    public static SwitchGraph of(SubnetSnapshot snapshot) {
        List<SwitchView> switches = snapshot.switches();
        int s = switches.size();
        long[] guids = new long[s];
        int[] start = new int[s + 1];
        int edges = 0;
        for (int i = 0; i < s; i++) {
            guids[i] = switches.get(i).nodeGuid();
            for (PortView p : snapshot.portsOf(snapshot.nodes().get(switches.get(i).nodeIndex()))) {
                if (peerSwitchOf(snapshot, p) >= 0) {
                    edges++;
                }
            }
            start[i + 1] = edges;
        }
        int[] peer = new int[edges];
        byte[] local = new byte[edges];
        byte[] remote = new byte[edges];
        int e = 0;
        for (int i = 0; i < s; i++) {
            for (PortView p : snapshot.portsOf(snapshot.nodes().get(switches.get(i).nodeIndex()))) {
                int to = peerSwitchOf(snapshot, p);
                if (to >= 0) {
                    peer[e] = to;
                    local[e] = (byte) p.portNum();
                    remote[e] = (byte) snapshot.peer(p).portNum();
                    e++;
                }
            }
        }
        return new SwitchGraph(guids, start, peer, local, remote);
    }

    private static int peerSwitchOf(SubnetSnapshot snapshot, PortView p) {
        PortView peer = snapshot.peer(p);
        return peer == null ? -1 : snapshot.nodeOf(peer).switchIndex();
    }

    /** Number of switches, {@code S}. */
    public int switchCount() {
        return switchGuid.length;
    }

    /** Number of directed edges (twice the number of switch-to-switch links). */
    public int edgeCount() {
        return peerSwitch.length;
    }

    /** First edge of switch {@code sw}; {@code linkStart(S)} is {@link #edgeCount()}. */
    public int linkStart(int sw) {
        return linkStart[sw];
    }

    /** Number of edges of switch {@code sw}. */
    public int degree(int sw) {
        return linkStart[sw + 1] - linkStart[sw];
    }

    /** The switch edge {@code e} leads to. */
    public int peerSwitch(int e) {
        return peerSwitch[e];
    }

    /** The port edge {@code e} leaves its switch on. */
    public int localPort(int e) {
        return localPort[e] & 0xFF;
    }

    /** The port edge {@code e} arrives on at {@link #peerSwitch}. */
    public int peerPort(int e) {
        return peerPort[e] & 0xFF;
    }

    /** Node GUID of switch {@code sw}. */
    public long switchGuid(int sw) {
        return switchGuid[sw];
    }
}
