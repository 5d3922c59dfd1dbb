/**
 * The subnet administrator inside the daemon: {@link dev.jsm.daemon.sa.SaService} runs the SA agent on the SM's
 * port and hands it the read model's view of each SUBNET UP ({@code view}; never the sweep's machinery); the bridges
 * connect the partitions and QoS modules to what the SA module asks, and multicast joins and leaves reach the SM's
 * groups on the SM thread. The agent answers on its own thread.
 */
package dev.jsm.daemon.sa;
