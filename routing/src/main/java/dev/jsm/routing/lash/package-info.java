/**
 * The {@code lash} routing engine (LAyered SHortest path routing): shortest switch-to-switch paths on virtual layers
 * whose channel dependency graphs are acyclic, so the routes are free of credit loops on any topology.
 *
 * <p>{@link dev.jsm.routing.lash.LashEngine} runs the pass: {@code mesh.SwitchGraph} (logical links),
 * {@code ShortestPathTrees} (one BFS tree per destination), {@code LayerAssignment} and {@code DependencyLayer}
 * (incremental acyclicity by dynamic topological order), {@code LayerBalancer}, {@code LftWriter}; the path SLs and
 * SL2VL mapping are {@code LashPathSl} and {@code LashSl2Vl}. The optional mesh analysis and the graph of
 * logical links it reorders are in {@link dev.jsm.routing.lash.mesh}, which imports nothing of this package.
 */
package dev.jsm.routing.lash;
