package dev.jsm.sa.event;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.PartitionMembership;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The event subscriptions of the SA: SubnAdmSet(InformInfo) with Subscribe 1 adds one (or renews an identical one),
 * with Subscribe 0 withdraws one. Validation as OpenSM 3.3.23 ({@code osm_sa_informinfo.c}), every refusal
 * answered ERR_REQ_INVALID: a requester LID the view does not know (ERR 4308), Subscribe above 1 (ERR 430A), a
 * subscription to the security traps 256..259 from an untrusted requester (SM_Key 0, C15-0.2-1.16, ERR 430B), a
 * subscription about a GID whose port is unknown or shares no partition with the requester, or about a LID range
 * beyond the highest LID or containing a port the requester shares no partition with (ERR 4301/4302), and a
 * withdrawal matching no subscription (ERR 4307). Beyond {@link #MAX_SUBSCRIPTIONS} a new one gets
 * ERR_NO_RESOURCES. A granted request is answered with the request's InformInfo unchanged (o13-12.1.1).
 *
 * <p>A subscription is identified by its Report address and its InformInfo (Subscribe aside): the stored
 * InformInfo carries the QPN the request came from, a withdrawal must name the same QPN in its InformInfo. Its
 * subscriber GID is the requester port's (subnet prefix + port GUID); its Enum is the lowest number that port's
 * other subscriptions do not use (OpenSM always says 0). Its Reports go to the request's source address (LID, QPN,
 * Q_Key - QP1's if the transport reported none - SL and P_Key index).
 *
 * <p>Confined to the SA agent's thread.
 */
public final class EventSubscriptions {

    /** Most subscriptions kept: a flooding client cannot exhaust memory. */
    public static final int MAX_SUBSCRIPTIONS = 10_000;
    private static final int SECURITY_TRAP_FIRST = 256;
    private static final int SECURITY_TRAP_LAST = 259;

    private final List<Subscription> entries = new ArrayList<>();

    /** SubnAdmSet(InformInfo): subscribe or unsubscribe. */
    public SaAnswer set(SaView view, SaRequest request) {
        InformInfo ii = InformInfo.decode(request.data(), 0);
        SubnetSnapshot s = view.snapshot();
        EndPortView requester = s.endPortByLid(request.from().lid());
        if (requester == null || ii.subscribe() > 1
                || !request.trusted() && ii.isGeneric() != 0 && ii.trapNumberOrDeviceId() >= SECURITY_TRAP_FIRST
                    && ii.trapNumberOrDeviceId() <= SECURITY_TRAP_LAST) {
            return error(SaStatus.REQ_INVALID);
        }
        MadAddress.LidRouted from = request.from();
        if (ii.subscribe() == 0) {
            Subscription old = find(from, ii);
            if (old == null) {
                return error(SaStatus.REQ_INVALID);
            }
            entries.remove(old);
            return echo(request);
        }
        if (!accessible(view, requester, ii)) {
            return error(SaStatus.REQ_INVALID);
        }
        InformInfo stored = withQpn(ii, from.qpn());
        Subscription old = find(from, stored);
        if (old == null && entries.size() >= MAX_SUBSCRIPTIONS) {
            return error(SaStatus.NO_RESOURCES);
        }
        if (old == null) {
            Gid gid = new Gid(s.portOf(requester).attributes().gidPrefix(), requester.portGuid());
            entries.add(new Subscription(new InformInfoRecord(gid, freeEnum(requester.portGuid()), stored),
                    requester.portGuid(), new MadAddress.LidRouted(from.lid(), from.qpn(),
                    from.qkey() != 0 ? from.qkey() : MadAddress.QP1_QKEY, from.sl(), from.pkeyIndex())));
        }
        return echo(request);
    }

    /** The subscriptions, oldest first (unmodifiable, live). */
    public List<Subscription> all() {
        return Collections.unmodifiableList(entries);
    }

    /** Number of subscriptions. */
    public int size() {
        return entries.size();
    }

    /** Removes {@code s} (if still there). */
    public void remove(Subscription s) {
        entries.remove(s);
    }

    /**
     * Removes the subscriptions of the ports {@code portGuids} ({@code drop_event_subscriptions}).
     *
     * @return how many went
     */
    public int removePorts(Set<Long> portGuids) {
        int before = entries.size();
        entries.removeIf(e -> portGuids.contains(e.portGuid()));
        return before - entries.size();
    }

    private Subscription find(MadAddress.LidRouted from, InformInfo ii) {
        for (Subscription e : entries) {
            MadAddress.LidRouted to = e.reportTo();
            if (to.lid() == from.lid() && to.qpn() == from.qpn() && to.pkeyIndex() == from.pkeyIndex()
                    && sameExceptSubscribe(e.record().informInfo(), ii)) {
                return e;
            }
        }
        return null;
    }

    private static boolean sameExceptSubscribe(InformInfo a, InformInfo b) {
        return a.gid().equals(b.gid()) && a.lidRangeBegin() == b.lidRangeBegin()
                && a.lidRangeEnd() == b.lidRangeEnd() && a.isGeneric() == b.isGeneric() && a.type() == b.type()
                && a.trapNumberOrDeviceId() == b.trapNumberOrDeviceId() && a.qpn() == b.qpn()
                && a.respTimeValue() == b.respTimeValue() && a.producerTypeOrVendorId() == b.producerTypeOrVendorId();
    }

    /** OpenSM's access check: the ports the subscription is about share a partition with the requester. */
    private static boolean accessible(SaView view, EndPortView requester, InformInfo ii) {
        SubnetSnapshot s = view.snapshot();
        PartitionMembership p = view.partitions();
        if (!ii.gid().equals(Gid.ZERO)) {
            EndPortView port = s.endPort(ii.gid().interfaceId());
            return port != null && p.commonPKey(port.portGuid(), requester.portGuid()) >= 0;
        }
        if (ii.lidRangeBegin() == InformInfo.LID_RANGE_ALL) {
            return true;
        }
        int maxLid = s.lidMap().maxLid();
        int begin = ii.lidRangeBegin();
        int end = ii.lidRangeEnd() == 0 ? begin : Math.min(ii.lidRangeEnd(), maxLid);
        if (begin > maxLid) {
            return false;
        }
        for (int lid = begin; lid <= end; lid++) {
            EndPortView port = s.endPortByLid(lid);
            if (port != null && p.commonPKey(port.portGuid(), requester.portGuid()) < 0) {
                return false;
            }
        }
        return true;
    }

    private int freeEnum(long portGuid) {
        BitSet used = new BitSet();
        for (Subscription s : entries) {
            if (s.portGuid() == portGuid) {
                used.set(s.record().enumeration());
            }
        }
        return used.nextClearBit(0);
    }

    private static InformInfo withQpn(InformInfo ii, int qpn) {
        return new InformInfo(ii.gid(), ii.lidRangeBegin(), ii.lidRangeEnd(), ii.isGeneric(), ii.subscribe(),
                ii.type(), ii.trapNumberOrDeviceId(), qpn, ii.respTimeValue(), ii.producerTypeOrVendorId());
    }

    private static SaAnswer echo(SaRequest request) {
        RecordSet set = new RecordSet(InformInfo.SIZE + 4);
        int off = set.reserve();
        System.arraycopy(request.data(), 0, set.buffer(), off, InformInfo.SIZE);
        set.commit();
        return SaAnswer.of(set);
    }

    private static SaAnswer error(int status) {
        return SaAnswer.error(status, InformInfo.SIZE + 4);
    }
}
