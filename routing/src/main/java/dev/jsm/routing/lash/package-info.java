/**
 * The {@code lash} routing engine (LAyered SHortest path routing): shortest switch-to-switch paths on virtual layers
 * whose channel dependency graphs are acyclic, so the routes are free of credit loops on any topology.
 *
 * <p>{@link dev.jsm.routing.lash.LashEngine} runs the pass: {@code SwitchGraph} (logical links),
 * {@code ShortestPathTrees} (one BFS tree per destination), {@code LayerAssignment} and {@code DependencyLayer}
 * (incremental acyclicity by dynamic topological order), {@code LayerBalancer}, {@code LftWriter}; the path SLs and
 * SL2VL mapping are {@code LashPathSl} and {@code LashSl2Vl}. The optional mesh analysis is in
 * {@link dev.jsm.routing.lash.mesh}.
 */
package dev.jsm.routing.lash;
