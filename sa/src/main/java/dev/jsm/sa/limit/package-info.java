/**
 * The SA's resource bounds: {@link dev.jsm.sa.limit.SaLimits} (what one requester and all of them together may take:
 * request rate, queue, RMPP reassembly, answer sizes and bytes in flight, ServiceRecords, subscriptions, groups),
 * {@link dev.jsm.sa.limit.AnswerCaps} (the largest answer built and the largest PathRecord table streamed),
 * {@link dev.jsm.sa.limit.RequesterGate} (rate and queue share per source LID, before a request is read) and
 * {@link dev.jsm.sa.limit.Refusals} (every refusal counted by {@link dev.jsm.sa.limit.Refusal}, logged once per
 * requester and interval). The SA is the part of the SM any host can talk to; these keep one host from taking the
 * daemon's memory or the other hosts' share.
 *
 * <p>The bottom of the SA's packages with {@code codec}: it imports no other package of the module, so that
 * {@code rmpp} (reassembly bounds), {@code query} (answer caps) and everything above can name its bounds.
 */
package dev.jsm.sa.limit;
