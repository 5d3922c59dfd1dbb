package dev.jsm.daemon.perfmgr;

import dev.jsm.daemon.event.EventReport;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Guid;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One sweep of the performance manager over the nodes it monitors: for every port read, Get(ClassPortInfo) first
 * when {@code perfmgr_query_cpi} asks and the port's capabilities are not known (once per switch: its answer holds
 * for every port), then Get(PortCounters), and Get(PortCountersExtended) where the port has them. Unlike OpenSM,
 * which reads the counters of a port whose ClassPortInfo it asked for only at the next sweep, the counters are
 * asked as soon as the capabilities are known. At most {@code perfmgr_max_outstanding_queries} requests are in
 * flight; clearing Sets and the requests that follow an answer go before the ports not yet asked.
 *
 * <p>The requests go out through the performance manager's {@link Requester}: the transactions layer gives them
 * TIDs, re-sends an unanswered one after {@code transaction_timeout} up to {@code transaction_retries} times and
 * hands every outcome to the manager's thread, outside the SM's window and barrier.
 *
 * <p>Confined to the performance manager's thread.
 *
 * <p>In detail: docs/design/daemon.md#perfsweep.
 */
final class PerfSweep {

    /** Where a sweep is, as the console says it (OpenSM's sweep states). */
    enum State {
        SLEEPING("Sleeping"), ACTIVE("Active"), SUSPENDED("Suspended"), POST_PROCESSING("PostProcessing");

        private final String words;

        State(String words) {
            this.words = words;
        }

        /** OpenSM's word for it. */
        String words() {
            return words;
        }
    }

    private static final Logger LOG = LogManager.getLogger(PerfSweep.class);

    private final Requester requests;
    private final PortReadings readings = new PortReadings();
    private final PortReadings.Rules rules;
    private final int window;
    private final boolean queryCpi;
    private final boolean followRedirects;
    private final IntUnaryOperator pKeyIndex;
    private final LongSupplier nanos;
    private final LongSupplier millis;
    private final PerfEvents events;
    private final List<MonitoredNode> order;
    private final ArrayDeque<Query> next = new ArrayDeque<>();
    private int nodeAt;
    private int portAt = -1;
    private long cleared;
    private long clearedElsewhere;

    /**
     * @param order the nodes to read, in the order to read them
     * @param pKeyIndex the index of a P_Key in the SM port's table, or -1 (redirection)
     * @param report where each reading's events go (the event plug-ins)
     */
    PerfSweep(List<MonitoredNode> order, Requester requests, PortReadings.Rules rules, int window,
              boolean queryCpi, boolean followRedirects, IntUnaryOperator pKeyIndex, LongSupplier nanos,
              LongSupplier millis, EventReport report) {
        this.order = order;
        this.events = new PerfEvents(report);
        this.requests = requests;
        this.rules = rules;
        this.window = window;
        this.queryCpi = queryCpi;
        this.followRedirects = followRedirects;
        this.pKeyIndex = pKeyIndex;
        this.nanos = nanos;
        this.millis = millis;
    }

    /** Sends requests while fewer than the window are in flight and some remain. */
    void fill() {
        while (requests.outstanding() < window) {
            Query q = next.isEmpty() ? nextPort() : next.poll();
            if (q == null) {
                return;
            }
            send(q);
        }
    }

    /** Whether every request was sent and answered (or given up). */
    boolean done() {
        return next.isEmpty() && nodeAt >= order.size() && requests.outstanding() == 0;
    }

    /** OpenSM's sweep state: active while asking, suspended on a full window, post-processing at the end. */
    State state() {
        if (done()) {
            return State.SLEEPING;
        }
        if (nodeAt >= order.size() && next.isEmpty()) {
            return State.POST_PROCESSING;
        }
        return requests.outstanding() >= window ? State.SUSPENDED : State.ACTIVE;
    }

    /** Clearing Sets sent, and readings that found the counters cleared by someone else. */
    long cleared() {
        return cleared;
    }

    long clearedElsewhere() {
        return clearedElsewhere;
    }

    /** The next port's first request, or null when every port was asked. */
    private Query nextPort() {
        while (nodeAt < order.size()) {
            MonitoredNode n = order.get(nodeAt);
            if (portAt < 0) {
                portAt = n.firstPort();
            }
            while (portAt <= n.numPorts) {
                int p = portAt++;
                if (!n.monitored[p]) {
                    continue;
                }
                if (queryCpi && !n.cpiValid[p]) {
                    if (n.isSwitch) {
                        portAt = n.numPorts + 1;
                    }
                    return Query.classPortInfo(n, p);
                }
                return countersOf(n, p);
            }
            nodeAt++;
            portAt = -1;
        }
        return null;
    }

    /** Get(PortCounters) of the port, with Get(PortCountersExtended) queued behind it where it has them. */
    private Query countersOf(MonitoredNode n, int port) {
        if (n.extended(port)) {
            next.addFirst(Query.extended(n, port));
        }
        return Query.portCounters(n, port);
    }

    private void send(Query q) {
        MonitoredNode n = q.node();
        int p = q.port();
        MadAddress.LidRouted to = n.redirected[p]
                ? new MadAddress.LidRouted(n.redirectLid[p], n.redirectQp[p], MadAddress.QP1_QKEY, 0, n.pKeyIndex[p])
                : MadAddress.gsi(n.lid[p], 0, 0);
        LOG.debug("{} of node {} port {} at LID {}", q.describe(), n.name, p, to.lid());
        requests.send(OutboundMad.of(to, q.mad()), outcome -> {
            if (outcome instanceof TransactionOutcome.Response r) {
                onAnswer(q, r.mad(), MadHeader.STATUS.getInt(r.mad(), 0));
            } else if (outcome instanceof TransactionOutcome.TimedOut t) {
                onNoAnswer(q, "no answer after " + t.attempts() + " transmissions");
            } else if (outcome instanceof TransactionOutcome.SendFailed f) {
                onNoAnswer(q, "not sent: " + f.reason());
            }
        });
    }

    private void onAnswer(Query q, byte[] mad, int status) {
        MonitoredNode n = q.node();
        int p = q.port();
        if ((status & MadStatus.REDIRECT.value()) != 0) {
            redirect(q, mad);
        } else if (status != 0) {
            LOG.error("PERF-1031 {} of node \"{}\" ({}) port {} answered with status 0x{}", q.describe(), n.name,
                    Guid.toString(n.guid), p, Integer.toHexString(status));
        } else if (q.attribute() == PerfMgt.CLASS_PORT_INFO) {
            capabilities(n, p, ClassPortInfoLayout.CAPABILITY_MASK.getInt(mad, PerfMgt.DATA_OFFSET));
        } else {
            boolean portCounters = q.attribute() == PerfMgt.PORT_COUNTERS;
            events.before(n, p);
            PortReadings.Result r = portCounters
                    ? readings.portCounters(n, p, PortCounters.decode(mad, PerfMgt.DATA_OFFSET), q.set(), rules,
                            millis.getAsLong(), nanos.getAsLong())
                    : readings.extended(n, p, PortCountersExtended.decode(mad, PerfMgt.DATA_OFFSET), q.set(),
                            millis.getAsLong());
            if (!q.set()) {
                events.after(n, p, portCounters);
            }
            clearedElsewhere += r.clearedElsewhere() ? 1 : 0;
            if (r.clear() != null) {
                LOG.debug("counters of node \"{}\" ({}) port {} near full: clearing them", n.name,
                        Guid.toString(n.guid), p);
                cleared++;
                next.addFirst(r.clear());
            }
        }
        fill();
    }

    /** A port's ClassPortInfo: its capabilities (a switch's for every port), then its counters are read. */
    private void capabilities(MonitoredNode n, int port, int mask) {
        if (!queryCpi) {
            return;
        }
        int from = n.isSwitch ? n.firstPort() : port;
        int to = n.isSwitch ? n.numPorts : port;
        for (int p = from; p <= to; p++) {
            n.capabilities[p] = mask;
            n.cpiValid[p] = true;
        }
        for (int p = to; p >= from; p--) {
            if (n.monitored[p]) {
                if (n.extended(p)) {
                    next.addFirst(Query.extended(n, p));
                }
                next.addFirst(Query.portCounters(n, p));
            }
        }
    }

    private void onNoAnswer(Query q, String why) {
        MonitoredNode n = q.node();
        int p = q.port();
        LOG.error("PERF-1030 {} of node \"{}\" ({}) port {} at LID {}: {}", q.describe(), n.name,
                Guid.toString(n.guid), p, n.redirected[p] ? n.redirectLid[p] : n.lid[p], why);
        if (n.redirected[p] && followRedirects) {
            n.clearRedirect(p);
        }
        fill();
    }

    /** A Redirect answer: follows it if allowed and valid, then asks there again. */
    private void redirect(Query q, byte[] mad) {
        MonitoredNode n = q.node();
        int p = q.port();
        int off = PerfMgt.DATA_OFFSET;
        int lid = ClassPortInfoLayout.REDIRECT_LID.getInt(mad, off);
        int qp = ClassPortInfoLayout.REDIRECT_QP.getInt(mad, off);
        int pKey = ClassPortInfoLayout.REDIRECT_P_KEY.getInt(mad, off);
        long qKey = ClassPortInfoLayout.REDIRECT_Q_KEY.getLong(mad, off);
        String problem = !followRedirects ? "redirection requested but perfmgr_redir is FALSE"
                : lid == 0 ? "GID redirection is not supported (RedirectLID 0)"
                : qp == 0 ? "RedirectQP is 0"
                : qKey != Integer.toUnsignedLong(MadAddress.QP1_QKEY) ? "RedirectQ_Key is not QP1's"
                : pKey == 0 || pKeyIndex.applyAsInt(pKey) < 0 ? String.format(
                        "RedirectP_Key 0x%04x is not in the SM port's P_Key table", pKey)
                : null;
        if (problem != null) {
            LOG.error("PERF-1040 node \"{}\" ({}) port {} redirects its PMA to LID {} QP 0x{}: {}", n.name,
                    Guid.toString(n.guid), p, lid, Integer.toHexString(qp), problem);
            return;
        }
        LOG.info("node \"{}\" ({}) port {}: PMA redirected to LID {} QP 0x{}", n.name, Guid.toString(n.guid), p,
                lid, Integer.toHexString(qp));
        int from = n.isSwitch ? n.firstPort() : p;
        int to = n.isSwitch ? n.numPorts : p;
        for (int i = from; i <= to; i++) {
            n.redirected[i] = true;
            n.redirectLid[i] = lid;
            n.redirectQp[i] = qp;
            n.redirectPKey[i] = pKey;
            n.pKeyIndex[i] = pKeyIndex.applyAsInt(pKey);
        }
        if (queryCpi) {
            n.cpiValid[p] = false;
            next.addFirst(Query.classPortInfo(n, p));
        } else {
            next.addFirst(q);
        }
    }
}
