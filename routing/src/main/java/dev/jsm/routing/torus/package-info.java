/**
 * The {@code torus-2QoS} routing engine: dimension-order routing on 2D/3D tori and meshes with a dateline per torus
 * dimension encoded in the path SL, SL2VL by port direction (plus VL bit 1 after a DOR-illegal turn and VL bit 2 for
 * the QoS level), routing around failed links the long way round and around a failed switch by an early turn, and
 * the master spanning tree for multicast (torus-2QoS(8), torus-2QoS.conf(5)).
 *
 * <p>{@link dev.jsm.routing.torus.TorusEngine} runs the pass: discovery from the configured seed by 4-loops of
 * links ({@code PlacementGrid}, {@code TorusDiscovery}), the refusal checks ({@code TorusRings}), next hops
 * ({@code DorNextHop}) and LFT rows ({@code TorusLfts}).
 */
package dev.jsm.routing.torus;
