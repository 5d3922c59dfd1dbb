/**
 * The partition manager stage: partitions.conf re-read at each heavy sweep, P_Key tables planned per port and the
 * blocks that differ sent, enforcement bits handed to the link manager; and {@link dev.jsm.daemon.pkey.Retrained},
 * which tells from a port's state that its tables may be back at their power-on values. Confined to the SM thread.
 */
package dev.jsm.daemon.pkey;
