/**
 * The read model: what the threads that only read - the SA agent, the management port, systemd, the performance
 * manager, route-only and the tests - get of the SM. {@link dev.jsm.daemon.view.FabricView} is the immutable picture
 * SUBNET UP publishes (and a multicast update refreshes); {@link dev.jsm.daemon.view.SweepListener} is how a reader is
 * told of it and of every sweep's end ({@link dev.jsm.daemon.view.SweepKind}). It imports no other package of the
 * daemon, so a reader depends on the published picture, never on the sweep's machinery.
 */
package dev.jsm.daemon.view;
