package dev.jsm.sa.event;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.PartitionMembership;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.state.SaStateListener;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The event subscriptions of the SA: SubnAdmSet(InformInfo) with Subscribe 1 adds one (or renews an identical one),
 * with Subscribe 0 withdraws one. Validation as OpenSM 3.3.23 ({@code osm_sa_informinfo.c}), every refusal
 * answered ERR_REQ_INVALID: a requester LID the view does not know (ERR 4308), Subscribe above 1 (ERR 430A), a
 * subscription to the security traps 256..259 from an untrusted requester (SM_Key 0, C15-0.2-1.16, ERR 430B), a
 * subscription about a GID whose port is unknown or shares no partition with the requester, or about a LID range
 * beyond the highest LID or containing a port the requester shares no partition with (ERR 4301/4302), and a
 * withdrawal matching no subscription (ERR 4307). Beyond {@link SaLimits#subscriptions()} in all, or
 * {@link SaLimits#subscriptionsPerPort()} of the requesting port, a new one gets ERR_NO_RESOURCES (counted as a
 * {@link Refusal#SUBSCRIPTIONS} refusal), so one host cannot take every other host's room. A granted request is
 * answered with the request's InformInfo unchanged (o13-12.1.1).
 *
 * <p>Confined to the SA agent's thread.
 *
 * <p>In detail: docs/design/sa.md#eventsubscriptions.
 */
public final class EventSubscriptions {

    /**
     * Most subscriptions kept by default ({@link SaLimits#subscriptions()}): a flooding client cannot exhaust memory.
     */
    public static final int MAX_SUBSCRIPTIONS = SaLimits.defaults().subscriptions();
    private static final int SECURITY_TRAP_FIRST = 256;
    private static final int SECURITY_TRAP_LAST = 259;

    private final SaLimits limits;
    private final Refusals refusals;
    /** The subscriptions by identity, oldest first. */
    private final Map<SubscriptionKey, Subscription> entries = new LinkedHashMap<>();
    /** The Enums in use, by subscriber port. */
    private final Map<Long, BitSet> enumsByPort = new HashMap<>();

    private final SaStateListener changes;

    /** No subscription yet; at most {@code limits}' subscriptions, refusals counted in {@code refusals}. */
    public EventSubscriptions(SaLimits limits, Refusals refusals) {
        this(limits, refusals, SaStateListener.NONE);
    }

    /**
     * No subscription yet; at most {@code limits}' subscriptions, refusals counted in {@code refusals}, every
     * subscription added or withdrawn reported to {@code changes}.
     */
    public EventSubscriptions(SaLimits limits, Refusals refusals, SaStateListener changes) {
        this.limits = limits;
        this.refusals = refusals;
        this.changes = changes;
    }

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
            Subscription old = entries.get(SubscriptionKey.of(from, ii));
            if (old == null) {
                return error(SaStatus.REQ_INVALID);
            }
            remove(old);
            return echo(request);
        }
        if (!accessible(view, requester, ii)) {
            return error(SaStatus.REQ_INVALID);
        }
        InformInfo stored = withQpn(ii, from.qpn());
        SubscriptionKey key = SubscriptionKey.of(from, stored);
        if (entries.containsKey(key)) {
            return echo(request);
        }
        long guid = requester.portGuid();
        BitSet enums = enumsByPort.get(guid);
        if (entries.size() >= limits.subscriptions()
                || enums != null && enums.cardinality() >= limits.subscriptionsPerPort()) {
            return refusals.record(Refusal.SUBSCRIPTIONS, from.lid(), guid) ? error(SaStatus.NO_RESOURCES)
                    : SaAnswer.dropped();
        }
        Gid gid = new Gid(s.portOf(requester).attributes().gidPrefix(), guid);
        int enumeration = enums == null ? 0 : enums.nextClearBit(0);
        add(key, new Subscription(new InformInfoRecord(gid, enumeration, stored), guid,
                new MadAddress.LidRouted(from.lid(), from.qpn(), from.qkey() != 0 ? from.qkey() : MadAddress.QP1_QKEY,
                        from.sl(), from.pkeyIndex())));
        return echo(request);
    }

    /** The subscriptions, oldest first. */
    public List<SubscriptionState> export() {
        List<SubscriptionState> out = new ArrayList<>(entries.size());
        for (Subscription s : entries.values()) {
            out.add(new SubscriptionState(s.record(), s.reportTo()));
        }
        return out;
    }

    /** The subscription {@code key}, or {@code null} if there is none. */
    public SubscriptionState export(SubscriptionKey key) {
        Subscription s = entries.get(key);
        return s == null ? null : new SubscriptionState(s.record(), s.reportTo());
    }

    /**
     * Puts a subscription as another SA had it (the dump file, a standby applying the master's change): replaces the
     * one of the same identity. It keeps its Enum unless another subscription of its port has it (OpenSM's dump says
     * 0 for all), then takes the lowest free one; a Report Q_Key of 0 (OpenSM's dump) is QP1's, as for a
     * subscription the SA takes itself. A new one beyond the total bound
     * ({@link SaLimits#subscriptions()}) is left out.
     *
     * @return whether it was put
     */
    public boolean put(SubscriptionState st) {
        SubscriptionKey key = st.key();
        Subscription old = entries.get(key);
        if (old == null && entries.size() >= limits.subscriptions()) {
            return false;
        }
        if (old != null) {
            remove(old);
        }
        BitSet enums = enumsByPort.get(st.portGuid());
        InformInfoRecord r = st.record();
        if (enums != null && enums.get(r.enumeration())) {
            r = new InformInfoRecord(r.subscriberGid(), enums.nextClearBit(0), r.informInfo());
        }
        MadAddress.LidRouted to = st.reportTo();
        add(key, new Subscription(r, st.portGuid(), to.qkey() != 0 ? to : new MadAddress.LidRouted(to.lid(),
                to.qpn(), MadAddress.QP1_QKEY, to.sl(), to.pkeyIndex())));
        return true;
    }

    /** Withdraws the subscription {@code key}, if there is one (a standby applying the master's change). */
    public void remove(SubscriptionKey key) {
        Subscription s = entries.get(key);
        if (s != null) {
            remove(s);
        }
    }

    /**
     * Makes {@code states} the subscriptions; those beyond the total bound are left out.
     *
     * @return how many were left out
     */
    public int replaceAll(List<SubscriptionState> states) {
        for (Subscription s : all()) {
            remove(s);
        }
        int left = 0;
        for (SubscriptionState st : states) {
            left += put(st) ? 0 : 1;
        }
        return left;
    }

    private void add(SubscriptionKey key, Subscription s) {
        enumsByPort.computeIfAbsent(s.portGuid(), g -> new BitSet()).set(s.record().enumeration());
        entries.put(key, s);
        changes.subscriptionChanged(key);
    }

    /** The subscriptions, oldest first (a copy). */
    public List<Subscription> all() {
        return List.copyOf(entries.values());
    }

    /** Number of subscriptions. */
    public int size() {
        return entries.size();
    }

    /** Removes {@code s} (if still there). */
    public void remove(Subscription s) {
        SubscriptionKey key = SubscriptionKey.of(s.reportTo(), s.record().informInfo());
        if (entries.remove(key) != null) {
            changes.subscriptionChanged(key);
            BitSet enums = enumsByPort.get(s.portGuid());
            enums.clear(s.record().enumeration());
            if (enums.isEmpty()) {
                enumsByPort.remove(s.portGuid());
            }
        }
    }

    /**
     * Removes every subscription ({@code drop_event_subscriptions} when the SM comes out of standby).
     *
     * @return how many went
     */
    public int removeAll() {
        List<Subscription> every = all();
        every.forEach(this::remove);
        return every.size();
    }

    /**
     * Removes the subscriptions of the ports {@code portGuids} ({@code drop_event_subscriptions}).
     *
     * @return how many went
     */
    public int removePorts(Set<Long> portGuids) {
        int n = 0;
        for (Subscription s : all()) {
            if (portGuids.contains(s.portGuid())) {
                remove(s);
                n++;
            }
        }
        return n;
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
