package dev.jsm.routing.balance;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;
import java.util.Arrays;

/**
 * Off-sweep balancing (OpenSM's {@code offsweep_balancing_enabled}, for minhop, dor and updn): from a routed fabric's
 * tables, a better balanced solution within the engine's allowed egress ports, for the daemon to program in the
 * background (only the LFT blocks that differ) while the fabric keeps running on the old tables.
 *
 * <p>Any engine whose {@link RepairPolicy} names candidates can be balanced (dnup, sssp and dor too; ftree and the
 * engines without repair cannot). The pass is sequential (each LID's routes depend on the loads of the ones before);
 * {@code threads} serve the engine's rules. Stateless; thread-safe; the input tables are not changed.
 *
 * <p>In detail: docs/design/routing.md#offsweepbalancer.
 */
public final class OffSweepBalancer {

    /** LFT columns gathered from the rows per step. */
    private static final int COLUMNS_PER_GATHER = 256;

    private OffSweepBalancer() {
    }

    /**
     * Balances {@code current}, routed on {@code in} by the engine of {@code policy}.
     *
     * @throws IllegalArgumentException if {@code current} is not sized for {@code in} or threads is below 1
     */
    public static BalanceOutcome balance(RoutingInput in, LftTables current, RepairPolicy policy, int threads) {
        long t0 = System.nanoTime();
        if (current.switchCount() != in.switchCount() || current.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(current + " are not sized for " + in);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        RepairRules rules = policy.rules(in, threads);
        if (rules instanceof RepairRules.Refused r) {
            return new BalanceOutcome.NotBalanced(r.reason());
        }
        if (!(rules instanceof RepairRules.Candidates c)) {
            return new BalanceOutcome.NotBalanced(policy.engine() + " does not name allowed egress ports to "
                    + "balance over");
        }
        LftTables out = current.copy();
        LoadBalancedColumns routes = new LoadBalancedColumns(in, c.candidates().get());
        int[] lids = destinations(in);
        int s = in.switchCount();
        byte[] columns = new byte[COLUMNS_PER_GATHER * s];
        for (int from = 0; from < lids.length; from += COLUMNS_PER_GATHER) {
            int to = Math.min(lids.length, from + COLUMNS_PER_GATHER);
            out.gatherColumns(lids, from, to, columns);
            for (int i = from; i < to; i++) {
                routes.route(lids[i], columns, (i - from) * s);
            }
            out.scatterColumns(lids, from, to, columns);
        }
        out.copyExtraLids(in);
        return new BalanceOutcome.Balanced(out, stats(current, out, lids.length, routes.baseLoad, t0));
    }

    /**
     * The CA and router LIDs with an owner, grouped by the switch delivering them, switches with more such ports
     * first (then by index), each end port's LIDs together in LID order: the grouped order sssp uses, which balances
     * fat trees best.
     */
    private static int[] destinations(RoutingInput in) {
        int s = in.switchCount();
        int[] ports = new int[s];
        int count = 0;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                ports[sw]++;
                count += in.endPortLidCount()[ep];
            }
        }
        long[] keys = new long[in.endPortCount()];
        int n = 0;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                keys[n++] = (long) (0xFFFF - ports[sw]) << 42 | (long) sw << 21 | ep;
            }
        }
        Arrays.sort(keys, 0, n);
        int[] lids = new int[count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int ep = (int) (keys[i] & 0x1F_FFFF);
            for (int j = 0; j < in.endPortLidCount()[ep]; j++) {
                lids[k++] = in.endPortBaseLid()[ep] + j;
            }
        }
        return lids;
    }

    private static BalanceStats stats(LftTables current, LftTables out, int lids, long[] baseLoad, long t0) {
        long changed = 0;
        int touched = 0;
        for (int sw = 0; sw < out.switchCount(); sw++) {
            byte[] a = current.lft(sw);
            byte[] b = out.lft(sw);
            long here = 0;
            for (int lid = 0; lid < a.length; lid++) {
                here += a[lid] != b[lid] ? 1 : 0;
            }
            changed += here;
            touched += here > 0 ? 1 : 0;
        }
        long max = 0;
        long sum = 0;
        for (long l : baseLoad) {
            max = Math.max(max, l);
            sum += l;
        }
        double mean = baseLoad.length == 0 ? 0 : (double) sum / baseLoad.length;
        return new BalanceStats(changed, touched, lids, max, mean, System.nanoTime() - t0);
    }
}
