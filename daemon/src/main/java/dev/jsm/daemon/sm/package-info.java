/**
 * The SM's own state (DISCOVERING, MASTER, ...), its SMInfo answers and the trap receiver. Standby and handover
 * are not implemented yet.
 */
package dev.jsm.daemon.sm;
