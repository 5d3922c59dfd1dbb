/**
 * Unicast routing through the routing chain and verifier, and LFT programming by 64-LID block diff. Confined to
 * the SM thread.
 */
package dev.jsm.daemon.route;
