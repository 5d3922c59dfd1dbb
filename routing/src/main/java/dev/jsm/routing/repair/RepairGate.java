package dev.jsm.routing.repair;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.UnreachableReason;
import dev.jsm.routing.verify.VerifierOptions;
import dev.jsm.routing.verify.VerifierReport;

/**
 * The check every repaired table set passes before it is handed out, by the {@link RouteVerifier} (independent of
 * the repair's code; path lengths and link load are not needed here and not measured): every judged pair delivered,
 * except exactly the entries the engine's rules leave without a route (updn, dnup), which must show as missing entries
 * and nothing else; and, for an engine that promises freedom from credit loops, no cycle in the channel dependencies of
 * the checked destinations (CA-to-CA traffic, all paths on SL 0: the repairable engines use one SL).
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#repairgate.
 */
final class RepairGate {

    /** Up to this many LFT entries ({@code S * (maxLid + 1)}) every LID is verified. */
    static final long FULL_CHECK_ENTRIES = 1L << 20;

    private static final RouteVerifier DELIVERY = new RouteVerifier(new VerifierOptions(3, false, false, false));
    private static final RouteVerifier DELIVERY_AND_LOOPS = new RouteVerifier(new VerifierOptions(3, false, false,
            true));

    private RepairGate() {
    }

    /** Whether every LID of {@code in} is verified (a small fabric, or a repair that routed a new switch). */
    static boolean checksAll(RoutingInput in, int newSwitches) {
        return newSwitches > 0 || (long) in.switchCount() * (in.maxLid() + 1) <= FULL_CHECK_ENTRIES;
    }

    /**
     * Why the verifier rejects {@code tables} for the destinations {@code lids}, or {@code null}.
     *
     * @param expectedEmpty the judged pairs of those LIDs the rules leave without an entry
     */
    static String rejection(RoutingInput in, LftTables tables, int[] lids, long expectedEmpty, boolean deadlockFree) {
        VerifierReport r = (deadlockFree ? DELIVERY_AND_LOOPS : DELIVERY).verifyDestinations(in, tables,
                PathSlProvider.DEFAULT, Sl2VlProvider.ALL_VL0, lids);
        long missing = r.unreachableByReason().getOrDefault(UnreachableReason.NO_ENTRY, 0L);
        if (r.unreachablePairs() != missing || missing != expectedEmpty) {
            return r.unreachablePairs() + " of " + r.pairs() + " switch-LID pairs not delivered (" + expectedEmpty
                    + " expected without an allowed port)" + (r.unreachable().isEmpty() ? ""
                    : ", e.g. " + r.unreachable().get(0));
        }
        if (deadlockFree && r.creditLoops().hasCycle()) {
            return r.creditLoops().toString();
        }
        return null;
    }
}
