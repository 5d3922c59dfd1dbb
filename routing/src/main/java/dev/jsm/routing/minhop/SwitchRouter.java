package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Fills the LFT row of one switch at a time, the per-switch half of minhop ({@code ucast_mgr_process_tbl}): for
 * each LID offset {@code 0 .. 2^lmc - 1}, for each destination end port in routing order, the LID
 * {@code base + offset} goes to
 * <ul>
 *   <li>port 0 if it is this switch's own LID, the CA-facing port if the end port hangs off this switch;</li>
 *   <li>otherwise one of the min-hop candidates toward the switch delivering it, picked by {@link PortChooser};</li>
 *   <li>{@link LftTables#NO_PATH} if no switch delivers it or that switch is unreachable.</li>
 * </ul>
 * Each routed LID adds one to its port's load, except LIDs of switches (unless {@code port_profile_switch_nodes}):
 * the load counts the CA traffic that matters; nor is anything counted on the ports of {@code port_prof_ignore_file},
 * which therefore always look idle. The routing order comes from {@code guid_routing_order_file} when given, and
 * {@code guid_routing_order_no_scatter} leaves the listed destinations out of {@code scatter_ports}. Loads are per
 * switch, so switches are independent and the result is the same whatever thread routes which switch;
 * {@code scatter_ports} draws from a random source seeded by the option and the switch GUID for the same reason.
 *
 * <p>Scratch of one worker (candidate lists, loads); confined to its thread, reused switch after switch.
 *
 * <p>In detail: docs/design/routing.md#switchrouter.
 */
public final class SwitchRouter {

    private final RoutingInput in;
    private final MinHopOptions options;
    /** Per end port in routing order: its base LID, LID count, switch and whether its routes count (sequential). */
    private final int[] orderBaseLid;
    private final int[] orderLidCount;
    private final int[] orderOwner;
    private final boolean[] orderCounted;
    private final int unscattered;
    private final boolean[] ignoredPorts;
    private final byte[] searchRank;
    private final EgressCandidates candidates;
    private final PortChooser chooser;
    private final int[] counts = new int[256];
    private final int[] countStep = new int[256];
    /** The last common-case choice ({@link #leastLoadedAgain}): its candidate range, its position and its load. */
    private int lastFrom = -1;
    private int lastTo;
    private int lastAt;
    private int lastLoad;

    /**
     * A router choosing among the lists of {@code candidates} (owned by this router from now on), in the routing
     * order and with the ignored ports of {@code files}.
     */
    public SwitchRouter(RoutingInput in, EgressCandidates candidates, MinHopOptions options, MinHopFiles files) {
        this(in, candidates, options, files.order(), files.ignoredPorts(), files.noScatterForListed(),
                files.searchRank());
    }

    /**
     * A router choosing among the lists of {@code candidates} (owned by this router from now on), in an order of
     * the caller's, every port counted (no routing order or ignore file).
     *
     * @param order the end-port indices of {@code in} in the order their LIDs are assigned
     */
    public SwitchRouter(RoutingInput in, EgressCandidates candidates, MinHopOptions options, int[] order) {
        this(in, candidates, options, RoutingOrder.of(order), null, false, null);
    }

    private SwitchRouter(RoutingInput in, EgressCandidates candidates, MinHopOptions options, RoutingOrder order,
                         boolean[] ignoredPorts, boolean noScatterForListed, byte[] searchRank) {
        this.in = in;
        this.options = options;
        int[] endPorts = order.endPorts();
        int n = endPorts.length;
        orderBaseLid = new int[n];
        orderLidCount = new int[n];
        orderOwner = new int[n];
        orderCounted = new boolean[n];
        for (int i = 0; i < n; i++) {
            int x = endPorts[i];
            orderBaseLid[i] = in.endPortBaseLid()[x];
            orderLidCount[i] = in.endPortLidCount()[x];
            orderOwner[i] = in.endPortSwitch()[x];
            orderCounted[i] = !in.endPortIsSwitch()[x] || options.portProfileSwitchNodes();
        }
        this.unscattered = noScatterForListed ? order.listed() : 0;
        this.ignoredPorts = ignoredPorts;
        this.searchRank = searchRank;
        this.candidates = candidates;
        this.chooser = new PortChooser(in.switchSystemImageGuid(), options.portShifting());
        Arrays.fill(countStep, 1);
    }

    /** Routes every LID of switch {@code sw} into {@code lft} (all {@link LftTables#NO_PATH} on entry). */
    public void route(int sw, byte[] lft) {
        candidates.build(sw);
        Arrays.fill(counts, 0);
        lastFrom = -1;
        if (ignoredPorts != null) {
            for (int p = 0; p <= in.switchNumPorts()[sw]; p++) {
                countStep[p] = ignoredPorts[in.portStart()[sw] + p] ? 0 : 1;
            }
        }
        SplittableRandom scatter = options.scatterSeed() == 0 ? null
                : new SplittableRandom(options.scatterSeed() ^ (in.switchGuid()[sw] * 0x9E3779B97F4A7C15L));
        int numPorts = in.switchNumPorts()[sw];
        int rankBase = in.portStart()[sw];
        int[] baseLid = orderBaseLid;
        int[] lidCount = orderLidCount;
        int[] owner = orderOwner;
        boolean[] counted = orderCounted;
        byte[] ownerPort = in.lidOwnerPort();
        int lidsPerPort = 1 << in.lmc();
        boolean shifting = options.portShifting();
        byte[] ports = candidates.ports();
        // the list toward the last destination switch: the routing order takes a leaf's end ports one after another
        int listOf = -1;
        int from = 0;
        int to = 0;
        for (int offset = 0; offset < lidsPerPort; offset++) {
            for (int i = 0; i < baseLid.length; i++) {
                int d = owner[i];
                if (offset >= lidCount[i] || d < 0) {
                    continue;
                }
                int lid = baseLid[i] + offset;
                int port;
                if (d == sw) {
                    port = ownerPort[lid] & 0xFF;
                    lastFrom = -1;
                } else {
                    if (d != listOf) {
                        listOf = d;
                        from = candidates.from(d);
                        to = candidates.to(d);
                    }
                    if (from == to) {
                        continue;
                    }
                    SplittableRandom random = offset == 0 && i >= unscattered ? scatter : null;
                    if (offset == 0 && !shifting && random == null) {
                        port = searchRank == null ? leastLoadedAgain(ports, from, to)
                                : leastLoaded(ports, from, to, counts, searchRank, rankBase);
                    } else {
                        lastFrom = -1;
                        int startFrom = offset == 0 ? 1 : (lft[lid - 1] & 0xFF) + 1;
                        chooser.setEarlierLids(lft, baseLid[i], lid, candidates);
                        chooser.setSearchOrder(searchRank, rankBase);
                        port = chooser.choose(ports, from, to, startFrom, numPorts, counts, random, candidates);
                    }
                }
                lft[lid] = (byte) port;
                if (counted[i]) {
                    counts[port] += countStep[port];
                }
            }
        }
    }

    /**
     * {@link #leastLoaded} for a run of destinations with the same candidates, as the routing order gives a leaf's
     * hosts one after another: between two such choices only the chosen port's load grew (by 0 or 1), so every
     * candidate before it still carries more than the least load, and the next choice is the first candidate from
     * it on that still carries the least load; only when none does is the whole list scanned again. A run of r
     * destinations over c candidates then costs about {@code c + r} steps instead of {@code c * r} (at 48,896 LIDs
     * and 32 uplinks per switch the scans were most of minhop's time). The same port as {@link #leastLoaded}; a list
     * whose ports are not ascending (an engine's own candidates) is scanned by it every time.
     */
    private int leastLoadedAgain(byte[] ports, int from, int to) {
        if (from == lastFrom && to == lastTo) {
            for (int k = lastAt; k < to; k++) {
                if (counts[ports[k] & 0xFF] == lastLoad) {
                    lastAt = k;
                    return ports[k] & 0xFF;
                }
            }
        }
        int at = from;
        int least = counts[ports[from] & 0xFF];
        boolean ascending = true;
        for (int k = from + 1; k < to; k++) {
            int p = ports[k] & 0xFF;
            ascending &= p > (ports[k - 1] & 0xFF);
            if (counts[p] < least) {
                least = counts[p];
                at = k;
            }
        }
        if (!ascending) {
            lastFrom = -1;
            return leastLoaded(ports, from, to, counts);
        }
        lastFrom = from;
        lastTo = to;
        lastAt = at;
        lastLoad = least;
        return ports[at] & 0xFF;
    }

    /**
     * The common case (base LID, no {@code port_shifting} or {@code scatter_ports}): the least loaded candidate, ties
     * to the lowest port, as the minimum of {@code load << 8 | port} (branch-free, as the JIT turns {@code Math.min}
     * into a conditional move).
     */
    private static int leastLoaded(byte[] ports, int from, int to, int[] counts) {
        int best = Integer.MAX_VALUE;
        for (int k = from; k < to; k++) {
            int p = ports[k] & 0xFF;
            best = Math.min(best, counts[p] << 8 | p);
        }
        return best & 0xFF;
    }

    /**
     * {@link #leastLoaded} with {@code port_search_ordering_file}: ties go to the candidate the switch's order lists
     * first (OpenSM visits the ports in that order and keeps the first least loaded one).
     */
    private static int leastLoaded(byte[] ports, int from, int to, int[] counts, byte[] rank, int rankBase) {
        long best = Long.MAX_VALUE;
        for (int k = from; k < to; k++) {
            int p = ports[k] & 0xFF;
            best = Math.min(best, (long) counts[p] << 16 | (rank[rankBase + p] & 0xFF) << 8 | p);
        }
        return (int) (best & 0xFF);
    }
}
