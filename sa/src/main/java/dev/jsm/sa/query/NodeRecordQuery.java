package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * NodeRecords: one per end port with a LID (each CA/router port, switch port 0), carrying the node's NodeInfo as
 * that port answers it.
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
            int off = out.reserve();
            new NodeRecord(ep.lidRange().base(), ModelAttributes.nodeInfo(node, port), node.description())
                    .encodeTo(out.buffer(), off);
            if (NodeRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
                out.commit();
            }
        }
        return SaStatus.OK;
    }
}
