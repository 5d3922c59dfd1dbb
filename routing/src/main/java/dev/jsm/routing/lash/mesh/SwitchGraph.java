package dev.jsm.routing.lash.mesh;

import dev.jsm.routing.RoutingInput;
import java.util.Arrays;

/**
 * The switches and their <b>logical links</b>, the graph lash and the mesh analysis work on: all cables between the
 * same two switches form one logical link (docs/reference/lash-mesh-analysis.md#parallel-cables), cables from a
 * switch to itself are
 * left out. Each logical link is directed; a switch's links are numbered {@code linkStart[sw] .. linkStart[sw+1]-1}
 * in the order lash's shortest-path search prefers them: by lowest port number, or as the mesh analysis reorders
 * them ({@link #reordered}). A directed logical link is also a <em>channel</em> of the channel dependency graphs.
 *
 * <p>Per link: the neighbour it reaches ({@link #peer}), the link back ({@link #reverse}) and the physical ports it
 * bundles ({@link #portFrom} .. {@link #portTo} into {@link #ports()}, ascending), over which the LFTs spread the
 * destinations round robin.
 *
 * <p>Immutable; safe to share.
 */
public final class SwitchGraph {

    private final int[] linkStart;
    private final int[] linkPeer;
    private final int[] linkReverse;
    private final int[] linkPortStart;
    private final byte[] linkPorts;

    private SwitchGraph(int[] linkStart, int[] linkPeer, int[] linkPortStart, byte[] linkPorts) {
        this.linkStart = linkStart;
        this.linkPeer = linkPeer;
        this.linkPortStart = linkPortStart;
        this.linkPorts = linkPorts;
        this.linkReverse = reverses(linkStart, linkPeer);
    }

    /** The logical links of {@code in}'s switch-to-switch edges, each switch's links by their lowest port. */
    public static SwitchGraph of(RoutingInput in) {
        int s = in.switchCount();
        int[] start = new int[s + 1];
        int[] peer = new int[in.edgeCount()];
        int[] portStart = new int[in.edgeCount() + 1];
        byte[] ports = new byte[in.edgeCount()];
        int links = 0;
        int portCount = 0;
        int[] linkOfPeer = new int[s];
        Arrays.fill(linkOfPeer, -1);
        int[] perLink = new int[in.edgeCount()];
        for (int sw = 0; sw < s; sw++) {
            int first = links;
            for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                int q = in.peerSwitch()[e];
                if (q != sw && linkOfPeer[q] < 0) {
                    linkOfPeer[q] = links;
                    peer[links] = q;
                    perLink[links++] = 0;
                }
                if (q != sw) {
                    perLink[linkOfPeer[q]]++;
                }
            }
            for (int l = first; l < links; l++) {
                portStart[l] = portCount;
                portCount += perLink[l];
                perLink[l] = portStart[l];
            }
            for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                int q = in.peerSwitch()[e];
                if (q != sw) {
                    ports[perLink[linkOfPeer[q]]++] = in.localPort()[e];
                }
            }
            for (int l = first; l < links; l++) {
                linkOfPeer[peer[l]] = -1;
            }
            start[sw + 1] = links;
        }
        portStart[links] = portCount;
        return new SwitchGraph(start, Arrays.copyOf(peer, links), Arrays.copyOf(portStart, links + 1),
                Arrays.copyOf(ports, portCount));
    }

    /**
     * The same graph with each switch's links in a new order: {@code order[linkStart(sw) + k]} is the old local
     * index (0-based within the switch) of the link that becomes the switch's {@code k}-th.
     *
     * @throws IllegalArgumentException if {@code order} is not a permutation within each switch
     */
    public SwitchGraph reordered(int[] order) {
        if (order.length != linkPeer.length) {
            throw new IllegalArgumentException("order has " + order.length + " entries, not " + linkPeer.length);
        }
        int[] peer = new int[linkPeer.length];
        int[] portStart = new int[linkPeer.length + 1];
        byte[] ports = new byte[linkPorts.length];
        int p = 0;
        for (int sw = 0; sw < switchCount(); sw++) {
            int base = linkStart[sw];
            int deg = linkStart[sw + 1] - base;
            boolean[] seen = new boolean[deg];
            for (int k = 0; k < deg; k++) {
                int old = order[base + k];
                if (old < 0 || old >= deg || seen[old]) {
                    throw new IllegalArgumentException("order of switch " + sw + " is not a permutation");
                }
                seen[old] = true;
                peer[base + k] = linkPeer[base + old];
                portStart[base + k] = p;
                for (int i = linkPortStart[base + old]; i < linkPortStart[base + old + 1]; i++) {
                    ports[p++] = linkPorts[i];
                }
            }
        }
        portStart[linkPeer.length] = p;
        return new SwitchGraph(linkStart, peer, portStart, ports);
    }

    private static int[] reverses(int[] start, int[] peer) {
        int[] rev = new int[peer.length];
        for (int sw = 0; sw + 1 < start.length; sw++) {
            for (int l = start[sw]; l < start[sw + 1]; l++) {
                int q = peer[l];
                rev[l] = -1;
                for (int m = start[q]; m < start[q + 1]; m++) {
                    if (peer[m] == sw) {
                        rev[l] = m;
                        break;
                    }
                }
            }
        }
        return rev;
    }

    /** Number of switches. */
    public int switchCount() {
        return linkStart.length - 1;
    }

    /** Number of directed logical links (channels). */
    public int linkCount() {
        return linkPeer.length;
    }

    /** First link of switch {@code sw}; its links end at {@code linkStart(sw + 1)}. */
    public int linkStart(int sw) {
        return linkStart[sw];
    }

    /** Number of logical links (distinct neighbour switches) of {@code sw}. */
    public int degree(int sw) {
        return linkStart[sw + 1] - linkStart[sw];
    }

    /** The switch link {@code l} reaches. */
    public int peer(int l) {
        return linkPeer[l];
    }

    /** The link from {@link #peer(int) peer(l)} back to the switch {@code l} leaves. */
    public int reverse(int l) {
        return linkReverse[l];
    }

    /** The link of {@code sw} to switch {@code q}, or -1. */
    public int linkTo(int sw, int q) {
        for (int l = linkStart[sw]; l < linkStart[sw + 1]; l++) {
            if (linkPeer[l] == q) {
                return l;
            }
        }
        return -1;
    }

    /** First index in {@link #ports()} of the physical ports of link {@code l}. */
    public int portFrom(int l) {
        return linkPortStart[l];
    }

    /** End (exclusive) in {@link #ports()} of the physical ports of link {@code l}. */
    public int portTo(int l) {
        return linkPortStart[l + 1];
    }

    /** The physical ports of all links (read with {@code & 0xFF}). Read-only. */
    public byte[] ports() {
        return linkPorts;
    }
}
