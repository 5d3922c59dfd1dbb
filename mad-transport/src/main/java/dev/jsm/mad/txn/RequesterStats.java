package dev.jsm.mad.txn;

/**
 * A snapshot of one {@link Requester}'s counters since it was made. Counters never decrease; {@code outstanding} is
 * the value at the time of the snapshot.
 *
 * <p>Immutable; safe to share.
 *
 * @param sent requests sent (first transmissions)
 * @param retries re-sends of requests whose transmission timed out
 * @param responses requests answered
 * @param timeouts requests that got no response after all retries
 * @param sendFailures requests the transport failed (a send that threw, a MAD handed back undelivered)
 * @param outstanding requests whose outcome has not reached their handler yet ({@link Requester#outstanding})
 */
public record RequesterStats(long sent, long retries, long responses, long timeouts, long sendFailures,
                             int outstanding) {
}
