/**
 * The top of the routing module: the engines known by name and the chains that run them. Nothing in an engine's
 * package imports this one.
 *
 * <ul>
 *   <li>{@link dev.jsm.routing.chain.RoutingEngines}: the engine registry (the built-in factories, and external ones
 *       through {@link java.util.ServiceLoader});</li>
 *   <li>{@link dev.jsm.routing.chain.RoutingChain}: OpenSM's {@code routing_engine} list, tried in order with the
 *       implicit minhop fallback, every fallback reported in a {@link dev.jsm.routing.RoutingResult};</li>
 *   <li>routing chains over topologies (docs/reference/opensm-behaviour.md#routing-chains): the topologies policy
 *       ({@link dev.jsm.routing.chain.TopologyPolicy}, over the port groups of {@code dev.jsm.subnet.portgroup}), the
 *       routing chain policy ({@link dev.jsm.routing.chain.ChainPolicy}) and the chain that runs its steps, each
 *       engine over its topology's part of the fabric, merging their routes
 *       ({@link dev.jsm.routing.chain.TopologyChain}), with the per-step file names of
 *       {@link dev.jsm.routing.chain.StepFileNames};</li>
 *   <li>{@link dev.jsm.routing.chain.UnicastRouter}: the daemon's one entry per sweep - the chain set up again when
 *       its options change ({@link dev.jsm.routing.chain.ChainSpec}), the routes in force kept, repaired (with
 *       {@code repair}) or taken from the persisted routing, or computed anew, and the verifier that checks a new
 *       routing - from a {@link dev.jsm.routing.chain.RoutingRequest} to a {@link dev.jsm.routing.chain.RoutingPass}
 *       that carries what the daemon records, logs, dumps and reports.</li>
 * </ul>
 */
package dev.jsm.routing.chain;
