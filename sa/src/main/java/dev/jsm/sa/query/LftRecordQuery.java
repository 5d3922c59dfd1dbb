package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.LinearForwardingTableRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;

/**
 * LinearForwardingTableRecords: every 64-entry block of every switch's programmed LFT. A LID or BlockNum in the
 * mask narrows the scan to that switch or block instead of encoding every block.
 *
 * <p>Stateless; thread-safe.
 */
final class LftRecordQuery implements RecordQuery {

    private static final int BLOCK = LinearForwardingTableRecord.ENTRIES;

    @Override
    public int recordSize() {
        return LinearForwardingTableRecord.SIZE;
    }

    @Override
    public Components components() {
        return LinearForwardingTableRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        boolean byLid = request.has(0);
        boolean byBlock = request.has(1);
        int wantLid = LinearForwardingTableRecord.LID.getInt(request.data(), 0);
        int wantBlock = LinearForwardingTableRecord.BLOCK_NUM.getInt(request.data(), 0);
        for (SwitchView sw : s.switches()) {
            PortView port0 = s.port(sw.nodeIndex(), 0);
            int lid = port0 == null ? 0 : ModelAttributes.lidOf(s, port0);
            if (lid == 0 || byLid && lid != wantLid) {
                continue;
            }
            int blocks = sw.lftSize() / BLOCK;
            int first = byBlock ? wantBlock : 0;
            int last = byBlock ? Math.min(wantBlock, blocks - 1) : blocks - 1;
            for (int block = first; block <= last; block++) {
                int off = out.reserve();
                byte[] b = out.buffer();
                LinearForwardingTableRecord.LID.put(b, off, lid);
                LinearForwardingTableRecord.BLOCK_NUM.put(b, off, block);
                sw.copyLftBlock(block, b, off + LinearForwardingTableRecord.LFT.byteOffset());
                out.commit();
            }
        }
        return SaStatus.OK;
    }
}
