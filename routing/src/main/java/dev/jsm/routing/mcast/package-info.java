/**
 * Multicast trees: one spanning tree per group over the switches of a {@link dev.jsm.routing.RoutingInput}, rooted
 * at the switch with the least maximal hop count to the members ({@link dev.jsm.routing.mcast.McastTree}), or
 * inside a tree the routing engine imposes ({@link dev.jsm.routing.SwitchTree}, torus-2QoS's master spanning
 * tree). Pure functions of the input; the daemon turns the trees into MFT blocks.
 */
package dev.jsm.routing.mcast;
