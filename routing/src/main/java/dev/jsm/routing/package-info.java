/**
 * The routing engine SPI and the routing chain.
 *
 * <p>An engine ({@link dev.jsm.routing.RoutingEngine}, created by name through a
 * {@link dev.jsm.routing.RoutingEngineFactory} listed in {@link dev.jsm.routing.RoutingEngines}) reads a
 * {@link dev.jsm.routing.RoutingInput} (dense primitive arrays built once per sweep from a
 * {@link dev.jsm.subnet.snapshot.SubnetSnapshot}) and writes {@link dev.jsm.routing.LftTables}; it never sends MADs.
 * It answers with a {@link dev.jsm.routing.RouteOutcome}: routed (optionally with path SLs and SL2VL), declined or
 * failed. {@link dev.jsm.routing.RoutingChain} parses OpenSM's {@code routing_engine} list, tries the engines in
 * order with the implicit minhop fallback, and reports every fallback in a {@link dev.jsm.routing.RoutingResult}.
 *
 * <p>Engines live in sub-packages ({@code minhop}, {@code lash}, ...); the readers of the files routing options name
 * in {@code fileformat}; the route verifier in {@code verify}.
 */
package dev.jsm.routing;
