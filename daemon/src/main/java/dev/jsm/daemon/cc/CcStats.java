package dev.jsm.daemon.cc;

/**
 * The congestion control manager's counters since start, read at one moment (for /metrics and tests).
 *
 * <p>Immutable; safe to share.
 *
 * @param sets Sets sent
 * @param answered Sets answered with status 0
 * @param answeredOtherwise of those, answers holding other values than the Set wrote (sent again next sweep)
 * @param refused Sets answered with another status (sent again next sweep, unless the status marked the port
 *     unavailable)
 * @param timeouts Sets that went unanswered after every retry
 * @param sendFailures Sets the transport could not send (each an error of its sweep)
 * @param garbage answers that were not a congestion control GetResp of the attribute and block the Set wrote
 *     (ignored)
 * @param unavailablePorts ports left alone now, as unable to do congestion control
 */
public record CcStats(long sets, long answered, long answeredOtherwise, long refused, long timeouts,
                      long sendFailures, long garbage, int unavailablePorts) {
}
