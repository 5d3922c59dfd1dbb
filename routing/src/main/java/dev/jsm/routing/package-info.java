/**
 * The routing engine SPI: what every engine and everything around the engines shares.
 *
 * <p>An engine ({@link dev.jsm.routing.RoutingEngine}, created by name through a
 * {@link dev.jsm.routing.RoutingEngineFactory}) reads a {@link dev.jsm.routing.RoutingInput} (dense primitive arrays
 * built once per sweep from a {@link dev.jsm.subnet.snapshot.SubnetSnapshot}) and writes
 * {@link dev.jsm.routing.LftTables}; it never sends MADs. It answers with a {@link dev.jsm.routing.RouteOutcome}:
 * routed (optionally with path SLs and SL2VL, and a {@link dev.jsm.routing.SwitchTree} for multicast), declined or
 * failed. What a chain of engines did is a {@link dev.jsm.routing.RoutingResult}.
 *
 * <p>The layering, lowest first (a package imports only packages before it): this package; {@code fileformat} (the
 * files routing options name), {@code mcast} (multicast trees), {@code verify} (the route verifier); {@code repair}
 * and {@code balance}; the engines, one sub-package each ({@code minhop}, {@code updn}, {@code lash}, ...; an engine
 * may build on another's pieces: dor, updn and sssp on minhop's); and at the top {@code chain}, the engine registry
 * ({@code RoutingEngines}) and the chains that run engines. No engine imports {@code chain}.
 */
package dev.jsm.routing;
