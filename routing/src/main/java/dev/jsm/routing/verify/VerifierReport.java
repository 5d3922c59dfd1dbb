package dev.jsm.routing.verify;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the {@link RouteVerifier} found: complete counts and the first offending pairs of each kind.
 *
 * <p>In detail: docs/design/routing.md#verifierreport.
 */
public record VerifierReport(int switches, int lids, long pairs, long disconnectedPairs, long deliveredPairs,
                             Map<UnreachableReason, Long> unreachableByReason, List<UnreachablePair> unreachable,
                             HopStats hops, LinkLoad linkLoad, CreditLoops creditLoops) {

    /** Copies the collections. */
    public VerifierReport {
        unreachableByReason = Map.copyOf(new EnumMap<>(unreachableByReason));
        unreachable = List.copyOf(unreachable);
    }

    /** Judged pairs that are not delivered. */
    public long unreachablePairs() {
        long n = 0;
        for (long v : unreachableByReason.values()) {
            n += v;
        }
        return n;
    }

    /** Whether every judged pair is delivered and no credit loop was found. */
    public boolean isClean() {
        return unreachablePairs() == 0 && !creditLoops.hasCycle();
    }

    /** A multi-line summary for logs, with up to the reported samples. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "route check: %d switches, %d LIDs, %d pairs: %d delivered, %d "
                + "unreachable, %d disconnected%n", switches, lids, pairs, deliveredPairs, unreachablePairs(),
                disconnectedPairs));
        for (UnreachableReason r : UnreachableReason.values()) {
            long n = unreachableByReason.getOrDefault(r, 0L);
            if (n > 0) {
                sb.append("  ").append(r.text()).append(": ").append(n).append(System.lineSeparator());
            }
        }
        for (UnreachablePair p : unreachable) {
            sb.append("  unreachable: ").append(p).append(System.lineSeparator());
        }
        sb.append("  ").append(hops).append(System.lineSeparator());
        for (NonMinimalPair p : hops.nonMinimal()) {
            sb.append("  longer than shortest: ").append(p).append(System.lineSeparator());
        }
        sb.append("  ").append(linkLoad).append(System.lineSeparator());
        sb.append("  ").append(creditLoops);
        return sb.toString();
    }

    /**
     * A pair the LFTs do not deliver.
     *
     * @param sourceSwitchGuid node GUID of the switch the walk started at
     * @param lid the destination LID
     * @param reason why it is not delivered
     * @param atSwitchGuid node GUID of the switch where the path failed
     * @param port the LFT entry at that switch (0xFF = none)
     */
    public record UnreachablePair(long sourceSwitchGuid, int lid, UnreachableReason reason, long atSwitchGuid,
                                  int port) {
        /** {@code switch 0x... -> LID 0x0012: routing loop at switch 0x... port 3}. */
        @Override
        public String toString() {
            return "switch " + Guid.toString(sourceSwitchGuid) + " -> LID " + Lid.toString(lid) + ": " + reason.text()
                    + " at switch " + Guid.toString(atSwitchGuid) + (port == 0xFF ? "" : " port " + port);
        }
    }

    /**
     * A delivered pair whose path is longer than the shortest in the fabric.
     *
     * @param sourceSwitchGuid node GUID of the source switch
     * @param lid the destination LID
     * @param hops switch-to-switch links the path crosses
     * @param shortest the fewest possible
     */
    public record NonMinimalPair(long sourceSwitchGuid, int lid, int hops, int shortest) {
        /** {@code switch 0x... -> LID 0x0012: 4 hops, shortest 2}. */
        @Override
        public String toString() {
            return "switch " + Guid.toString(sourceSwitchGuid) + " -> LID " + Lid.toString(lid) + ": " + hops
                    + " hops, shortest " + shortest;
        }
    }

    /**
     * Path lengths (switch-to-switch links crossed) of the delivered pairs.
     *
     * @param minimalPairs delivered pairs on a shortest path
     * @param nonMinimalPairs delivered pairs on a longer path
     * @param maxExtraHops the largest excess over the shortest
     * @param totalHops sum of the path lengths
     * @param totalShortestHops sum of the shortest possible lengths
     * @param maxHops the longest path
     * @param nonMinimal the first non-minimal pairs
     * @param byHops delivered pairs by path length: entry {@code h} counts the paths of {@code h} hops (up to
     *     {@code maxHops}; empty when the lengths were not checked)
     */
    public record HopStats(long minimalPairs, long nonMinimalPairs, int maxExtraHops, long totalHops,
                           long totalShortestHops, int maxHops, List<NonMinimalPair> nonMinimal, List<Long> byHops) {
        /** Copies the lists. */
        public HopStats {
            nonMinimal = List.copyOf(nonMinimal);
            byHops = List.copyOf(byHops);
        }

        /** {@code hops: 1000 minimal, 0 longer (max +0), mean 3.12 vs shortest 3.12, max 4}. */
        @Override
        public String toString() {
            long n = minimalPairs + nonMinimalPairs;
            return String.format(Locale.ROOT, "hops: %d minimal, %d longer (max +%d), mean %.3f vs shortest %.3f, "
                    + "max %d", minimalPairs, nonMinimalPairs, maxExtraHops, n == 0 ? 0.0 : (double) totalHops / n,
                    n == 0 ? 0.0 : (double) totalShortestHops / n, maxHops);
        }
    }

    /**
     * Load of the switch-to-switch link directions when every CA sends one flow to every other CA's base LID.
     *
     * @param flows CA-to-CA flows delivered
     * @param linkDirections directed switch-to-switch links (twice the cables)
     * @param maxLoad flows on the busiest direction
     * @param meanLoad mean flows per direction, over all directions
     * @param busiest the busiest direction ({@code 0x...[p] -> 0x...[q]}), or "" if none
     */
    public record LinkLoad(long flows, int linkDirections, long maxLoad, double meanLoad, String busiest) {
        /** {@code maxLoad / meanLoad}: 1.0 is perfectly even; 0 if there is no load. */
        public double maxOverMean() {
            return meanLoad == 0 ? 0 : maxLoad / meanLoad;
        }

        /** {@code link load: 5000 flows on 1296 directions: max 306, mean 306.00, max/mean 1.000 (...)}. */
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "link load: %d flows on %d directions: max %d, mean %.2f, max/mean "
                    + "%.3f%s", flows, linkDirections, maxLoad, meanLoad, maxOverMean(),
                    busiest.isEmpty() ? "" : " (busiest " + busiest + ")");
        }
    }

    /**
     * The channel dependency graph check (a channel is one direction of a switch-to-switch link on one VL; a
     * dependency links consecutive channels of some path). A cycle means credit loops can deadlock the fabric.
     *
     * @param vlCount VLs checked
     * @param dependencies distinct dependencies
     * @param cycleLength channels in the cycle found, 0 if the graph is acyclic
     * @param cycle the cycle's channels in order (at most the reported number)
     */
    public record CreditLoops(int vlCount, long dependencies, int cycleLength, List<ChannelHop> cycle) {
        /** Copies the list. */
        public CreditLoops {
            cycle = List.copyOf(cycle);
        }

        /** Whether a cycle was found. */
        public boolean hasCycle() {
            return cycleLength > 0;
        }

        /** {@code credit loops: none (2 VLs, 5000 dependencies)} or the cycle. */
        @Override
        public String toString() {
            String head = "credit loops: " + (hasCycle() ? "CYCLE of " + cycleLength + " channels" : "none") + " ("
                    + vlCount + " VL" + (vlCount == 1 ? "" : "s") + ", " + dependencies + " dependencies)";
            if (!hasCycle()) {
                return head;
            }
            StringBuilder sb = new StringBuilder(head).append(':');
            for (ChannelHop c : cycle) {
                sb.append(System.lineSeparator()).append("    ").append(c);
            }
            if (cycle.size() < cycleLength) {
                sb.append(System.lineSeparator()).append("    ...");
            }
            return sb.toString();
        }
    }

    /**
     * One channel of a credit-loop cycle.
     *
     * @param switchGuid node GUID of the sending switch
     * @param port its egress port
     * @param peerGuid node GUID of the receiving switch
     * @param peerPort its ingress port
     * @param vl the VL
     */
    public record ChannelHop(long switchGuid, int port, long peerGuid, int peerPort, int vl) {
        /** {@code 0x...[3] -> 0x...[1] VL0}. */
        @Override
        public String toString() {
            return Guid.toString(switchGuid) + "[" + port + "] -> " + Guid.toString(peerGuid) + "[" + peerPort + "] VL"
                    + vl;
        }
    }
}
