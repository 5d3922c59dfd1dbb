package dev.jsm.sa.query;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * PortInfoRecords: one per physical port (switches: every port under the LID of port 0), keyed by EndportLID and
 * PortNum. CapabilityMask and CapabilityMask2 match when the port has every bit the template has (OpenSM's
 * IsPortInfoCapMaskMatch semantics); M_Key is zero for untrusted requesters.
 *
 * <p>Stateless; thread-safe.
 */
final class PortInfoRecordQuery implements RecordQuery {

    private static final int COMPONENT_CAPABILITY_MASK2 = 53;
    private static final long BITWISE_COMPONENTS = 1L << PortInfoRecord.COMPONENT_CAPABILITY_MASK
            | 1L << COMPONENT_CAPABILITY_MASK2;

    @Override
    public int recordSize() {
        return PortInfoRecord.SIZE;
    }

    @Override
    public Components components() {
        return PortInfoRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        long mask = request.componentMask() & ~BITWISE_COMPONENTS;
        byte[] q = request.data();
        int qPort = PortInfoRecord.PORT_INFO_OFFSET;
        long wantCap = request.has(PortInfoRecord.COMPONENT_CAPABILITY_MASK)
                ? PortInfo.CAPABILITY_MASK.getLong(q, qPort) : 0;
        long wantCap2 = request.has(COMPONENT_CAPABILITY_MASK2) ? PortInfo.CAPABILITY_MASK2.getLong(q, qPort) : 0;
        for (PortView port : s.ports()) {
            int lid = ModelAttributes.lidOf(s, port);
            if (lid == 0) {
                continue;
            }
            PortInfo pi = ModelAttributes.portInfo(port.attributes(), port.portNum());
            if ((pi.capabilityMask() & wantCap) != wantCap || (pi.capabilityMask2() & wantCap2) != wantCap2) {
                continue;
            }
            if (!request.trusted()) {
                pi = withoutMKey(pi);
            }
            int off = out.reserve();
            new PortInfoRecord(lid, port.portNum(), 0, pi).encodeTo(out.buffer(), off);
            if (PortInfoRecord.COMPONENTS.matches(mask, q, 0, out.buffer(), off)) {
                out.commit();
            }
        }
        return SaStatus.OK;
    }

    private static PortInfo withoutMKey(PortInfo p) {
        byte[] b = new byte[PortInfo.LAYOUT.size()];
        p.encodeTo(b, 0);
        PortInfo.M_KEY.put(b, 0, 0);
        return PortInfo.decode(b, 0);
    }
}
