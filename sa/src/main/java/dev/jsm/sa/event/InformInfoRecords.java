package dev.jsm.sa.event;

import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.subnet.snapshot.EndPortView;

/**
 * SubnAdmGet/GetTable(InformInfoRecord) over the subscriptions, as OpenSM answers it: the component mask selects by
 * SubscriberGID and Enum (bits 0 and 1; other defined bits are accepted and ignored, bits beyond the record are
 * ERR_REQ_INVALID); only subscriptions of ports that share a partition with the requester are listed; the QPN is
 * shown to trusted requesters only (C15-0.2-1.16, zero otherwise). A requester LID the view does not know gets no
 * answer (OpenSM ERR 4309). Every match is returned; the SA table applies the Get rule.
 *
 * <p>Stateless.
 */
final class InformInfoRecords {

    private static final long SELECTING = 1L << InformInfoRecord.COMPONENT_SUBSCRIBER_GID
            | 1L << InformInfoRecord.COMPONENT_ENUM;

    private InformInfoRecords() {
    }

    static SaAnswer get(SaView view, SaRequest request, EventSubscriptions subscriptions) {
        if (InformInfoRecord.COMPONENTS.undefinedBits(request.componentMask()) != 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, InformInfoRecord.SIZE);
        }
        EndPortView requester = view.snapshot().endPortByLid(request.from().lid());
        if (requester == null) {
            return SaAnswer.dropped();
        }
        long mask = request.componentMask() & SELECTING;
        RecordSet out = new RecordSet(InformInfoRecord.SIZE);
        byte[] scratch = new byte[InformInfoRecord.SIZE];
        for (Subscription s : subscriptions.all()) {
            s.record().encodeTo(scratch, 0);
            if (!InformInfoRecord.COMPONENTS.matches(mask, request.data(), 0, scratch, 0)
                    || view.snapshot().endPort(s.portGuid()) == null
                    || view.partitions().commonPKey(s.portGuid(), requester.portGuid()) < 0) {
                continue;
            }
            InformInfoRecord r = request.trusted() ? s.record() : withoutQpn(s.record());
            int off = out.reserve();
            r.encodeTo(out.buffer(), off);
            out.commit();
        }
        return SaAnswer.of(out);
    }

    private static InformInfoRecord withoutQpn(InformInfoRecord r) {
        InformInfo ii = r.informInfo();
        return new InformInfoRecord(r.subscriberGid(), r.enumeration(), new InformInfo(ii.gid(), ii.lidRangeBegin(),
                ii.lidRangeEnd(), ii.isGeneric(), ii.subscribe(), ii.type(), ii.trapNumberOrDeviceId(), 0,
                ii.respTimeValue(), ii.producerTypeOrVendorId()));
    }
}
