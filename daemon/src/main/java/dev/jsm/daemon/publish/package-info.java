/**
 * The end of a heavy sweep: SUBNET UP, the dump files, and the immutable {@link dev.jsm.daemon.view.FabricView}
 * handed to the readers on other threads through the sweep's listeners; and the ends of a multicast update
 * ({@link dev.jsm.daemon.publish.McastViewUpdate}: that view with the MFTs the switches hold now) and of off-sweep
 * balancing ({@link dev.jsm.daemon.publish.RoutingViewUpdate}: that view with the balanced routes). Confined to the SM
 * thread.
 */
package dev.jsm.daemon.publish;
