package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.txn.TransactionStats;
import dev.jsm.routing.RoutingResult;
import dev.jsm.sa.agent.SaAgentStats;
import dev.jsm.sa.event.ReportCounters;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.VPortAttributes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The daemon's state in the Prometheus text exposition format (version 0.0.4), written by hand - it is a few dozen
 * families, not worth a client library: sweeps and their durations, MADs (sent, received, retried, timed out, and
 * first transmissions by attribute), the fabric's size, links gone per port, the routing engine and its compute
 * time, the SM state and the other SMs seen, whether and when the subnet came up, SA requests by record type,
 * repeated traps suppressed, ports marked unhealthy or disabled for babbling, Reports to event subscribers, the
 * performance manager's port counters ({@link PerfMetrics}), and the process's own memory, CPU and collections
 * ({@link ProcessMetrics}). The dashboard and alerting rules the package ships use these names (docs/operations.md).
 *
 * <p>Stateless; safe to share.
 */
final class PrometheusText {

    /** The content type Prometheus expects for this format. */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private PrometheusText() {
    }

    /** The whole scrape. */
    static String render(ManagedSm managed, SweepCounters sweeps) {
        StringBuilder out = new StringBuilder(4096);
        family(out, "jsm_sweeps_total", "counter", "Sweeps that ended, by kind and result");
        for (SweepKind kind : SweepKind.values()) {
            SweepCounters.Kind k = sweeps.of(kind);
            sample(out, "jsm_sweeps_total{kind=\"" + kind.label() + "\",result=\"ok\"}", k.ok.get());
            sample(out, "jsm_sweeps_total{kind=\"" + kind.label() + "\",result=\"failed\"}", k.failed.get());
        }
        family(out, "jsm_sweep_duration_seconds_total", "counter", "Time spent in sweeps, by kind");
        for (SweepKind kind : SweepKind.values()) {
            sample(out, "jsm_sweep_duration_seconds_total{kind=\"" + kind.label() + "\"}",
                    seconds(sweeps.of(kind).totalNanos.get()));
        }
        family(out, "jsm_last_sweep_duration_seconds", "gauge", "Duration of the last sweep of each kind");
        for (SweepKind kind : SweepKind.values()) {
            sample(out, "jsm_last_sweep_duration_seconds{kind=\"" + kind.label() + "\"}",
                    seconds(sweeps.of(kind).lastNanos));
        }

        SmSummary sm = managed.sm();
        SmState state = sm.state();
        FabricView view = managed.view();
        SubnetSnapshot snap = view.snapshot();
        family(out, "jsm_subnet_up", "gauge", "1 once a heavy sweep ended in SUBNET UP");
        sample(out, "jsm_subnet_up", sweeps.lastUpSweep() > 0 ? 1 : 0);
        family(out, "jsm_last_subnet_up_timestamp_seconds", "gauge", "When the last SUBNET UP was (Unix time; 0 "
                + "before the first)");
        sample(out, "jsm_last_subnet_up_timestamp_seconds", unixSeconds(sweeps.lastUpMillis()));
        family(out, "jsm_sweeps_failed_since_subnet_up", "gauge", "Heavy, incremental and reconfiguration sweeps "
                + "that failed since the last SUBNET UP (since start before the first)");
        sample(out, "jsm_sweeps_failed_since_subnet_up", sweeps.failedSinceSubnetUp());
        family(out, "jsm_sm_state", "gauge", "The SM's state (1 for the current one)");
        for (SmState s : SmState.values()) {
            sample(out, "jsm_sm_state{state=\"" + s.name() + "\"}", s == state ? 1 : 0);
        }
        SmCounters counters = managed.counters();
        smLines(out, sm, counters);
        family(out, "jsm_fabric_nodes", "gauge", "Nodes at the last SUBNET UP");
        sample(out, "jsm_fabric_nodes", snap.nodes().size());
        family(out, "jsm_fabric_switches", "gauge", "Switches at the last SUBNET UP");
        sample(out, "jsm_fabric_switches", snap.switches().size());
        family(out, "jsm_fabric_end_ports", "gauge", "End ports (CA ports and switch port 0) at the last SUBNET UP");
        sample(out, "jsm_fabric_end_ports", snap.endPorts().size());
        family(out, "jsm_fabric_links", "gauge", "Links at the last SUBNET UP");
        sample(out, "jsm_fabric_links", snap.links().size());
        vportLines(out, snap);

        linkDownLines(out, sweeps.linkDowns(), managed.nodeNames());
        madLines(out, managed.madStats());
        routingLines(out, view.routing());
        family(out, "jsm_sa_requests_total", "counter", "SA MADs received, by attribute (record type)");
        managed.saRequests().forEach((name, n) ->
                sample(out, "jsm_sa_requests_total{attribute=\"" + name + "\"}", n));
        SaAgentStats sa = managed.saStats();
        saLimitLines(out, sa);
        eventLines(out, counters, sa);
        congestionLines(out, managed.congestionControl());
        PerfMetrics.render(out, managed.perfCounters());
        ProcessMetrics.render(out);
        return out.toString();
    }

    /** The congestion control manager's Sets by outcome, and the ports it leaves alone. */
    private static void congestionLines(StringBuilder out, CongestionCounters c) {
        family(out, "jsm_cc_sets_total", "counter", "Congestion control Sets sent (congestion_control)");
        sample(out, "jsm_cc_sets_total", c.sets());
        family(out, "jsm_cc_set_outcomes_total", "counter", "Congestion control Sets by outcome: answered (status 0;"
                + " \"other\" of those holding other values than written), refused (another status), timeout, "
                + "send failed, garbage (an answer that was not a version 2 GetResp)");
        sample(out, "jsm_cc_set_outcomes_total{result=\"answered\"}", c.answered());
        sample(out, "jsm_cc_set_outcomes_total{result=\"other\"}", c.answeredOtherwise());
        sample(out, "jsm_cc_set_outcomes_total{result=\"refused\"}", c.refused());
        sample(out, "jsm_cc_set_outcomes_total{result=\"timeout\"}", c.timeouts());
        sample(out, "jsm_cc_set_outcomes_total{result=\"send_failed\"}", c.sendFailures());
        sample(out, "jsm_cc_set_outcomes_total{result=\"garbage\"}", c.garbage());
        family(out, "jsm_cc_unavailable_ports", "gauge", "End ports the congestion control manager leaves alone "
                + "(no agent, or more than 3 timeouts in a row)");
        sample(out, "jsm_cc_unavailable_ports", c.unavailablePorts());
    }

    /**
     * The virtual ports at the last SUBNET UP (docs/virtualization.md): by VPortState (vports 0, the physical
     * functions, left out), and how many have a LID of their own.
     */
    private static void vportLines(StringBuilder out, SubnetSnapshot snap) {
        int[] byState = new int[5];
        int withLid = 0;
        for (VPortView v : snap.vports()) {
            if (v.vportIndex() == 0) {
                continue;
            }
            int st = v.attributes().state();
            byState[st >= 1 && st <= 4 ? st : 0]++;
            withLid += v.hasLid() ? 1 : 0;
        }
        family(out, "jsm_fabric_vports", "gauge", "Virtual ports (other than vport 0) at the last SUBNET UP, by "
                + "VPortState");
        for (int st = 1; st <= 4; st++) {
            sample(out, "jsm_fabric_vports{state=\"" + VPortAttributes.stateName(st) + "\"}", byState[st]);
        }
        family(out, "jsm_fabric_vport_lids", "gauge", "Virtual ports with a LID of their own at the last SUBNET UP");
        sample(out, "jsm_fabric_vport_lids", withLid);
    }

    /** The SA's refusals by reason, its queue and the table answer bytes it is sending. */
    private static void saLimitLines(StringBuilder out, SaAgentStats s) {
        family(out, "jsm_sa_refused_total", "counter", "SA requests refused for a resource bound (or a foreign "
                + "ServiceRecord), by reason");
        s.refused().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                sample(out, "jsm_sa_refused_total{reason=\"" + e.getKey().label() + "\"}", e.getValue()));
        family(out, "jsm_sa_dropped_total", "counter", "SA MADs dropped without an answer (refusals by rate or "
                + "queue, bad SM_Key, unknown methods, malformed MADs, stray responses)");
        sample(out, "jsm_sa_dropped_total", s.dropped());
        family(out, "jsm_sa_queued", "gauge", "SA MADs waiting for the SA thread");
        sample(out, "jsm_sa_queued", s.queued());
        family(out, "jsm_sa_answer_bytes_in_flight", "gauge", "Bytes of SA table answers being sent through RMPP");
        sample(out, "jsm_sa_answer_bytes_in_flight", s.answerBytesInFlight());
    }

    /** This SM's priority, the master it stands by for, the other SMs it knows, the polls and refusals. */
    private static void smLines(StringBuilder out, SmSummary sm, SmCounters counters) {
        family(out, "jsm_sm_priority", "gauge", "This SM's priority (sm_priority)");
        sample(out, "jsm_sm_priority", sm.priority());
        family(out, "jsm_sm_master_info", "gauge", "The master SM's port GUID (1; this SM's own when it is master)");
        sample(out, "jsm_sm_master_info{guid=\"" + (sm.master() ? "self" : Guid.toString(sm.masterGuid()))
                + "\"}", 1);
        remoteSmLines(out, sm.others());
        family(out, "jsm_sm_polls_total", "counter", "SMInfo polls of the master (standby) or of a master "
                + "waited for");
        sample(out, "jsm_sm_polls_total", sm.polls());
        family(out, "jsm_sets_refused_total", "counter", "Sets not sent because this SM was not master");
        sample(out, "jsm_sets_refused_total", counters.refusedSets());
        family(out, "jsm_smp_sets_total", "counter", "SMP Sets the sweeps sent (tables, PortInfo, SwitchInfo)");
        sample(out, "jsm_smp_sets_total", counters.sentSets());
        family(out, "jsm_sa_ignored_total", "counter", "SA MADs ignored because this SM was not a master past "
                + "its first sweep");
        sample(out, "jsm_sa_ignored_total", counters.saIgnoredNotMaster());
    }

    /**
     * The other SMs this one knows: their priority, how many are in each state, each one's state and when it last
     * answered an SMInfo Get (a standby's polls of the master, a master's light sweeps).
     */
    static void remoteSmLines(StringBuilder out, List<RemoteSm> remotes) {
        family(out, "jsm_remote_sm_priority", "gauge", "Other SMs seen, by port GUID and state: their priority");
        for (RemoteSm r : remotes) {
            sample(out, "jsm_remote_sm_priority{guid=\"" + Guid.toString(r.guid()) + "\",state=\""
                    + r.state().name() + "\"}", r.priority());
        }
        family(out, "jsm_remote_sms", "gauge", "Other SMs seen, by the state they were last seen in");
        for (SmState s : SmState.values()) {
            sample(out, "jsm_remote_sms{state=\"" + s.name() + "\"}", remotes.stream().filter(r -> r.state() == s)
                    .count());
        }
        family(out, "jsm_remote_sm_state", "gauge", "Other SMs seen, by port GUID: 1 for the state each was last "
                + "seen in (NOT_ACTIVE once a query went unanswered)");
        for (RemoteSm r : remotes) {
            for (SmState s : SmState.values()) {
                sample(out, "jsm_remote_sm_state{guid=\"" + Guid.toString(r.guid()) + "\",state=\"" + s.name()
                        + "\"}", r.state() == s ? 1 : 0);
            }
        }
        family(out, "jsm_remote_sm_last_seen_timestamp_seconds", "gauge", "Other SMs seen, by port GUID: when each "
                + "last answered (Unix time)");
        for (RemoteSm r : remotes) {
            sample(out, "jsm_remote_sm_last_seen_timestamp_seconds{guid=\"" + Guid.toString(r.guid()) + "\"}",
                    unixSeconds(r.seenMillis()));
        }
    }

    /** The links gone from one SUBNET UP to the next: in all, and per port (node named as the perfmgr names it). */
    static void linkDownLines(StringBuilder out, LinkDowns downs, NodeNameMap names) {
        family(out, "jsm_link_downs_total", "counter", "Links gone from one SUBNET UP's fabric to the next");
        sample(out, "jsm_link_downs_total", downs.total());
        family(out, "jsm_port_link_downs_total", "counter", "Links gone from one SUBNET UP's fabric to the next, at "
                + "each port that lost one");
        for (LinkDowns.Port p : downs.ports()) {
            sample(out, "jsm_port_link_downs_total{node_guid=\"" + Guid.toString(p.nodeGuid()) + "\",node_desc=\""
                    + escape(names.name(p.nodeGuid(), p.description())) + "\",port=\"" + p.portNum() + "\"}",
                    p.downs());
        }
    }

    private static void eventLines(StringBuilder out, SmCounters counters, SaAgentStats sa) {
        family(out, "jsm_traps_suppressed_total", "counter",
                "Repeated traps only answered with TrapRepress (no sweep, no forwarding)");
        sample(out, "jsm_traps_suppressed_total", counters.trapsSuppressed());
        family(out, "jsm_unhealthy_ports", "gauge",
                "Ports marked unhealthy for repeated traps 129-131 (routing avoids their switch links)");
        sample(out, "jsm_unhealthy_ports", counters.unhealthyPorts());
        family(out, "jsm_ports_disabled_babbling_total", "counter",
                "Ports disabled (PortPhysicalState Disabled) by babbling_port_policy");
        sample(out, "jsm_ports_disabled_babbling_total", counters.portsDisabledBabbling());
        ReportCounters r = sa.reports();
        family(out, "jsm_sa_reports_total", "counter", "Reports to event subscribers, by what happened to them");
        sample(out, "jsm_sa_reports_total{result=\"sent\"}", r.sent());
        sample(out, "jsm_sa_reports_total{result=\"retried\"}", r.retried());
        sample(out, "jsm_sa_reports_total{result=\"retired\"}", r.retired());
        sample(out, "jsm_sa_reports_total{result=\"timed_out\"}", r.timedOut());
    }

    private static void madLines(StringBuilder out, TransactionStats s) {
        family(out, "jsm_mads_sent_total", "counter", "MADs sent for the first time");
        sample(out, "jsm_mads_sent_total", s.sent());
        family(out, "jsm_mads_received_total", "counter", "MADs received");
        sample(out, "jsm_mads_received_total", s.received());
        family(out, "jsm_mad_retries_total", "counter", "MADs sent again after a timeout");
        sample(out, "jsm_mad_retries_total", s.retries());
        family(out, "jsm_mad_timeouts_total", "counter", "Transactions that got no answer after every retry");
        sample(out, "jsm_mad_timeouts_total", s.timeouts());
        family(out, "jsm_mad_send_failures_total", "counter", "MADs the transport refused to send");
        sample(out, "jsm_mad_send_failures_total", s.sendFailures());
        family(out, "jsm_mads_outstanding", "gauge", "Transactions waiting for an answer now");
        sample(out, "jsm_mads_outstanding", s.outstanding());
        family(out, "jsm_mads_sent_by_attribute_total", "counter", "MADs sent for the first time, by attribute");
        long[] byAttribute = s.sentByAttribute();
        for (int slot = 0; slot < byAttribute.length; slot++) {
            if (byAttribute[slot] == 0) {
                continue;
            }
            String name = slot == 0x200 ? "other" : AttributeId.valueOf(slot < 0x100 ? slot : 0xFF00 + (slot & 0xFF))
                    .name();
            sample(out, "jsm_mads_sent_by_attribute_total{attribute=\"" + name + "\"}", byAttribute[slot]);
        }
    }

    private static void routingLines(StringBuilder out, RoutingResult r) {
        family(out, "jsm_routing_engine", "gauge", "The engine whose routes are in use (1), by name");
        family(out, "jsm_routing_compute_seconds", "gauge", "Compute time of each engine tried at the last routing");
        if (r == null) {
            return;
        }
        r.engineUsed().ifPresent(e -> sample(out, "jsm_routing_engine{engine=\"" + escape(e) + "\"}", 1));
        for (RoutingResult.Attempt a : r.attempts()) {
            sample(out, "jsm_routing_compute_seconds{engine=\"" + escape(a.engine()) + "\"}", seconds(a.nanos()));
        }
    }

    /** The HELP and TYPE lines of family {@code name}. */
    static void family(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    /** One sample line. */
    static void sample(StringBuilder out, String series, long value) {
        out.append(series).append(' ').append(value).append('\n');
    }

    /** One sample line, the value already formatted. */
    static void sample(StringBuilder out, String series, String value) {
        out.append(series).append(' ').append(value).append('\n');
    }

    /** Epoch milliseconds as Unix time in seconds with three decimals (0 stays 0). */
    static String unixSeconds(long epochMillis) {
        return String.format(Locale.ROOT, "%.3f", epochMillis / 1e3);
    }

    /** Nanoseconds as seconds with six decimals. */
    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
    }

    /** A label value: backslash, double quote and newline escaped. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
