package dev.jsm.sa.agent;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The ServiceRecords registered with the SA (IBA 15.2.5.14): Set registers or renews one (key: ServiceID,
 * ServiceGID, ServiceP_Key), Get/GetTable find them by component mask, Delete withdraws the matching ones; each
 * expires ServiceLease seconds after its last Set ({@link ServiceRecord#LEASE_INFINITE} never). Answers carry the
 * remaining lease; ServiceKey is zero for untrusted requesters. The key is not enforced (as OpenSM).
 *
 * <p>Confined to the SA agent's thread.
 */
final class ServiceRegistry {

    /** Most records kept; a Set beyond it is refused with ERR_NO_RESOURCES (a flooding client cannot exhaust us). */
    static final int MAX_RECORDS = 100_000;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long REQUIRED_FOR_SET = 1L << ServiceRecord.COMPONENT_SERVICE_ID
            | 1L << ServiceRecord.COMPONENT_SERVICE_GID;

    private final List<Entry> entries = new ArrayList<>();

    /** Registers or renews the request's record. */
    SaAnswer set(SaRequest request, long nowNanos) {
        if ((request.componentMask() & REQUIRED_FOR_SET) != REQUIRED_FOR_SET) {
            return SaAnswer.error(SaStatus.INSUFFICIENT_COMPONENTS, ServiceRecord.SIZE);
        }
        ServiceRecord r = ServiceRecord.decode(request.data(), 0);
        if (!request.has(ServiceRecord.COMPONENT_SERVICE_P_KEY)) {
            r = new ServiceRecord(r.serviceId(), r.serviceGid(), 0xFFFF, r.serviceLease(), r.serviceKey(),
                    r.serviceName(), r.serviceData());
        }
        if (!request.has(ServiceRecord.COMPONENT_SERVICE_LEASE)) {
            r = r.withServiceLease(ServiceRecord.LEASE_INFINITE);
        }
        expire(nowNanos);
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            ServiceRecord old = it.next().record;
            if (old.serviceId() == r.serviceId() && old.serviceGid().equals(r.serviceGid())
                    && (old.servicePKey() & 0x7FFF) == (r.servicePKey() & 0x7FFF)) {
                it.remove();
            }
        }
        if (entries.size() >= MAX_RECORDS) {
            return SaAnswer.error(SaStatus.NO_RESOURCES, ServiceRecord.SIZE);
        }
        Entry e = new Entry(r, expiry(r.serviceLease(), nowNanos));
        entries.add(e);
        return answer(List.of(e), request, nowNanos);
    }

    /** The records matching the request (Get and GetTable; the SA table applies the Get rule). */
    SaAnswer get(SaRequest request, long nowNanos) {
        expire(nowNanos);
        return answer(matching(request), request, nowNanos);
    }

    /** Removes the records matching the request and returns them; none: ERR_NO_RECORDS. */
    SaAnswer delete(SaRequest request, long nowNanos) {
        expire(nowNanos);
        List<Entry> gone = matching(request);
        if (gone.isEmpty()) {
            return SaAnswer.error(SaStatus.NO_RECORDS, ServiceRecord.SIZE);
        }
        entries.removeAll(gone);
        return answer(gone, request, nowNanos);
    }

    /**
     * Removes the records whose ServiceGID is one of the ports {@code portGuids} ({@code drop_event_subscriptions}).
     *
     * @return how many went
     */
    int removePorts(Set<Long> portGuids) {
        int before = entries.size();
        entries.removeIf(e -> portGuids.contains(e.record.serviceGid().interfaceId()));
        return before - entries.size();
    }

    /** Drops expired records. */
    void expire(long nowNanos) {
        entries.removeIf(e -> e.expiresAt != Long.MAX_VALUE && nowNanos - e.expiresAt >= 0);
    }

    private List<Entry> matching(SaRequest request) {
        Components c = ServiceRecord.COMPONENTS;
        byte[] scratch = new byte[ServiceRecord.SIZE];
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            e.record.encodeTo(scratch, 0);
            if (c.matches(request.componentMask() & ~(1L << ServiceRecord.COMPONENT_SERVICE_LEASE), request.data(),
                    0, scratch, 0)) {
                out.add(e);
            }
        }
        return out;
    }

    private static SaAnswer answer(List<Entry> records, SaRequest request, long nowNanos) {
        RecordSet set = new RecordSet(ServiceRecord.SIZE);
        for (Entry e : records) {
            ServiceRecord r = e.record.withServiceLease(e.remainingSeconds(nowNanos));
            if (!request.trusted()) {
                r = r.withoutServiceKey();
            }
            int off = set.reserve();
            r.encodeTo(set.buffer(), off);
            set.commit();
        }
        return SaAnswer.of(set);
    }

    private static long expiry(long leaseSeconds, long nowNanos) {
        return leaseSeconds == ServiceRecord.LEASE_INFINITE ? Long.MAX_VALUE
                : nowNanos + leaseSeconds * NANOS_PER_SECOND;
    }

    /** A registered record and when it expires ({@link Long#MAX_VALUE}: never). */
    private static final class Entry {
        final ServiceRecord record;
        final long expiresAt;

        Entry(ServiceRecord record, long expiresAt) {
            this.record = record;
            this.expiresAt = expiresAt;
        }

        long remainingSeconds(long nowNanos) {
            if (expiresAt == Long.MAX_VALUE) {
                return ServiceRecord.LEASE_INFINITE;
            }
            return Math.max(0, (expiresAt - nowNanos + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND);
        }
    }
}
