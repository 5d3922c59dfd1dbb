package dev.jsm.daemon.route;

import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.verify.VerifierReport;

/**
 * The route verifier's verdict on the routing in force: what the chain produced and, once the check ran after the
 * sweep, the verifier's report. For {@code --route-only}, which reports it, and for readers that show it.
 *
 * <p>Immutable; safe to share.
 *
 * @param result the routing the check is about
 * @param report the verifier's report, or {@code null} when no engine routed (nothing to check)
 */
public record RouteCheck(RoutingResult result, VerifierReport report) {
}
