/**
 * The {@code minhop} routing engine: shortest paths by switch-to-switch hop count (or by port weights), balanced over
 * equal-cost ports by route count, with OpenSM's LMC spreading, {@code port_shifting}, {@code scatter_ports},
 * {@code guid_routing_order_file}, {@code hop_weights_file} and {@code port_prof_ignore_file}.
 *
 * <p>{@link dev.jsm.routing.minhop.MinHopEngine} reads the files ({@link dev.jsm.routing.minhop.MinHopFiles}),
 * computes {@link dev.jsm.routing.minhop.ShortestPaths} (BFS per switch into one {@code byte[S*S]}, or a bucket-queue
 * Dijkstra into a {@code char[S*S]} when weighted) and then runs one {@link dev.jsm.routing.minhop.SwitchRouter} pass
 * per switch. The dor engine ({@code dev.jsm.routing.dor}) and updn/dnup reuse the distances and the port selection.
 */
package dev.jsm.routing.minhop;
