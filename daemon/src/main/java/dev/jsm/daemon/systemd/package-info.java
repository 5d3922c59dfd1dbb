/**
 * systemd integration: the {@code sd_notify} protocol (READY, STATUS, WATCHDOG, STOPPING) through libsystemd, so the
 * shipped {@code Type=notify} units know when the subnet is up and whether the event loop is alive. A reader of the
 * read model ({@code view}): it is told of each sweep as a listener.
 */
package dev.jsm.daemon.systemd;
