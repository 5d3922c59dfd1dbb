/**
 * The SM's own state (DISCOVERING, MASTER, ...), the stage that decides it in a sweep, and its SMInfo answers.
 * Standby and handover are not implemented yet.
 */
package dev.jsm.daemon.sm;
