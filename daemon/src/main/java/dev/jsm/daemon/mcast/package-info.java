/**
 * Multicast in the sweep: the groups and their members ({@link dev.jsm.daemon.mcast.McastGroups}, changed by the SA
 * and the partition manager on the SM thread) and the stage that turns them into trees and sends the MFT blocks
 * that differ ({@link dev.jsm.daemon.mcast.MftProgrammer}): every group in a heavy sweep, the groups joined or left
 * since in a multicast update. Confined to the SM thread.
 */
package dev.jsm.daemon.mcast;
