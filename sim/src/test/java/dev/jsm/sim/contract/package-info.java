/**
 * The simulator's contract with Debian's ibsim: one scripted SMP sequence ({@link dev.jsm.sim.contract.ContractScript}:
 * a directed-route crawl, the Sets an SM does to bring the fabric up, LID-routed Gets, table Sets, error cases) runs
 * over {@code UmadChannel} against ibsim and over a {@code SimMadChannel} against {@code SimFabric} on the same
 * topology file; {@link dev.jsm.sim.contract.ContractComparison} compares the decoded answers line by line, allowing
 * only the named, documented entries of {@link dev.jsm.sim.contract.KnownDifference}.
 */
package dev.jsm.sim.contract;
