/**
 * The management endpoint, off unless {@code console} is {@code loopback} or {@code socket} in opensm.conf: one TCP
 * port ({@code console_port}, default 10000) that answers HTTP ({@code /metrics} in Prometheus text, {@code /status}
 * in JSON) and OpenSM's text console (telnet) alike, told apart by the first bytes a client sends.
 */
package dev.jsm.daemon.mgmt;
