/**
 * Off-sweep balancing (OpenSM's {@code offsweep_balancing_enabled} and {@code offsweep_balancing_window}, issue 21
 * item 4): a better balanced table set for a routed fabric, within the egress ports its engine allows, computed in
 * the background and programmed block by block where it differs.
 *
 * <h2>API</h2>
 * <pre>{@code
 * BalanceOutcome o = OffSweepBalancer.balance(input, currentTables, RepairPolicy.of(engine), threads);
 * if (o instanceof BalanceOutcome.Balanced b) { programBlocksThatDiffer(b.tables()); log(b.stats()); }
 * }</pre>
 * {@link dev.jsm.routing.balance.OffSweepBalancer#balance}{@code (RoutingInput in, LftTables current,
 * RepairPolicy policy, int threads)} returns {@code Balanced(LftTables tables, BalanceStats stats)}
 * ({@link dev.jsm.routing.balance.BalanceStats}: entries changed, switches touched, LIDs routed, the all-to-all
 * link load max and mean the new tables give, the time) or {@code NotBalanced(String reason)} (ftree and engines
 * without repair: no candidates). NVIDIA's OpenSM names minhop, dor and updn
 * (docs/reference/opensm-behaviour.md#activity-report-and-off-sweep-balancing); dnup and sssp work the same way.
 *
 * <p>{@code CandidateDag} is the engine's candidate graph toward one destination switch;
 * {@code LoadBalancedColumns} routes each CA LID over it with sssp's global link loads.
 * Stateless; the pass reads its inputs only and returns new tables, so the daemon may run it on a background thread
 * while the SM thread keeps the old tables, provided the fabric did not change meanwhile (a change makes the result
 * stale: discard it and balance again after the next routing).
 */
package dev.jsm.routing.balance;
