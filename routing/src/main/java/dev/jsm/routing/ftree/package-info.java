/**
 * The {@code ftree} routing engine: OpenSM's fat-tree routing, congestion-free for the shift pattern and free of
 * credit loops, with the switch LIDs completed so every switch reaches every switch.
 *
 * <p>{@link dev.jsm.routing.ftree.FatTreeEngine} runs the pass; {@code TreeRanks} ranks the switches,
 * {@code EndNodes} sorts the end ports into compute nodes, I/O nodes and others, {@code PortGroups} gathers parallel
 * links and keeps the load counters, {@code SymmetryCheck} applies the pure fat-tree rules, {@code TreeIndexing} and
 * {@code LeafOrder} order switches and leaves, {@code FatTreePass} and {@code TreeRouter} assign the routes,
 * {@code RootLinks} routes the missing switch LIDs through one leaf with {@code connect_roots}, and
 * {@link dev.jsm.routing.RouteCompletion} fills the gaps switch traffic needs.
 * {@link dev.jsm.routing.ftree.FatTreeSummary} carries the compute node order of {@code opensm-ftree-ca-order.dump}.
 */
package dev.jsm.routing.ftree;
