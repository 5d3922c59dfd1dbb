/**
 * The {@code dor} routing engine (dimension-order routing): minhop's shortest paths, but at each switch the route
 * leaves by the lowest "dimension" (port, or the order of {@code port_search_ordering_file}) among the shortest
 * ports, and balances only over parallel links of that dimension. Free of credit loops on meshes and hypercubes
 * cabled consistently (XY / e-cube routing); on tori it routes minimally but the rings close credit loops.
 *
 * <p>{@link dev.jsm.routing.dor.DorEngine} runs minhop's {@link dev.jsm.routing.minhop.ShortestPaths} and
 * {@link dev.jsm.routing.minhop.SwitchRouter} over {@code DimensionCandidates}, which narrows each list of shortest
 * ports to the links toward the first-dimension neighbour (OpenSM's {@code is_dor} mode of
 * {@code osm_switch_recommend_path}).
 */
package dev.jsm.routing.dor;
