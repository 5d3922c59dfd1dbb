package dev.jsm.sim;

/**
 * Counters of a {@link SimFabric} since it was built, for tests and benchmarks.
 *
 * <p>Immutable; safe to share.
 *
 * @param sent MADs handed to the simulator by channels
 * @param answered requests answered by a simulated SMA
 * @param forwarded MADs delivered from one channel to another (SMInfo, traps' peers, responses of an SM, GSI)
 * @param dropped MADs that could not be delivered: no route, link down, malformed, nobody listening (each handed
 *     back to the channel that sent it, if any, as a failed send)
 * @param lostRequests requests discarded by loss injection before they reached their target
 * @param lostResponses deliveries discarded by loss injection (responses, forwarded MADs, traps)
 * @param traps traps sent: 128 by switches, 129-131 by {@link SimFaults#portTrap}, 144, 256 (bad M_Key)
 * @param trapRepresses TrapRepress MADs consumed by switch SMAs
 * @param mKeyViolations Gets and Sets dropped because they failed a port's M_Key check (also counted in
 *     {@code dropped})
 */
public record SimStats(long sent, long answered, long forwarded, long dropped, long lostRequests,
                       long lostResponses, long traps, long trapRepresses, long mKeyViolations) {
}
