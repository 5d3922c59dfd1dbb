/**
 * The subnet manager daemon ({@code opensm}): {@link dev.jsm.daemon.Main} (signals first, command line, logging,
 * fabric, then the {@link dev.jsm.daemon.Daemon} composition root), the documented {@link dev.jsm.daemon.ExitCode}s,
 * the event loop that runs heavy and light sweeps, and the attachment to a libibumad port or to the in-JVM simulator.
 *
 * <p>Threads: {@code jsm-sweep} (event loop, waits on the MAD barrier between stages), {@code jsm-sm} (the only
 * thread touching the mutable model: stages and MAD handlers), {@code jsm-timer} (sweep timer), the transport's I/O
 * and timer threads, and the JVM's signal threads, which only enqueue events.
 */
package dev.jsm.daemon;
