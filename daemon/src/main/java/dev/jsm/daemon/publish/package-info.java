/**
 * The end of a heavy sweep: SUBNET UP, the dump files, and the immutable {@link dev.jsm.daemon.sweep.FabricView}
 * handed to the readers on other threads. Confined to the SM thread.
 */
package dev.jsm.daemon.publish;
