package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SwitchInfoRecord;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;

/**
 * SwitchInfoRecords: one per switch with a LID.
 *
 * <p>Stateless; thread-safe.
 */
final class SwitchInfoRecordQuery implements RecordQuery {

    @Override
    public int recordSize() {
        return SwitchInfoRecord.SIZE;
    }

    @Override
    public Components components() {
        return SwitchInfoRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        for (SwitchView sw : s.switches()) {
            NodeView node = s.nodes().get(sw.nodeIndex());
            PortView port0 = s.port(node.index(), 0);
            int lid = port0 == null ? 0 : ModelAttributes.lidOf(s, port0);
            if (lid == 0) {
                continue;
            }
            int off = out.reserve();
            new SwitchInfoRecord(lid, ModelAttributes.switchInfo(sw.attributes())).encodeTo(out.buffer(), off);
            if (SwitchInfoRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
                out.commit();
            }
        }
        return SaStatus.OK;
    }
}
