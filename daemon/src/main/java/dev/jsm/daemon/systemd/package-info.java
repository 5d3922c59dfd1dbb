/**
 * systemd integration: the {@code sd_notify} protocol (READY, STATUS, WATCHDOG, STOPPING) through libsystemd, so the
 * shipped {@code Type=notify} units know when the subnet is up and whether the event loop is alive.
 */
package dev.jsm.daemon.systemd;
