package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.List;

/**
 * NodeRecords: one per end port with a LID (each CA/router port, switch port 0), carrying the node's NodeInfo as
 * that port answers it.
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
            int off = out.reserve();
            new NodeRecord(ep.lidRange().base(), ModelAttributes.nodeInfo(node, port), node.description())
                    .encodeTo(out.buffer(), off);
            if (NodeRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
                out.commit();
            }
        }
        return SaStatus.OK;
    }

    /** Whether a request with {@code componentMask} gives a LID: it matches one end port at most. */
    static boolean byLid(long componentMask) {
        return (componentMask & 1L << COMPONENT_LID) != 0;
    }

    /**
     * The end ports a request can match: with a LID, the one holding it, else every end port. Each is still matched
     * against the whole template; the LID only spares building the records of the others.
     */
    private static List<EndPortView> candidates(SubnetSnapshot s, SaRequest request) {
        if (!request.has(COMPONENT_LID)) {
            return s.endPorts();
        }
        EndPortView ep = s.endPortByLid(NodeRecord.LID.getInt(request.data(), 0));
        return ep == null ? List.of() : List.of(ep);
    }
}
