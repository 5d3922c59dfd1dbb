/**
 * The performance manager (OpenSM's PerfMgr, {@code --perfmgr}): on a thread of its own it reads every port's
 * PortCounters and PortCountersExtended (PerfMgt class 0x04, GMPs on QP1 by LID) from the fabric the last SUBNET UP
 * published (the read model's view: {@code view}) or, on a standby, the fabric its last discovery found, keeps
 * 64-bit totals as OpenSM does (deltas from the previous reading, counters cleared when about three quarters full,
 * clears by others detected), logs increases of the error counters and large XmitWait increases, and publishes an
 * immutable {@link dev.jsm.daemon.perfmgr.PerfSnapshot} for /metrics and the console.
 */
package dev.jsm.daemon.perfmgr;
