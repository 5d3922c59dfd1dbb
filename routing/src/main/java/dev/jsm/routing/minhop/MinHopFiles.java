package dev.jsm.routing.minhop;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.fileformat.HopWeightsFile;
import dev.jsm.routing.fileformat.PortIgnoreFile;
import dev.jsm.routing.fileformat.PortOrderFile;
import dev.jsm.routing.fileformat.RoutingFileException;

/**
 * What the files named by {@link MinHopOptions} mean for one routing pass, resolved against its
 * {@link RoutingInput}: the routing order ({@code guid_routing_order_file}), the cost of leaving through each port
 * ({@code hop_weights_file}), the ports left out of the load count ({@code port_prof_ignore_file}) and the order
 * each switch's ports are visited in ({@code port_search_ordering_file}). The files are
 * read on every pass, as OpenSM does, so an edited file takes effect at the next heavy sweep. Engines built on
 * minhop's port selection (minhop, dor, updn, dnup) load this once per pass and hand it to {@link ShortestPaths} and
 * {@link SwitchRouter}.
 *
 * <p>Immutable; safe to share between the workers of a pass.
 */
public final class MinHopFiles {

    private final RoutingOrder order;
    private final byte[] portWeights;
    private final boolean[] ignoredPorts;
    private final boolean noScatterForListed;
    private final byte[] searchRank;

    private MinHopFiles(RoutingOrder order, byte[] portWeights, boolean[] ignoredPorts, boolean noScatterForListed,
                        byte[] searchRank) {
        this.order = order;
        this.portWeights = portWeights;
        this.ignoredPorts = ignoredPorts;
        this.noScatterForListed = noScatterForListed;
        this.searchRank = searchRank;
    }

    /** No files: destinations by base LID, every port weighs 1, every port counted, ports visited ascending. */
    public static MinHopFiles none(RoutingInput in) {
        return new MinHopFiles(RoutingOrder.byLoad(in), null, null, false, null);
    }

    /**
     * Reads the files {@code options} names.
     *
     * @throws RoutingFileException if one cannot be read, has a malformed line, or names a port its switch does not
     *     have; the message is {@code file:line: expected ..., found ...}
     */
    public static MinHopFiles load(RoutingInput in, MinHopOptions options) throws RoutingFileException {
        RoutingOrder order = options.guidRoutingOrderFile().isPresent()
                ? RoutingOrder.fromFile(in, GuidListFile.read(options.guidRoutingOrderFile().get()))
                : RoutingOrder.byLoad(in);
        byte[] weights = options.hopWeightsFile().isPresent()
                ? HopWeightsFile.read(options.hopWeightsFile().get()).portWeights(in) : null;
        boolean[] ignored = options.portProfIgnoreFile().isPresent()
                ? PortIgnoreFile.read(options.portProfIgnoreFile().get()).ignoredPorts(in) : null;
        byte[] rank = options.portSearchOrderingFile().isPresent()
                ? ranks(in, PortOrderFile.read(options.portSearchOrderingFile().get()).portOrder(in)) : null;
        return new MinHopFiles(order, weights, ignored, options.guidRoutingOrderNoScatter(), rank);
    }

    /** The position of every port in its switch's search order, flat like the input's ports (the inverse). */
    private static byte[] ranks(RoutingInput in, byte[] searchOrder) {
        byte[] rank = new byte[searchOrder.length];
        int[] portStart = in.portStart();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int pos = 0; pos <= in.switchNumPorts()[sw]; pos++) {
                rank[portStart[sw] + (searchOrder[portStart[sw] + pos] & 0xFF)] = (byte) pos;
            }
        }
        return rank;
    }

    /** Whether a hop weights file was given (then distances are weighted, else hop counts). */
    public boolean weighted() {
        return portWeights != null;
    }

    /** The routing order. */
    RoutingOrder order() {
        return order;
    }

    /** Per flat port its weight 1..255 (read with {@code & 0xFF}), or {@code null} without a hop weights file. */
    byte[] portWeights() {
        return portWeights;
    }

    /** Per flat port whether its load is not counted, or {@code null} without an ignore file. Read-only. */
    public boolean[] ignoredPorts() {
        return ignoredPorts;
    }

    /**
     * Per flat port its position in its switch's {@code port_search_ordering_file} order (read with {@code & 0xFF};
     * position 0 is port 0, ports not listed follow the listed ones ascending), or {@code null} without the file:
     * then every port's position is its number. Read-only.
     */
    byte[] searchRank() {
        return searchRank;
    }

    /** Whether the destinations the routing order file lists are left out of {@code scatter_ports}. */
    boolean noScatterForListed() {
        return noScatterForListed;
    }
}
