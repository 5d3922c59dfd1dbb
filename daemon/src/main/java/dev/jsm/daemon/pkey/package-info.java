/**
 * The partition manager stage: partitions.conf re-read at each heavy sweep, P_Key tables planned per port and the
 * blocks that differ sent (through {@code sweep}'s {@code BlockSync}, with {@code Retrained} telling which ports'
 * tables may be back at their power-on values), enforcement bits handed to the link manager. Confined to the SM
 * thread.
 */
package dev.jsm.daemon.pkey;
