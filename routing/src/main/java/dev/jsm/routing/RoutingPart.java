package dev.jsm.routing;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A routing input cut down to one part of the fabric, for an engine of a routing chain that routes one topology
 * only: the part's switches (in the same GUID order, re-indexed), the switch-to-switch cables whose two ports both
 * belong to the part, and the end ports of the part (the part's switches' own LIDs and the CA and router ports
 * chosen, each cabled to a port of the part). The LID space is the whole fabric's, so an engine's tables line up
 * LID for LID with the full ones; LIDs outside the part are simply unassigned in {@link #input()}. A switch port
 * that leads to a CA outside the part, or to a switch outside it, is unconnected there, so the engine neither
 * routes over it nor counts what hangs on it.
 *
 * <p>Immutable; safe to share.
 */
public final class RoutingPart {

    private final RoutingInput full;
    private final RoutingInput input;
    private final int[] fullSwitch;
    private final int[] partSwitch;
    private final BitSet endPorts;

    private RoutingPart(RoutingInput full, RoutingInput input, int[] fullSwitch, int[] partSwitch, BitSet endPorts) {
        this.full = full;
        this.input = input;
        this.fullSwitch = fullSwitch;
        this.partSwitch = partSwitch;
        this.endPorts = endPorts;
    }

    /**
     * The whole fabric as one part (topology 0 of a routing chain).
     */
    public static RoutingPart whole(RoutingInput full) {
        int[] identity = new int[full.switchCount()];
        Arrays.setAll(identity, i -> i);
        BitSet ends = new BitSet();
        ends.set(0, full.endPortCount());
        return new RoutingPart(full, full, identity, identity.clone(), ends);
    }

    /**
     * Cuts {@code full} down to a part.
     *
     * @param full the whole fabric
     * @param switches the part's switches (indices of {@code full})
     * @param ports the switch ports of the part (flat port indices of {@code full}); a cable counts when both of its
     *     ports do, a CA when the switch port it hangs on does
     * @param endPorts the CA and router end ports of the part (end port indices of {@code full}); the part's
     *     switches' own end ports are always in
     */
    public static RoutingPart of(RoutingInput full, BitSet switches, BitSet ports, BitSet endPorts) {
        int[] partSwitch = new int[full.switchCount()];
        Arrays.fill(partSwitch, -1);
        int[] fullSwitch = switches.stream().toArray();
        for (int i = 0; i < fullSwitch.length; i++) {
            partSwitch[fullSwitch[i]] = i;
        }
        BitSet ends = new BitSet();
        for (int e = 0; e < full.endPortCount(); e++) {
            int sw = full.endPortSwitch[e];
            if (sw < 0 || partSwitch[sw] < 0) {
                continue;
            }
            if (full.endPortIsSwitch[e]) {
                ends.set(e);
            } else if (endPorts.get(e)
                    && ports.get(full.portStart[sw] + (full.lidOwnerPort[full.endPortBaseLid[e]] & 0xFF))) {
                ends.set(e);
            }
        }
        RoutingInputBuilder b = new RoutingInputBuilder(full.lmc);
        new PartBuilder(full, b, fullSwitch, partSwitch, ports, ends).build();
        return new RoutingPart(full, new RoutingInput(b), fullSwitch, partSwitch, ends);
    }

    /** The part as an engine sees it. */
    public RoutingInput input() {
        return input;
    }

    /** The index in the full fabric of the part's switch {@code sw}. */
    public int fullSwitch(int sw) {
        return fullSwitch[sw];
    }

    /** The index in {@link #input()} of the full fabric's switch {@code sw}, or -1 if it is not in the part. */
    public int partSwitch(int sw) {
        return partSwitch[sw];
    }

    /** Whether the LID (of the full fabric) belongs to an end port of the part. */
    public boolean hasLid(int lid) {
        return lid > 0 && lid <= full.maxLid && full.lidEndPort[lid] >= 0 && endPorts.get(full.lidEndPort[lid]);
    }

    /** Number of the full fabric's switches in the part. */
    public int switchCount() {
        return fullSwitch.length;
    }

    /** {@code RoutingPart[S of T switches, E of F end ports]}. */
    @Override
    public String toString() {
        return "RoutingPart[" + fullSwitch.length + " of " + full.switchCount() + " switches, "
                + endPorts.cardinality() + " of " + full.endPortCount() + " end ports]";
    }

    /** Fills a builder's arrays with the part. Confined to the calling thread. */
    private static final class PartBuilder {
        private final RoutingInput f;
        private final RoutingInputBuilder b;
        private final int[] fullSwitch;
        private final int[] partSwitch;
        private final BitSet ports;
        private final BitSet ends;

        PartBuilder(RoutingInput f, RoutingInputBuilder b, int[] fullSwitch, int[] partSwitch, BitSet ports,
                    BitSet ends) {
            this.f = f;
            this.b = b;
            this.fullSwitch = fullSwitch;
            this.partSwitch = partSwitch;
            this.ports = ports;
            this.ends = ends;
        }

        void build() {
            int s = fullSwitch.length;
            b.switchGuid = new long[s];
            b.switchSystemImageGuid = new long[s];
            b.switchNumPorts = new int[s];
            b.switchLid = new int[s];
            b.portStart = new int[s + 1];
            for (int i = 0; i < s; i++) {
                int sw = fullSwitch[i];
                b.switchGuid[i] = f.switchGuid[sw];
                b.switchSystemImageGuid[i] = f.switchSystemImageGuid[sw];
                b.switchNumPorts[i] = f.switchNumPorts[sw];
                b.portStart[i + 1] = b.portStart[i] + f.switchNumPorts[sw] + 1;
            }
            b.portEdge = new int[b.portStart[s]];
            Arrays.fill(b.portEdge, RoutingInput.PORT_UNCONNECTED);
            b.portOperationalVls = new byte[b.portStart[s]];
            buildLinks(s);
            buildEndPorts();
            b.dataVls = f.dataVls;
        }

        private void buildLinks(int s) {
            int n = 0;
            int[] peers = new int[f.edgeCount()];
            byte[] locals = new byte[f.edgeCount()];
            byte[] remotes = new byte[f.edgeCount()];
            boolean[] throttled = new boolean[f.edgeCount()];
            b.linkStart = new int[s + 1];
            for (int i = 0; i < s; i++) {
                int sw = fullSwitch[i];
                System.arraycopy(f.portOperationalVls, f.portStart[sw], b.portOperationalVls, b.portStart[i],
                        f.switchNumPorts[sw] + 1);
                for (int e = f.linkStart[sw]; e < f.linkStart[sw + 1]; e++) {
                    int peer = f.peerSwitch[e];
                    int local = f.localPort[e] & 0xFF;
                    int remote = f.peerPort[e] & 0xFF;
                    if (partSwitch[peer] < 0 || !ports.get(f.portStart[sw] + local)
                            || !ports.get(f.portStart[peer] + remote)) {
                        continue;
                    }
                    peers[n] = partSwitch[peer];
                    locals[n] = f.localPort[e];
                    remotes[n] = f.peerPort[e];
                    throttled[n] = f.edgeThrottled[e];
                    b.portEdge[b.portStart[i] + local] = n;
                    n++;
                }
                b.linkStart[i + 1] = n;
            }
            b.peerSwitch = Arrays.copyOf(peers, n);
            b.localPort = Arrays.copyOf(locals, n);
            b.peerPort = Arrays.copyOf(remotes, n);
            b.edgeThrottled = Arrays.copyOf(throttled, n);
        }

        private void buildEndPorts() {
            int n = ends.cardinality();
            b.maxLid = f.maxLid;
            b.lidOwnerSwitch = new int[f.maxLid + 1];
            b.lidOwnerPort = new byte[f.maxLid + 1];
            b.lidEndPort = new int[f.maxLid + 1];
            Arrays.fill(b.lidOwnerSwitch, -1);
            Arrays.fill(b.lidOwnerPort, (byte) LftTables.NO_PATH);
            Arrays.fill(b.lidEndPort, -1);
            b.endPortBaseLid = new int[n];
            b.endPortLidCount = new int[n];
            b.endPortGuid = new long[n];
            b.endPortNodeGuid = new long[n];
            b.endPortNodeDescription = new String[n];
            b.endPortSystemImageGuid = new long[n];
            b.endPortIsSwitch = new boolean[n];
            b.endPortSwitch = new int[n];
            int i = 0;
            for (int e = ends.nextSetBit(0); e >= 0; e = ends.nextSetBit(e + 1), i++) {
                int sw = partSwitch[f.endPortSwitch[e]];
                int base = f.endPortBaseLid[e];
                b.endPortBaseLid[i] = base;
                b.endPortLidCount[i] = f.endPortLidCount[e];
                b.endPortGuid[i] = f.endPortGuid[e];
                b.endPortNodeGuid[i] = f.endPortNodeGuid[e];
                b.endPortNodeDescription[i] = f.endPortNodeDescription[e];
                b.endPortSystemImageGuid[i] = f.endPortSystemImageGuid[e];
                b.endPortIsSwitch[i] = f.endPortIsSwitch[e];
                b.endPortSwitch[i] = sw;
                if (f.endPortIsSwitch[e]) {
                    b.switchLid[sw] = base;
                } else {
                    b.portEdge[b.portStart[sw] + (f.lidOwnerPort[base] & 0xFF)] = RoutingInput.PORT_TO_END_NODE;
                }
                for (int lid = base; lid < base + f.endPortLidCount[e] && lid <= f.maxLid; lid++) {
                    b.lidOwnerSwitch[lid] = sw;
                    b.lidOwnerPort[lid] = f.lidOwnerPort[lid];
                    b.lidEndPort[lid] = i;
                }
            }
        }
    }
}
