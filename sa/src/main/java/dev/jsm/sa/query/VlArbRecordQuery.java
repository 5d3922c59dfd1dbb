package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.VlArbitrationTableRecord;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * VLArbitrationTableRecords, enumerated as OpenSM does: blocks 1..4 (low 0-31, low 32-63, high 0-31, high 32-63;
 * one if BlockNum is in the mask) of a CA or router end port (its own port, whatever the mask says) or of every port
 * 0..N of a switch (one if OutputPortNum is in the mask); a LID in the mask must be an end port's base LID. The
 * tables are the SM's copy ({@link PortTables#vlArb}), as in OpenSM, which never reads them from the fabric: the QoS
 * manager's blocks with QoS on ({@code -Q}), all zero for a block never programmed (every block when QoS is off, as
 * OpenSM answers).
 *
 * <p>Stateless; thread-safe.
 */
final class VlArbRecordQuery implements RecordQuery {

    private static final int COMPONENT_LID = 0;
    private static final int COMPONENT_OUT_PORT = 1;
    private static final int COMPONENT_BLOCK = 2;
    private static final int BLOCKS = 4;
    private static final byte[] NOT_PROGRAMMED = new byte[VlArbitrationTableRecord.TABLE_SIZE];

    @Override
    public int recordSize() {
        return VlArbitrationTableRecord.SIZE;
    }

    @Override
    public Components components() {
        return VlArbitrationTableRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        byte[] q = request.data();
        boolean byLid = request.has(COMPONENT_LID);
        int wantLid = VlArbitrationTableRecord.LID.getInt(q, 0);
        int wantPort = VlArbitrationTableRecord.OUTPUT_PORT_NUM.getInt(q, 0);
        int wantBlock = request.has(COMPONENT_BLOCK) ? VlArbitrationTableRecord.BLOCK_NUM.getInt(q, 0) : -1;
        for (EndPortView ep : s.endPorts()) {
            if (ep.lidRange() == null || byLid && ep.lidRange().base() != wantLid) {
                continue;
            }
            int lid = ep.lidRange().base();
            if (ep.kind() != NodeKind.SWITCH) {
                PortView port = s.ports().get(ep.portIndex());
                addBlocks(out, view.tables(), port.nodeGuid(), lid, port.portNum(), wantBlock);
                continue;
            }
            NodeView node = s.nodes().get(ep.nodeIndex());
            int first = request.has(COMPONENT_OUT_PORT) ? wantPort : 0;
            int last = request.has(COMPONENT_OUT_PORT) ? wantPort : node.numPorts();
            for (int p = first; p <= last; p++) {
                if (s.port(node.index(), p) != null) {
                    addBlocks(out, view.tables(), node.nodeGuid(), lid, p, wantBlock);
                }
            }
        }
        return SaStatus.OK;
    }

    private static void addBlocks(RecordSet out, PortTables tables, long nodeGuid, int lid, int port, int wantBlock) {
        for (int block = 1; block <= BLOCKS; block++) {
            if (wantBlock < 0 || block == wantBlock) {
                byte[] entries = tables.vlArb(nodeGuid, port, block);
                int off = out.reserve();
                new VlArbitrationTableRecord(lid, port, block, entries == null ? NOT_PROGRAMMED : entries)
                        .encodeTo(out.buffer(), off);
                out.commit();
            }
        }
    }
}
