package dev.jsm.sa.query;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.List;

/**
 * PortInfoRecords: one per physical port (switches: every port under the LID of port 0), keyed by EndportLID and
 * PortNum, each with the full 64-byte PortInfo (ClassPortInfo IsFullPortInfoRecordSupported); and one per up virtual
 * port with a LID of its own, keyed by that LID and its physical port's number, with the physical port's PortInfo
 * carrying the vport's LID and state (as for NodeRecords, a vport without a LID of its own has none). CapabilityMask
 * and CapabilityMask2 match when the port has every bit the template has (OpenSM's IsPortInfoCapMaskMatch semantics);
 * M_Key is zero for untrusted requesters. The Options byte (component 2) is echoed; a requester that does not set its
 * bit 7 ("I understand extended speeds") sees, on a port running an extended speed (FDR/EDR/HDR, of a port or switch
 * whose CapabilityMask has IsExtendedSpeedsSupported), the QDR bit ORed into LinkSpeedSupported, -Active and -Enabled,
 * as OpenSM 3.3.23 answers so that legacy clients see a fast link (the match is made on the real values).
 *
 * <p>Stateless; thread-safe.
 */
final class PortInfoRecordQuery implements RecordQuery {

    private static final int COMPONENT_ENDPORT_LID = 0;
    private static final int COMPONENT_OPTIONS = 2;
    private static final int COMPONENT_CAPABILITY_MASK2 = 53;
    /** Options bit 7: the requester understands the extended link speed fields. */
    private static final int OPTION_EXTENDED_SPEEDS = 0x80;
    /** LinkSpeed bit 2: QDR (10 Gb/s per lane). */
    private static final int SPEED_QDR = 4;
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
        int options = request.has(COMPONENT_OPTIONS) ? PortInfoRecord.OPTIONS.getInt(q, 0) : 0;
        Template t = new Template(s, request, mask, wantCap, wantCap2, options);
        for (PortView port : candidates(s, request)) {
            int lid = ModelAttributes.lidOf(s, port);
            if (lid != 0) {
                t.add(lid, port, ModelAttributes.portInfo(port.attributes(), port.portNum()), out);
            }
        }
        for (VPortView v : vportCandidates(s, request)) {
            if (v.hasLid() && v.isUp() && v.vportIndex() != 0) {
                PortView port = s.ports().get(v.portIndex());
                t.add(v.lid(), port, ModelAttributes.portInfo(ModelAttributes.vportAttributes(port, v),
                        port.portNum()), out);
            }
        }
        return SaStatus.OK;
    }

    /** What one request asks of a record, and how it is answered. */
    private record Template(SubnetSnapshot s, SaRequest request, long mask, long wantCap, long wantCap2,
                            int options) {

        /** Adds the record of {@code port} (answering at {@code lid} with {@code pi}) if it matches. */
        void add(int lid, PortView port, PortInfo pi, RecordSet out) {
            if ((pi.capabilityMask() & wantCap) != wantCap || (pi.capabilityMask2() & wantCap2) != wantCap2) {
                return;
            }
            PortInfo answered = request.trusted() ? pi : withoutMKey(pi);
            int off = out.reserve();
            new PortInfoRecord(lid, port.portNum(), options, answered).encodeTo(out.buffer(), off);
            if (PortInfoRecord.COMPONENTS.matches(mask, request.data(), 0, out.buffer(), off)) {
                if ((options & OPTION_EXTENDED_SPEEDS) == 0 && extendedSpeedActive(s, port, answered)) {
                    addQdr(out.buffer(), off + PortInfoRecord.PORT_INFO_OFFSET);
                }
                out.commit();
            }
        }
    }

    /** Whether a request with {@code componentMask} gives an EndportLID: it matches one node's ports at most. */
    static boolean byLid(long componentMask) {
        return (componentMask & 1L << COMPONENT_ENDPORT_LID) != 0;
    }

    /**
     * The physical ports a request can match: with an EndportLID, those of the end port holding it (a switch's: all
     * its ports, which are all keyed by its LID), else every port. Each is still matched against the whole template;
     * the LID only spares building the records of the others (osmtest's stress flow asks its own PortInfoRecord by
     * LID 100,000 times).
     */
    private static List<PortView> candidates(SubnetSnapshot s, SaRequest request) {
        if (!request.has(COMPONENT_ENDPORT_LID)) {
            return s.ports();
        }
        EndPortView ep = s.lidMap().endPort(PortInfoRecord.ENDPORT_LID.getInt(request.data(), 0));
        if (ep == null) {
            return List.of();
        }
        PortView port = s.portOf(ep);
        return port.portNum() == 0 ? s.portsOf(s.nodeOf(port)) : List.of(port);
    }

    /** The vports a request can match: with an EndportLID, the one holding it as its own, else every vport. */
    private static List<VPortView> vportCandidates(SubnetSnapshot s, SaRequest request) {
        if (!request.has(COMPONENT_ENDPORT_LID)) {
            return s.vports();
        }
        VPortView v = s.lidMap().vport(PortInfoRecord.ENDPORT_LID.getInt(request.data(), 0));
        return v == null ? List.of() : List.of(v);
    }

    /**
     * Whether the port runs an extended speed and says it supports them (a switch port: by its port 0's
     * CapabilityMask, the only one a switch fills in).
     */
    private static boolean extendedSpeedActive(SubnetSnapshot s, PortView port, PortInfo pi) {
        PortView capPort = port.endPortIndex() < 0 ? s.port(port.nodeIndex(), 0) : port;
        long cap = capPort == null ? 0 : capPort.attributes().capabilityMask();
        return (cap & PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED) != 0 && pi.linkSpeedExtActive() != 0;
    }

    /** ORs the QDR bit into the legacy LinkSpeedSupported, LinkSpeedActive and LinkSpeedEnabled at {@code off}. */
    private static void addQdr(byte[] b, int off) {
        PortInfo.LINK_SPEED_SUPPORTED.put(b, off, PortInfo.LINK_SPEED_SUPPORTED.getInt(b, off) | SPEED_QDR);
        PortInfo.LINK_SPEED_ACTIVE.put(b, off, PortInfo.LINK_SPEED_ACTIVE.getInt(b, off) | SPEED_QDR);
        PortInfo.LINK_SPEED_ENABLED.put(b, off, PortInfo.LINK_SPEED_ENABLED.getInt(b, off) | SPEED_QDR);
    }

    private static PortInfo withoutMKey(PortInfo p) {
        byte[] b = new byte[PortInfo.LAYOUT.size()];
        p.encodeTo(b, 0);
        PortInfo.M_KEY.put(b, 0, 0);
        return PortInfo.decode(b, 0);
    }
}
