package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.LinkRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * LinkRecords: one per cabled port (so each link twice, once per direction), from its node's LID and port to the
 * peer's; switches are addressed by the LID of port 0.
 *
 * <p>Stateless; thread-safe.
 */
final class LinkRecordQuery implements RecordQuery {

    @Override
    public int recordSize() {
        return LinkRecord.SIZE;
    }

    @Override
    public Components components() {
        return LinkRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        for (PortView port : s.ports()) {
            PortView peer = s.peer(port);
            if (peer == null) {
                continue;
            }
            int from = ModelAttributes.lidOf(s, port);
            int to = ModelAttributes.lidOf(s, peer);
            if (from == 0 || to == 0) {
                continue;
            }
            int off = out.reserve();
            new LinkRecord(from, port.portNum(), peer.portNum(), to).encodeTo(out.buffer(), off);
            if (LinkRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
                out.commit();
            }
        }
        return SaStatus.OK;
    }
}
