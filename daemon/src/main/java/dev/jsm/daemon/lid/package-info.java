/**
 * LID assignment and OpenSM's {@code guid2lid} file: the {@link dev.jsm.daemon.lid.LidStore} (one owner per LID,
 * atomic writes only on change, through {@code cache}) and the {@link dev.jsm.daemon.lid.LidManager} stage, which
 * reads the SM's status ({@code sm}) for the takeover rules. Confined to the SM thread.
 */
package dev.jsm.daemon.lid;
