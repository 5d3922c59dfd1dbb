/**
 * Traps from the fabric (docs/reference/opensm-behaviour.md#traps-and-event-forwarding): the receiver
 * that answers them with TrapRepress and asks for sweeps, the
 * suppression of repeated traps, and the port-health monitor that marks ports sending traps 129-131 over and over
 * unhealthy (routes avoid them) or disables them ({@code babbling_port_policy}). Handlers run on the SM thread.
 */
package dev.jsm.daemon.trap;
