package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;

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
        for (EndPortView ep : s.endPorts()) {
            if (!ep.hasLids()) {
                continue;
            }
            PortView port = s.portOf(ep);
            NodeView node = s.nodeOf(port);
            add(new NodeRecord(ep.lidRange().base(), ModelAttributes.nodeInfo(node, port), node.description()),
                    request, out);
        }
        for (VPortView v : s.vports()) {
            if (v.hasLid() && v.isUp() && v.vportIndex() != 0) {
                add(new NodeRecord(v.lid(), ModelAttributes.vnodeInfo(s.nodes().get(v.nodeIndex()), v),
                        v.description()), request, out);
            }
        }
        return SaStatus.OK;
    }

    private static void add(NodeRecord r, SaRequest request, RecordSet out) {
        int off = out.reserve();
        r.encodeTo(out.buffer(), off);
        if (NodeRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
            out.commit();
        }
    }
}
