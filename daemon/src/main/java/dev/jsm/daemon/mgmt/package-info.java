/**
 * The management endpoint, off unless {@code console} is {@code loopback} or {@code socket} in opensm.conf: one TCP
 * port ({@code console_port}, default 10000) that answers HTTP ({@code /metrics} in Prometheus text, {@code /status}
 * in JSON) and OpenSM's text console (telnet) alike, told apart by the first bytes a client sends; and the same
 * console on the daemon's terminal ({@code console local}); and with {@code web_console_port} the web console
 * ({@link dev.jsm.daemon.mgmt.WebConsole}: read-only pages and JSON) on a port of its own. It reaches the SM only
 * through {@link dev.jsm.daemon.mgmt.ManagedSm}, which this package owns and the composition root implements: the
 * published view, immutable summaries and counters, and commands that queue events. Nothing but the composition root
 * imports this package.
 */
package dev.jsm.daemon.mgmt;
