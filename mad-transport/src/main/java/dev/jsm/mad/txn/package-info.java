/**
 * Request/response transactions on top of a {@link dev.jsm.mad.channel.MadChannel}, shared by the libibumad channel
 * and the simulator: {@link dev.jsm.mad.txn.MadTransactions} allocates TransactionIDs, matches responses, keeps
 * OpenSM's window of outstanding SMPs ({@code max_wire_smps}, {@code max_wire_smps2}, {@code max_smps_timeout}),
 * times out and retries requests itself ({@code transaction_timeout}, {@code transaction_retries}), offers the
 * quiescence barrier the sweep waits on after each stage, dispatches unsolicited MADs (traps, SA requests) to
 * registered handlers and counts everything in {@link dev.jsm.mad.txn.TransactionStats}. Components that send
 * requests of their own beside the SM's (the performance manager, the SA's Reports) do it through a
 * {@link dev.jsm.mad.txn.Requester}: the same TIDs, matching, timeouts and retries, outside the window and the
 * barrier, with counters of its own. Outcomes are a sealed
 * {@link dev.jsm.mad.txn.TransactionOutcome} delivered on an executor the caller supplies (the SM thread), never on
 * the channel's I/O thread.
 */
package dev.jsm.mad.txn;
