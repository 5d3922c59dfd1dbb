/**
 * The event queue signal handlers, timers and traps feed, the SM thread that owns the mutable model and runs
 * the MAD handlers, and the timer thread whose tasks' errors are not lost.
 */
package dev.jsm.daemon.loop;
