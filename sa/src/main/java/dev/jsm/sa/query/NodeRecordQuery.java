package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.List;

/**
 * NodeRecords: one per end port with a LID (each CA/router port, switch port 0), carrying the node's NodeInfo as
 * that port answers it, and one per up virtual port with a LID of its own, carrying its virtual node's NodeInfo and
 * VNodeDescription ({@link ModelAttributes#vnodeInfo}; NVIDIA's SM answers so with {@code enable_virt_rec_ext}). A
 * vport without a LID of its own shares its physical port's LID and has no NodeRecord of its own, which would make
 * that LID's answer ambiguous.
 *
 * <p>Stateless; thread-safe.
 */
final class NodeRecordQuery implements RecordQuery {

    private static final int COMPONENT_LID = 0;

    @Override
    public int recordSize() {
        return NodeRecord.SIZE;
    }

    @Override
    public Components components() {
        return NodeRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        for (EndPortView ep : candidates(s, request)) {
            if (!ep.hasLids()) {
                continue;
            }
            PortView port = s.portOf(ep);
            NodeView node = s.nodeOf(port);
            add(new NodeRecord(ep.lidRange().base(), ModelAttributes.nodeInfo(node, port), node.description()),
                    request, out);
        }
        for (VPortView v : vportCandidates(s, request)) {
            if (v.hasLid() && v.isUp() && v.vportIndex() != 0) {
                add(new NodeRecord(v.lid(), ModelAttributes.vnodeInfo(s.nodes().get(v.nodeIndex()), v),
                        v.description()), request, out);
            }
        }
        return SaStatus.OK;
    }

    /** Whether a request with {@code componentMask} gives a LID: it matches one record at most. */
    static boolean byLid(long componentMask) {
        return (componentMask & 1L << COMPONENT_LID) != 0;
    }

    /**
     * The physical end ports a request can match: with a LID, the one whose range holds it, else every end port. Each
     * is still matched against the whole template; the LID only spares building the records of the others.
     */
    private static List<EndPortView> candidates(SubnetSnapshot s, SaRequest request) {
        if (!request.has(COMPONENT_LID)) {
            return s.endPorts();
        }
        EndPortView ep = s.lidMap().endPort(NodeRecord.LID.getInt(request.data(), 0));
        return ep == null ? List.of() : List.of(ep);
    }

    /** The vports a request can match: with a LID, the one holding it as its own, else every vport. */
    private static List<VPortView> vportCandidates(SubnetSnapshot s, SaRequest request) {
        if (!request.has(COMPONENT_LID)) {
            return s.vports();
        }
        VPortView v = s.lidMap().vport(NodeRecord.LID.getInt(request.data(), 0));
        return v == null ? List.of() : List.of(v);
    }

    private static void add(NodeRecord r, SaRequest request, RecordSet out) {
        int off = out.reserve();
        r.encodeTo(out.buffer(), off);
        if (NodeRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
            out.commit();
        }
    }
}
