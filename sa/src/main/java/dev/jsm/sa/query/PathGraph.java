package dev.jsm.sa.query;

import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.LidMap;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.Arrays;
import java.util.List;

/**
 * What a {@link PathWalk} reads of a snapshot, as flat arrays: per physical port one {@code long} (up or not,
 * MTUCap, NeighborMTU, active rate in Mb/s, the end port it is, the switch it belongs to) and its peer; per switch
 * its programmed LFT and its ports by number. Built once per snapshot, at its first PathRecord
 * ({@link SubnetSnapshot#derived}): a walk then reads a few small arrays and one LFT entry per hop, where the
 * snapshot's own objects (a port view, its attributes, its peer's, the switch's port list) cost a cache miss each on
 * a large fabric - at 11664 hosts most of a PathRecord's time (docs/performance.md, "The SA under a job-start
 * storm").
 *
 * <p>Immutable; safe to share.
 */
final class PathGraph {

    private static final int MTU_SHIFT = 1;
    private static final int NEIGHBOR_MTU_SHIFT = 5;
    private static final int MBPS_SHIFT = 9;
    private static final long MBPS_MASK = (1L << 21) - 1;
    private static final int END_PORT_SHIFT = 30;
    private static final int SWITCH_SHIFT = 47;
    /** End ports and switches are numbered within 17 bits (a LID space of 16 bits holds far fewer). */
    private static final long INDEX_MASK = (1L << 17) - 1;

    private final long[] ports;
    private final int[] peers;
    private final SwitchView[] switches;
    /** Switch {@code s}'s port {@code n} is port {@code switchPorts[switchFirst[s] + n]} (-1: not discovered). */
    private final int[] switchFirst;
    private final int[] switchPorts;
    private final LidMap lids;

    private PathGraph(SubnetSnapshot s) {
        List<PortView> views = s.ports();
        List<SwitchView> sws = s.switches();
        if (s.endPorts().size() >= INDEX_MASK || sws.size() >= INDEX_MASK) {
            throw new IllegalArgumentException("too many end ports or switches for a path graph: "
                    + s.endPorts().size() + ", " + sws.size());
        }
        ports = new long[views.size()];
        peers = new int[views.size()];
        for (int i = 0; i < ports.length; i++) {
            PortView p = views.get(i);
            PortAttributes a = p.attributes();
            int sw = s.nodes().get(p.nodeIndex()).switchIndex();
            ports[i] = (a.isUp() ? 1L : 0L) | (long) (a.mtuCap() & 0xF) << MTU_SHIFT
                    | (long) (a.neighborMtu() & 0xF) << NEIGHBOR_MTU_SHIFT
                    | (Rates.portMbps(a) & MBPS_MASK) << MBPS_SHIFT
                    | (long) (p.endPortIndex() + 1) << END_PORT_SHIFT | (long) (sw + 1) << SWITCH_SHIFT;
            peers[i] = p.peerIndex();
        }
        switches = sws.toArray(new SwitchView[0]);
        switchFirst = new int[switches.length + 1];
        for (int sw = 0; sw < switches.length; sw++) {
            switchFirst[sw + 1] = switchFirst[sw] + s.nodes().get(switches[sw].nodeIndex()).numPorts() + 1;
        }
        switchPorts = new int[switchFirst[switches.length]];
        Arrays.fill(switchPorts, -1);
        for (int i = 0; i < ports.length; i++) {
            int sw = switchOf(ports[i]);
            if (sw >= 0) {
                int n = views.get(i).portNum();
                if (n < switchFirst[sw + 1] - switchFirst[sw]) {
                    switchPorts[switchFirst[sw] + n] = i;
                }
            }
        }
        lids = s.lidMap();
    }

    /** The graph of {@code s}, built at the first call and kept with the snapshot. */
    static PathGraph of(SubnetSnapshot s) {
        return s.derived(PathGraph.class, PathGraph::new);
    }

    /** What a walk reads of port {@code port}: decode it with the static methods below. */
    long port(int port) {
        return ports[port];
    }

    /** The port cabled to {@code port}, or -1. */
    int peer(int port) {
        return peers[port];
    }

    /** The end port holding {@code lid}, or -1. */
    int endPortOfLid(int lid) {
        return lids.endPortIndex(lid);
    }

    /** Switch {@code sw}'s programmed egress port for {@code lid}, or {@link SwitchLft#NO_PATH}. */
    int lftPort(int sw, int lid) {
        return switches[sw].lftPort(lid);
    }

    /** The index of switch {@code sw}'s port {@code portNum}, or -1. */
    int switchPort(int sw, int portNum) {
        int i = switchFirst[sw] + portNum;
        return i < switchFirst[sw + 1] ? switchPorts[i] : -1;
    }

    static boolean isUp(long port) {
        return (port & 1) != 0;
    }

    static int mtuCap(long port) {
        return (int) (port >>> MTU_SHIFT) & 0xF;
    }

    static int neighborMtu(long port) {
        return (int) (port >>> NEIGHBOR_MTU_SHIFT) & 0xF;
    }

    /** The port's active rate in Mb/s ({@link Rates#portMbps}). */
    static int mbps(long port) {
        return (int) ((port >>> MBPS_SHIFT) & MBPS_MASK);
    }

    /** The end port the port is (a CA's port, a switch's port 0), or -1. */
    static int endPortOf(long port) {
        return (int) ((port >>> END_PORT_SHIFT) & INDEX_MASK) - 1;
    }

    /** The switch the port belongs to, or -1 (a CA's or router's port). */
    static int switchOf(long port) {
        return (int) ((port >>> SWITCH_SHIFT) & INDEX_MASK) - 1;
    }
}
