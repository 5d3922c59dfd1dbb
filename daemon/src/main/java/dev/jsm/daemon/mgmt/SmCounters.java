package dev.jsm.daemon.mgmt;

/**
 * The SM's own counters the metrics show, read at one moment.
 *
 * <p>Immutable; safe to share.
 *
 * @param sentSets SMP Sets the sweeps sent (SMInfo between SMs not counted)
 * @param refusedSets Sets not sent because this SM was not master (a bug if ever non-zero)
 * @param trapsSuppressed traps suppressed as repeated (only answered: no sweep, no forwarding)
 * @param unhealthyPorts ports marked unhealthy for repeated traps 129-131 now
 * @param portsDisabledBabbling ports disabled by {@code babbling_port_policy} since start
 * @param saIgnoredNotMaster SA MADs ignored because this SM was not a master past its first sweep
 */
public record SmCounters(long sentSets, long refusedSets, long trapsSuppressed, int unhealthyPorts,
                         long portsDisabledBabbling, long saIgnoredNotMaster) {
}
