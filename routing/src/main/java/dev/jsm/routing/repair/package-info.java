/**
 * Incremental rerouting (docs/reference/incremental-routing.md, and issue 21): repairs
 * the LFTs an engine computed on one
 * snapshot of a fabric for a later snapshot of the same fabric, changing only the entries the change forces.
 *
 * <h2>API</h2>
 * <pre>{@code
 * RepairPolicy policy = RepairPolicy.of(engineThatRoutedBefore);        // Repairable engines give their own
 * RepairOutcome o = RouteRepair.repair(before, beforeTables, after, policy, threads);
 * if (o instanceof RepairOutcome.Repaired r) { program(r.tables()); log(r.stats()); }
 * else { log(((RepairOutcome.NeedsRecompute) o).reason()); routeFromScratch(after); }
 * }</pre>
 * <ul>
 *   <li>{@link dev.jsm.routing.repair.RouteRepair#repair}{@code (RoutingInput before, LftTables beforeTables,
 *       RoutingInput after, RepairPolicy policy, int threads)}: {@code before} and {@code after} are two snapshots
 *       of one fabric whose indices may differ (switches are matched by node GUID, ports by number, end ports by
 *       port GUID, LIDs by the end port holding them); {@code beforeTables} are not changed.</li>
 *   <li>{@link dev.jsm.routing.repair.RepairOutcome}: {@code Repaired(LftTables tables, RepairStats stats)}, the
 *       tables sized for {@code after} and what changed ({@link dev.jsm.routing.repair.RepairStats}: entries
 *       changed, switches touched, LID columns changed and verified, new switches, entries left without an allowed
 *       port, the {@link dev.jsm.routing.repair.RepairCase}s found with their counts, the time); or
 *       {@code NeedsRecompute(String reason)}.</li>
 *   <li>{@link dev.jsm.routing.repair.RepairPolicy}: an engine's rules, {@link dev.jsm.routing.repair.RepairRules}
 *       on a snapshot: {@code Candidates} (the engine's {@link dev.jsm.routing.EgressCandidates}: minhop, sssp, dor,
 *       updn, dnup), {@code ParallelLinksOnly} (ftree) or {@code Refused(reason)}; and whether the engine promises
 *       freedom from credit loops (updn, dnup, ftree). Engines declare support by implementing
 *       {@link dev.jsm.routing.repair.Repairable}; {@link dev.jsm.routing.repair.RepairPolicy#of} gives
 *       {@link dev.jsm.routing.repair.RepairPolicy#none} for the others (lash, dfsssp, torus-2QoS, nue, file), whose
 *       repairs always need a full pass.</li>
 * </ul>
 *
 * <h2>What a repair does</h2>
 * {@code FabricDiff} matches the snapshots and sorts every LID column into leave (no reachable
 * owner: a CA link down changes nothing), check (every entry the engine still allows stays, the others are
 * re-chosen among the allowed ports, least loaded first, keeping the old neighbour where a parallel cable remains)
 * or route anew (new, changed or moved LIDs; a new switch's row). {@code CandidateRepair}
 * and {@code ParallelLinkRepair} do the work; {@code RepairGate} has
 * the {@link dev.jsm.routing.verify.RouteVerifier} check the result (delivery; credit loops where promised) on every
 * LID of fabrics up to 2^20 LFT entries and on the changed columns above that, and a rejected repair becomes
 * {@code NeedsRecompute} with the verifier's reason.
 *
 * <h2>For the daemon</h2>
 * <ul>
 *   <li>Keep, from the previous routing (full pass or repair), its {@link dev.jsm.routing.RoutingInput} and its
 *       tables, and the engine instance that routed them (the chain's winner, {@code RoutingResult.engineUsed()}):
 *       its policy must be the one of the engine that produced {@code beforeTables}. An updn or dnup engine's
 *       policy compares the new rank-0 switches with those of its last full pass; if that engine has not routed
 *       since the daemon started (tables restored from a persisted routing), the policy computes them from
 *       {@code before}.</li>
 *   <li>Threads: {@code repair} runs on the calling thread plus up to {@code threads} workers joined before it
 *       returns; everything is stateless, inputs are only read, the returned tables are new: a repair may run on any
 *       thread, e.g. off the SM thread, as long as nothing changes the two inputs meanwhile (they are immutable).</li>
 *   <li>Program only the LFT blocks that differ from what the switches hold: {@code RepairStats.entriesChanged} is
 *       the upper bound in entries.</li>
 *   <li>After repairs the balance drifts (a returning cable carries nothing until then): run the off-sweep balancer
 *       ({@code dev.jsm.routing.balance}) after {@code offsweep_balancing_window}.</li>
 * </ul>
 */
package dev.jsm.routing.repair;
