/**
 * The subnet administrator inside the daemon: {@link dev.jsm.daemon.sa.SaService} runs the SA agent on the SM's
 * port and publishes to it the view of each SUBNET UP; the bridges connect the partitions and QoS modules to what
 * the SA module asks, and multicast joins and leaves reach the SM's groups. The agent answers on its own thread.
 */
package dev.jsm.daemon.sa;
