/**
 * The subnet administrator inside the daemon: {@link dev.jsm.daemon.sa.SaService} runs the SA agent on the SM's
 * port and hands it the read model's view of each SUBNET UP ({@code view}; never the sweep's machinery); the bridges
 * connect the partitions and QoS modules to what the SA module asks, and multicast joins and leaves reach the SM's
 * groups on the SM thread. The agent answers on its own thread. What hosts registered survives a restart through
 * {@code opensm-sa.dump} ({@code sa_db_file}, {@code sa_db_dump}: {@link dev.jsm.daemon.sa.SaStateFile}) and a
 * failover through the standby channel, on which the service puts the agent as the SM's state says.
 */
package dev.jsm.daemon.sa;
