/**
 * The simulator's description of a fabric as cabled ({@link dev.jsm.sim.topo.Topology}) and the ways to get one:
 * {@link dev.jsm.sim.topo.TopologyReader} reads ibsim {@code net} files and {@code ibnetdiscover} dumps,
 * {@link dev.jsm.sim.topo.TopologyWriter} writes the {@code net} format back, the generators
 * ({@link dev.jsm.sim.topo.TwoLevelFatTree}, {@link dev.jsm.sim.topo.ThreeLevelFatTree},
 * {@link dev.jsm.sim.topo.TorusFabric}, {@link dev.jsm.sim.topo.HypercubeFabric},
 * {@link dev.jsm.sim.topo.RandomFabric}, {@link dev.jsm.sim.topo.TopologyDegrader}) build fabrics from a few numbers,
 * and {@link dev.jsm.sim.topo.TopologyShapes} picks a file or a generator from one string
 * ({@code --sim-topology}). CAs may have virtual ports ({@link dev.jsm.sim.topo.VPortSpec}: shape keys
 * {@code vports}, {@code vport-lids}, or a {@code # jsm-virt} line of a net file).
 * {@link dev.jsm.sim.topo.TopologyTool} is the command-line front end.
 *
 * <p>Nothing here shares code with the SM's model, so a modelling bug cannot hide in both.
 */
package dev.jsm.sim.topo;
