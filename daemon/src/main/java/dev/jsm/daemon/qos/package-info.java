/**
 * The QoS manager stage ({@code -Q}): the QoS policy file re-read at each heavy sweep, SL2VL and VLArb tables
 * planned per port (or taken from the routing engine's own SL-to-VL maps on switches) and the tables that differ
 * sent, VLHighLimit handed to the link manager. Confined to the SM thread.
 */
package dev.jsm.daemon.qos;
