package dev.jsm.daemon.mgmt;

/**
 * The congestion control manager's counters since start ({@code congestion_control}), read at one moment.
 *
 * <p>Immutable; safe to share.
 *
 * @param sets congestion control Sets sent
 * @param answered Sets answered with status 0
 * @param answeredOtherwise of those, answers holding other values than written (written again at the next sweep)
 * @param refused Sets answered with another status
 * @param timeouts Sets that went unanswered after every retry
 * @param sendFailures Sets the transport could not send
 * @param garbage answers that were not a congestion control GetResp (ignored)
 * @param unavailablePorts ports left alone now, as unable to do congestion control
 */
public record CongestionCounters(long sets, long answered, long answeredOtherwise, long refused, long timeouts,
                                 long sendFailures, long garbage, int unavailablePorts) {
}
