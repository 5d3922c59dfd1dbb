/**
 * Unicast routing in the sweep and LFT programming: the routing stage ({@link dev.jsm.daemon.route.UnicastRouting})
 * enters the routing module once per sweep, through its {@code UnicastRouter}, and records, logs, dumps and reports
 * what it decided; the routing in force ({@link dev.jsm.daemon.route.RoutingState}), the chain over topologies read
 * from its policy files ({@link dev.jsm.daemon.route.ChainPolicies}), routing persistence, off-sweep balancing, LFT
 * programming by 64-LID block diff, and the one SwitchInfo Set path ({@link dev.jsm.daemon.route.SwitchInfoSetter}),
 * which the multicast stage's MulticastFDBTop Sets take too. Confined to the SM thread but where a class says
 * otherwise (the engines' pass, the route check, off-sweep balancing's computation).
 */
package dev.jsm.daemon.route;
