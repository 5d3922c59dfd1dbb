/**
 * The subnet manager daemon ({@code opensm}) and its composition root, the top of the module's packages (none imports
 * it): {@link dev.jsm.daemon.Main} (signals first, command line, logging, fabric, then the
 * {@link dev.jsm.daemon.Daemon}), the documented {@link dev.jsm.daemon.ExitCode}s, the daemon that builds everything
 * for one port with its stage lists ({@code Sweeps}) and event loop ({@code SweepLoop}), the management port's way in
 * ({@code DaemonManagement}, implementing {@code mgmt}'s {@code ManagedSm}), {@code --route-only}
 * ({@link dev.jsm.daemon.RouteOnly}), and the attachment to a libibumad port or to the in-JVM simulator.
 *
 * <p>Threads: {@code jsm-sweep} (event loop, waits on the MAD barrier between stages, runs the engines' pass),
 * {@code jsm-sm} (the only thread touching the mutable model: stages and MAD handlers), {@code jsm-timer} (timers
 * that enqueue events), {@code jsm-after-sweep} (route check, persistence writes), the transport's I/O and timer
 * threads, the readers' threads (SA, management port, performance manager), and the JVM's signal threads, which only
 * enqueue events; docs/architecture.md lists them all.
 */
package dev.jsm.daemon;
