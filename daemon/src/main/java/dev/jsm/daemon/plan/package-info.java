/**
 * Plan before apply: what a HUP would change, from two read-backs of the simulated fabric the plan ran the daemon
 * on ({@code dev.jsm.daemon.Plan}): the tables ({@link dev.jsm.daemon.plan.FabricTables}), their diff
 * ({@link dev.jsm.daemon.plan.PlanDiff}) with the route verifier's figures, its text and JSON, and the errors the
 * daemon logged while it re-read the files. Imports none of the daemon's packages.
 */
package dev.jsm.daemon.plan;
