/**
 * Unicast routing through the routing chain and verifier, LFT programming by 64-LID block diff, and the one
 * SwitchInfo Set path ({@link dev.jsm.daemon.route.SwitchInfoSetter}), which the multicast stage's MulticastFDBTop
 * Sets take too. Confined to the SM thread.
 */
package dev.jsm.daemon.route;
