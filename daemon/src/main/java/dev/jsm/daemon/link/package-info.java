/**
 * The link manager: the PortInfo values wanted per port and the Sets that bring ports INIT to ARMED (with the
 * parameters in the same MAD) and ARMED to ACTIVE. Confined to the SM thread.
 */
package dev.jsm.daemon.link;
