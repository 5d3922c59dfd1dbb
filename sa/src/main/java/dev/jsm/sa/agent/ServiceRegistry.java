package dev.jsm.sa.agent;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.state.SaStateListener;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.subnet.snapshot.EndPortView;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The ServiceRecords registered with the SA (IBA 15.2.5.14). A record is identified by its RID - ServiceID,
 * ServiceGID and ServiceP_Key (its low 15 bits; 0xFFFF when the request leaves the P_Key component out) - as in
 * OpenSM's {@code osm_svcr_get_by_rid}. Set registers or renews one; Get/GetTable find them by component mask;
 * Delete withdraws the one record with the request's RID, whatever the component mask (OpenSM: a Delete with
 * ComponentMask 0 and an empty record matches nothing and is answered ERR_NO_RECORDS). Each expires ServiceLease
 * seconds after its last Set ({@link ServiceRecord#LEASE_INFINITE} never). Answers carry the remaining lease;
 * ServiceKey is zero for untrusted requesters. The ServiceKey itself authorizes nothing (as OpenSM).
 *
 * <p>Who may change a record (beyond OpenSM, which lets any port delete any record whose RID it knows): the port
 * that registered it, the port its ServiceGID names, and a trusted requester (SM_Key = the SA key). To anybody else
 * a Delete answers ERR_NO_RECORDS, as if the record were not there, and a Set with its RID ERR_REQ_DENIED. A port is
 * the one the published view has at the request's source LID (the LID itself when the view does not know it).
 *
 * <p>Bounds ({@link SaLimits}): {@code serviceRecords} in all and {@code serviceRecordsPerPort} registered by one
 * port; a new record beyond either gets ERR_NO_RESOURCES (a renewal always passes). Each refusal is counted and
 * answered within the requester's budget ({@link Refusals#record}).
 *
 * <p>Cost: the records are indexed by RID, by ServiceID, by the port of their ServiceGID and by ServiceName, and
 * ordered by expiry, so a Set, a Delete and the expiry of a record cost O(log n); a Get/GetTable with ServiceID,
 * ServiceGID or ServiceName in its mask looks at the records with that value only, any other at every record (its
 * answer may be all of them). Answers list records in the order they were registered or last renewed.
 *
 * <p>The records are SA state ({@link ServiceState}): exported with the time their leases have left and taken back
 * (the dump file, a standby), every change reported by RID to a {@link SaStateListener}.
 *
 * <p>Confined to the SA agent's thread.
 */
final class ServiceRegistry {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long REQUIRED_FOR_SET = 1L << ServiceRecord.COMPONENT_SERVICE_ID
            | 1L << ServiceRecord.COMPONENT_SERVICE_GID;
    private static final long NOT_MATCHED = 1L << ServiceRecord.COMPONENT_SERVICE_LEASE;
    private static final byte[] NO_KEY = new byte[ServiceRecord.KEY_SIZE];
    private static final int DEFAULT_P_KEY = 0xFFFF;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final SaLimits limits;
    private final Refusals refusals;
    private final SaStateListener changes;
    private final Map<ServiceRid, Entry> byRid = new LinkedHashMap<>();
    private final Map<Long, Set<Entry>> byServiceId = new HashMap<>();
    private final Map<Long, Set<Entry>> byGidPort = new HashMap<>();
    private final Map<String, Set<Entry>> byName = new HashMap<>();
    private final TreeSet<Entry> byExpiry = new TreeSet<>(Comparator.comparingLong((Entry e) -> e.expiresAt)
            .thenComparingLong(e -> e.seq));
    private final Map<Long, Integer> countByOwner = new HashMap<>();
    private long seq;

    /** An empty registry bounded by {@code limits}, counting refusals in {@code refusals}. */
    ServiceRegistry(SaLimits limits, Refusals refusals) {
        this(limits, refusals, SaStateListener.NONE);
    }

    /**
     * An empty registry bounded by {@code limits}, counting refusals in {@code refusals} and reporting every record
     * registered, renewed, deleted or expired to {@code changes}.
     */
    ServiceRegistry(SaLimits limits, Refusals refusals, SaStateListener changes) {
        this.limits = limits;
        this.refusals = refusals;
        this.changes = changes;
    }

    /** Registers or renews the request's record. */
    SaAnswer set(SaView view, SaRequest request, long nowNanos) {
        if ((request.componentMask() & REQUIRED_FOR_SET) != REQUIRED_FOR_SET) {
            return SaAnswer.error(SaStatus.INSUFFICIENT_COMPONENTS, ServiceRecord.SIZE);
        }
        expire(nowNanos);
        byte[] bytes = new byte[ServiceRecord.SIZE];
        ServiceRecord.decode(request.data(), 0).encodeTo(bytes, 0);
        ServiceRecord.SERVICE_P_KEY.put(bytes, 0, pKeyOf(request));
        if (!request.has(ServiceRecord.COMPONENT_SERVICE_LEASE)) {
            ServiceRecord.SERVICE_LEASE.put(bytes, 0, ServiceRecord.LEASE_INFINITE);
        }
        Requester who = Requester.of(view, request);
        Entry old = byRid.get(ServiceRid.of(bytes, 0));
        if (old != null && !who.mayChange(old)) {
            return refused(Refusal.SERVICE_RECORD_FOREIGN, who, SaStatus.DENIED);
        }
        if (old == null && (byRid.size() >= limits.serviceRecords()
                || countByOwner.getOrDefault(who.key, 0) >= limits.serviceRecordsPerPort())) {
            return refused(Refusal.SERVICE_RECORDS, who, SaStatus.NO_RESOURCES);
        }
        if (old != null) {
            remove(old);
        }
        long lease = ServiceRecord.SERVICE_LEASE.getLong(bytes, 0);
        Entry e = new Entry(bytes, lease == ServiceRecord.LEASE_INFINITE ? Long.MAX_VALUE
                : nowNanos + lease * NANOS_PER_SECOND, seq++, old != null ? old.owner : who.key);
        add(e);
        return answer(List.of(e), request, nowNanos);
    }

    /** The records matching the request (Get and GetTable; the SA table applies the Get rule). */
    SaAnswer get(SaRequest request, long nowNanos) {
        expire(nowNanos);
        return answer(matching(request), request, nowNanos);
    }

    /**
     * Removes the record with the request's RID and returns it; ERR_NO_RECORDS when there is none the requester may
     * remove.
     */
    SaAnswer delete(SaView view, SaRequest request, long nowNanos) {
        expire(nowNanos);
        byte[] rid = new byte[ServiceRecord.SIZE];
        System.arraycopy(request.data(), 0, rid, 0, ServiceRecord.SIZE);
        ServiceRecord.SERVICE_P_KEY.put(rid, 0, pKeyOf(request));
        Entry e = byRid.get(ServiceRid.of(rid, 0));
        if (e == null) {
            return SaAnswer.error(SaStatus.NO_RECORDS, ServiceRecord.SIZE);
        }
        Requester who = Requester.of(view, request);
        if (!who.mayChange(e)) {
            return refused(Refusal.SERVICE_RECORD_FOREIGN, who, SaStatus.NO_RECORDS);
        }
        remove(e);
        return answer(List.of(e), request, nowNanos);
    }

    /**
     * Removes the records whose ServiceGID is one of the ports {@code portGuids} ({@code drop_event_subscriptions}).
     *
     * @return how many went
     */
    int removePorts(Set<Long> portGuids) {
        int n = 0;
        for (long guid : portGuids) {
            Set<Entry> gone = byGidPort.get(guid);
            if (gone != null) {
                for (Entry e : new ArrayList<>(gone)) {
                    remove(e);
                    n++;
                }
            }
        }
        return n;
    }

    /** Removes every record ({@code drop_event_subscriptions} when the SM comes out of standby); returns how many. */
    int removeAll() {
        return removePorts(Set.copyOf(byGidPort.keySet()));
    }

    /** Drops expired records. */
    void expire(long nowNanos) {
        while (!byExpiry.isEmpty() && nowNanos - byExpiry.first().expiresAt >= 0) {
            remove(byExpiry.first());
        }
    }

    /** When the next lease ends ({@link System#nanoTime} scale), or {@link Long#MAX_VALUE} when none runs. */
    long nextExpiry() {
        return byExpiry.isEmpty() ? Long.MAX_VALUE : byExpiry.first().expiresAt;
    }

    /** Whether a record of ServiceID {@code serviceId} is held (its lease may have run out since the last expiry). */
    boolean has(long serviceId) {
        return byServiceId.containsKey(serviceId);
    }

    /** The ports (ServiceGIDs' interface IDs) of the records of ServiceID {@code serviceId} at {@code nowNanos}. */
    Set<Long> gidPortsOf(long serviceId, long nowNanos) {
        Set<Entry> of = byServiceId.get(serviceId);
        Set<Long> out = new LinkedHashSet<>();
        for (Entry e : of == null ? Set.<Entry>of() : of) {
            if (!e.expired(nowNanos)) {
                out.add(e.rid.gid().interfaceId());
            }
        }
        return out;
    }

    /** Number of records. */
    int size() {
        return byRid.size();
    }

    /** The records, oldest registration or renewal first, with the time their leases have left at {@code nowNanos}. */
    List<ServiceState> export(long nowNanos) {
        List<ServiceState> out = new ArrayList<>(byRid.size());
        for (Entry e : byRid.values()) {
            if (!e.expired(nowNanos)) {
                out.add(e.state(nowNanos));
            }
        }
        return out;
    }

    /** The record {@code rid} as it is at {@code nowNanos}, or {@code null} if there is none or it has expired. */
    ServiceState export(ServiceRid rid, long nowNanos) {
        Entry e = byRid.get(rid);
        return e == null || e.expired(nowNanos) ? null : e.state(nowNanos);
    }

    /**
     * Puts a record as another SA had it (the dump file, a standby applying the master's change): replaces the record
     * of its RID; its lease runs out {@link ServiceState#leftMillis()} after {@code nowNanos}. A new record beyond the
     * total bound ({@link SaLimits#serviceRecords()}) is left out.
     *
     * @return whether it was put
     */
    boolean put(ServiceState s, long nowNanos) {
        Entry old = byRid.get(s.rid());
        if (old == null && byRid.size() >= limits.serviceRecords()) {
            return false;
        }
        if (old != null) {
            remove(old);
        }
        add(new Entry(s.record(), s.leftMillis() == ServiceState.INFINITE ? Long.MAX_VALUE
                : nowNanos + s.leftMillis() * NANOS_PER_MILLI, seq++, s.owner()));
        return true;
    }

    /** Removes the record {@code rid}, if there is one (a standby applying the master's change). */
    void remove(ServiceRid rid) {
        Entry e = byRid.get(rid);
        if (e != null) {
            remove(e);
        }
    }

    /**
     * Makes {@code states} the records, their leases counted from {@code nowNanos}; those beyond the total bound are
     * left out.
     *
     * @return how many were left out
     */
    int replaceAll(List<ServiceState> states, long nowNanos) {
        for (Entry e : new ArrayList<>(byRid.values())) {
            remove(e);
        }
        int left = 0;
        for (ServiceState s : states) {
            left += put(s, nowNanos) ? 0 : 1;
        }
        return left;
    }

    /** A refusal counted, answered with {@code status} within the requester's budget, else dropped. */
    private SaAnswer refused(Refusal reason, Requester who, int status) {
        return refusals.record(reason, who.lid, who.portGuid) ? SaAnswer.error(status, ServiceRecord.SIZE)
                : SaAnswer.dropped();
    }

    /** The request's ServiceP_Key, or 0xFFFF when its P_Key component is not set (as a Set stores it). */
    private static int pKeyOf(SaRequest request) {
        return request.has(ServiceRecord.COMPONENT_SERVICE_P_KEY)
                ? ServiceRecord.SERVICE_P_KEY.getInt(request.data(), 0) : DEFAULT_P_KEY;
    }

    private List<Entry> matching(SaRequest request) {
        long mask = request.componentMask() & ~NOT_MATCHED;
        byte[] q = request.data();
        Collection<Entry> candidates;
        if ((mask & 1L << ServiceRecord.COMPONENT_SERVICE_ID) != 0) {
            candidates = byServiceId.get(ServiceRecord.SERVICE_ID.getLong(q, 0));
        } else if ((mask & 1L << ServiceRecord.COMPONENT_SERVICE_GID) != 0) {
            candidates = byGidPort.get(Gid.read(ServiceRecord.SERVICE_GID, q, 0).interfaceId());
        } else if ((mask & 1L << ServiceRecord.COMPONENT_SERVICE_NAME) != 0) {
            candidates = byName.get(ServiceRecord.SERVICE_NAME.getText(q, 0));
        } else {
            candidates = byRid.values();
        }
        if (candidates == null) {
            return List.of();
        }
        Components c = ServiceRecord.COMPONENTS;
        List<Entry> out = new ArrayList<>();
        for (Entry e : candidates) {
            if (c.matches(mask, q, 0, e.bytes, 0)) {
                out.add(e);
            }
        }
        return out;
    }

    private void add(Entry e) {
        byRid.put(e.rid, e);
        changes.serviceChanged(e.rid);
        byServiceId.computeIfAbsent(e.rid.serviceId(), k -> new LinkedHashSet<>()).add(e);
        byGidPort.computeIfAbsent(e.rid.gid().interfaceId(), k -> new LinkedHashSet<>()).add(e);
        byName.computeIfAbsent(e.name, k -> new LinkedHashSet<>()).add(e);
        if (e.expiresAt != Long.MAX_VALUE) {
            byExpiry.add(e);
        }
        countByOwner.merge(e.owner, 1, Integer::sum);
    }

    private void remove(Entry e) {
        byRid.remove(e.rid);
        changes.serviceChanged(e.rid);
        unindex(byServiceId, e.rid.serviceId(), e);
        unindex(byGidPort, e.rid.gid().interfaceId(), e);
        unindex(byName, e.name, e);
        byExpiry.remove(e);
        countByOwner.computeIfPresent(e.owner, (k, n) -> n > 1 ? n - 1 : null);
    }

    private static <K> void unindex(Map<K, Set<Entry>> index, K key, Entry e) {
        Set<Entry> s = index.get(key);
        if (s != null && s.remove(e) && s.isEmpty()) {
            index.remove(key);
        }
    }

    private static SaAnswer answer(List<Entry> records, SaRequest request, long nowNanos) {
        RecordSet set = new RecordSet(ServiceRecord.SIZE);
        for (Entry e : records) {
            int off = set.reserve();
            byte[] b = set.buffer();
            System.arraycopy(e.bytes, 0, b, off, ServiceRecord.SIZE);
            ServiceRecord.SERVICE_LEASE.put(b, off, e.remainingSeconds(nowNanos));
            if (!request.trusted()) {
                ServiceRecord.SERVICE_KEY.putBytes(b, off, NO_KEY);
            }
            set.commit();
        }
        return SaAnswer.of(set);
    }

    /**
     * Who sent a request: its source LID, the port the view has there ({@link Refusals#UNKNOWN_PORT} if none), and
     * the key records are owned by (the port GUID, or the LID for a port the view does not know).
     */
    private record Requester(int lid, long portGuid, long key, boolean trusted) {

        static Requester of(SaView view, SaRequest request) {
            int lid = request.from().lid();
            EndPortView port = view.snapshot().endPortByLid(lid);
            long guid = port == null ? Refusals.UNKNOWN_PORT : port.portGuid();
            return new Requester(lid, guid, port == null ? lid : guid, request.trusted());
        }

        /** Whether this requester may renew or delete {@code e}: trusted, its registrar, or the port it names. */
        boolean mayChange(Entry e) {
            return trusted || e.owner == key || portGuid != Refusals.UNKNOWN_PORT
                    && e.rid.gid().interfaceId() == portGuid;
        }
    }

    /**
     * A registered record as stored (lease field = the lease asked for), when it expires ({@link Long#MAX_VALUE}:
     * never), its registration number and its owner ({@link Requester#key}).
     */
    private static final class Entry {
        final byte[] bytes;
        final ServiceRid rid;
        final String name;
        final long expiresAt;
        final long seq;
        final long owner;

        Entry(byte[] bytes, long expiresAt, long seq, long owner) {
            this.bytes = bytes;
            this.rid = ServiceRid.of(bytes, 0);
            this.name = ServiceRecord.SERVICE_NAME.getText(bytes, 0);
            this.expiresAt = expiresAt;
            this.seq = seq;
            this.owner = owner;
        }

        boolean expired(long nowNanos) {
            return expiresAt != Long.MAX_VALUE && nowNanos - expiresAt >= 0;
        }

        ServiceState state(long nowNanos) {
            return new ServiceState(bytes, expiresAt == Long.MAX_VALUE ? ServiceState.INFINITE
                    : Math.max(0, (expiresAt - nowNanos) / NANOS_PER_MILLI), owner);
        }

        long remainingSeconds(long nowNanos) {
            if (expiresAt == Long.MAX_VALUE) {
                return ServiceRecord.LEASE_INFINITE;
            }
            return Math.max(0, (expiresAt - nowNanos + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND);
        }
    }
}
