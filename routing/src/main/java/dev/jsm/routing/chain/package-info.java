/**
 * Routing chains over topologies (docs/reference/opensm-behaviour.md#routing-chains): the topologies policy
 * ({@link dev.jsm.routing.chain.TopologyPolicy}, over the port groups of {@code dev.jsm.subnet.portgroup}), the
 * routing chain policy ({@link dev.jsm.routing.chain.ChainPolicy}) and the chain that runs its steps, each engine
 * over its topology's part of the fabric, merging their routes ({@link dev.jsm.routing.chain.TopologyChain}), with
 * the per-step file names of {@link dev.jsm.routing.chain.StepFileNames}.
 */
package dev.jsm.routing.chain;
