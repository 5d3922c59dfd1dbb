/**
 * The link manager: the PortInfo values wanted per port ({@link dev.jsm.daemon.link.PortWishes} from the partition and
 * QoS managers, the M_Key each port should hold from {@code mkey}'s book) and the Sets that bring ports INIT to ARMED
 * (with the parameters in the same MAD) and ARMED to ACTIVE, through the one PortInfo Set path
 * ({@link dev.jsm.daemon.link.PortInfoSetter}), which the port-health monitor's disabling takes too. Confined to the
 * SM thread.
 */
package dev.jsm.daemon.link;
