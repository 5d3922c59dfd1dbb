package dev.jsm.sa.event;

import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.Requester;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.state.SaStateListener;
import dev.jsm.subnet.snapshot.EndPortView;
import java.util.function.LongPredicate;

/**
 * Event forwarding for the SA agent (docs/reference/opensm-behaviour.md#traps-and-event-forwarding): answers
 * SubnAdmSet(InformInfo) and
 * SubnAdmGet/GetTable(InformInfoRecord), and sends each notice as a Report to every subscriber whose InformInfo it
 * matches ({@link NoticeMatch}), whose Report LID is in the fabric and that may see it (o13-17.1.1, as OpenSM):
 * <ul>
 *   <li>traps 64/65 (a port in or out of service): subscribers sharing a partition with that port;</li>
 *   <li>traps 66/67 (multicast group): subscribers that are members of the group's P_Key;</li>
 *   <li>forwarded traps: subscribers sharing a partition with the issuing port; a trap from a LID the view does
 *       not know is not forwarded (OpenSM cannot find its source port either).</li>
 * </ul>
 * The SM's own notices are issued from the SM's LID and GID.
 *
 * <p>Confined to the SA agent's thread, except {@link #counters}, which any thread may read (the Reports' outcomes
 * run on their requester's executor: {@link ReportSender}).
 */
public final class EventService {

    private static final long DEFAULT_PREFIX = 0xFE80_0000_0000_0000L;

    private final EventSubscriptions subscriptions;
    private final ReportSender reports;

    /**
     * Reports through {@code reports} (resent after its timeout up to its retries); subscriptions bounded by
     * {@code limits}, refusals counted in {@code refusals}.
     */
    public EventService(Requester reports, SaLimits limits, Refusals refusals) {
        this(reports, limits, refusals, SaStateListener.NONE);
    }

    /**
     * Reports through {@code reports} (resent after its timeout up to its retries); subscriptions bounded by
     * {@code limits}, refusals counted in {@code refusals}, every subscription added or withdrawn reported to
     * {@code changes}.
     */
    public EventService(Requester reports, SaLimits limits, Refusals refusals, SaStateListener changes) {
        this.subscriptions = new EventSubscriptions(limits, refusals, changes);
        this.reports = new ReportSender(reports);
    }

    /** SubnAdmSet(InformInfo): subscribes or unsubscribes the requester ({@link EventSubscriptions#set}). */
    public SaAnswer subscribe(SaView view, SaRequest request) {
        return subscriptions.set(view, request);
    }

    /** SubnAdmGet/GetTable(InformInfoRecord): every subscription the requester may see ({@link InformInfoRecords}). */
    public SaAnswer informInfoRecords(SaView view, SaRequest request) {
        return InformInfoRecords.get(view, request, subscriptions);
    }

    /**
     * Reports the end ports that came and went between two SUBNET UPs: trap 64 for each new one (checked against
     * {@code next}'s partitions), trap 65 for each gone one (against {@code prev}'s, where the port still was).
     */
    public void portsChanged(SaView prev, SaView next, PortChanges changes) {
        for (EndPortView p : changes.gone()) {
            Gid gid = gidOf(prev, p);
            long guid = p.portGuid();
            deliver(next, SmNotices.of(SmNotices.GID_OUT_OF_SERVICE, gid, next.sm().lid()), smGid(next),
                    g -> prev.partitions().commonPKey(guid, g) >= 0);
        }
        for (EndPortView p : changes.added()) {
            Gid gid = gidOf(next, p);
            long guid = p.portGuid();
            deliver(next, SmNotices.of(SmNotices.GID_IN_SERVICE, gid, next.sm().lid()), smGid(next),
                    g -> next.partitions().commonPKey(guid, g) >= 0);
        }
    }

    /** Reports trap 66 or 67 about group {@code mgid} of partition {@code pKey}. */
    public void groupChanged(SaView view, int trapNumber, Gid mgid, int pKey) {
        deliver(view, SmNotices.of(trapNumber, mgid, view.sm().lid()), smGid(view),
                g -> view.partitions().isMember(g, pKey));
    }

    /**
     * Forwards a trap the SM received from {@code sourceLid}, with the issuing port's GID as IssuerGID.
     *
     * @return whether the issuer was found (else nothing was forwarded)
     */
    public boolean forwardTrap(SaView view, int sourceLid, Notice notice) {
        EndPortView issuer = view.snapshot().endPortByLid(sourceLid);
        if (issuer == null) {
            return false;
        }
        long guid = issuer.portGuid();
        deliver(view, notice, gidOf(view, issuer), g -> view.partitions().commonPKey(guid, g) >= 0);
        return true;
    }

    /** The subscriptions. */
    public EventSubscriptions subscriptions() {
        return subscriptions;
    }

    /** The Report counters (any thread). */
    public ReportCounters counters() {
        return reports.counters();
    }

    /** Forgets the Reports in flight (the agent stops). */
    public void clear() {
        reports.clear();
    }

    private void deliver(SaView view, Notice notice, Gid issuerGid, LongPredicate mayReceive) {
        for (Subscription s : subscriptions.all()) {
            if (NoticeMatch.matches(s.record().informInfo(), notice, issuerGid)
                    && view.snapshot().endPortByLid(s.reportTo().lid()) != null && mayReceive.test(s.portGuid())) {
                reports.send(s.reportTo(), notice, issuerGid);
            }
        }
    }

    /** The GID of end port {@code p} of {@code view} (its subnet prefix and GUID). */
    private static Gid gidOf(SaView view, EndPortView p) {
        return new Gid(view.snapshot().portOf(p).attributes().gidPrefix(), p.portGuid());
    }

    /** The SM port's GID (fe80:: prefix if the SM port is not in the view). */
    private static Gid smGid(SaView view) {
        long guid = view.sm().smInfo().guid();
        EndPortView sm = view.snapshot().endPort(guid);
        return sm == null ? new Gid(DEFAULT_PREFIX, guid) : gidOf(view, sm);
    }
}
