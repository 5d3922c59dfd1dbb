/**
 * RMPP (IBA 13.6) in user space, independent of the kernel's: {@link dev.jsm.sa.rmpp.RmppSender} (segmentation,
 * window, ACK timeouts, retries, abort) and {@link dev.jsm.sa.rmpp.RmppReceiver} (reassembly, ACKs, duplicate and
 * stale handling). Needed because umad2sim/ibsim do no RMPP, so multi-record SA answers must be segmented by us.
 * Time is passed in by the caller, so both are testable without wall time.
 */
package dev.jsm.sa.rmpp;
