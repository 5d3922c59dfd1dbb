/**
 * The event queue signal handlers, timers and traps feed, and the SM thread that owns the mutable model and runs
 * the MAD handlers.
 */
package dev.jsm.daemon.loop;
