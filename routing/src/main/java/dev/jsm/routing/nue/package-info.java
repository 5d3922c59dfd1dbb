/**
 * The {@code nue} routing engine: deadlock-free routes on any topology within a given number of virtual layers,
 * found by routing each destination inside the channel dependency graph (Domke, Hoefler and Matsuoka, HPDC 2016).
 *
 * <p>{@link dev.jsm.routing.nue.NueEngine} runs the pass: {@link dev.jsm.routing.nue.LayerPlan} splits the
 * destinations over the layers; per layer {@link dev.jsm.routing.nue.EscapePaths} seeds a
 * {@link dev.jsm.routing.nue.DependencyDag} (the layer's used dependencies under a dynamic topological order) with a
 * spanning tree's routes, and {@link dev.jsm.routing.nue.DestinationRouter} routes each destination by a Dijkstra
 * over the {@link dev.jsm.routing.nue.ChannelGraph} that only takes turns the graph accepts;
 * {@link dev.jsm.routing.nue.NuePathSl} gives each destination's layer as its SL.
 */
package dev.jsm.routing.nue;
