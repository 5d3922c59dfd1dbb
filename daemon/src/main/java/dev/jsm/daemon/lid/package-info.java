/**
 * LID assignment and OpenSM's {@code guid2lid} file: the {@link dev.jsm.daemon.lid.LidStore} (one owner per LID,
 * atomic writes only on change) and the {@link dev.jsm.daemon.lid.LidManager} stage. Confined to the SM thread.
 */
package dev.jsm.daemon.lid;
