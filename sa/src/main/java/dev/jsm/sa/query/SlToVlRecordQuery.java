package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SlToVlMappingTableRecord;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * SLtoVLMappingTableRecords, enumerated as OpenSM 3.3.23 answers them (checked with scripts/sa-compare.sh): a CA or
 * router end port has one record with InputPortNum and OutputPortNum 0 (a CA's SLtoVLMappingTable is addressed with
 * attribute modifier 0), whatever port numbers the mask names; a switch has one per (output, input) pair of its
 * ports 0..N, narrowed by OutputPortNum and InputPortNum in the mask; a LID in the mask must be an end port's base
 * LID. The tables are the SM's copy ({@link PortTables#sl2Vl}), as in OpenSM, which never reads them from the
 * fabric and answers what it programmed: the QoS manager's tables with QoS on ({@code -Q}), all zero for a table
 * never programmed (every table when QoS is off, as OpenSM answers).
 *
 * <p>Stateless; thread-safe.
 */
final class SlToVlRecordQuery implements RecordQuery {

    private static final int COMPONENT_LID = 0;
    private static final int COMPONENT_IN_PORT = 1;
    private static final int COMPONENT_OUT_PORT = 2;

    @Override
    public int recordSize() {
        return SlToVlMappingTableRecord.SIZE;
    }

    @Override
    public Components components() {
        return SlToVlMappingTableRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        byte[] q = request.data();
        boolean byLid = request.has(COMPONENT_LID);
        int wantLid = SlToVlMappingTableRecord.LID.getInt(q, 0);
        int wantIn = SlToVlMappingTableRecord.INPUT_PORT_NUM.getInt(q, 0);
        int wantOut = SlToVlMappingTableRecord.OUTPUT_PORT_NUM.getInt(q, 0);
        for (EndPortView ep : s.endPorts()) {
            if (ep.lidRange() == null || byLid && ep.lidRange().base() != wantLid) {
                continue;
            }
            int lid = ep.lidRange().base();
            if (ep.kind() != NodeKind.SWITCH) {
                PortView port = s.ports().get(ep.portIndex());
                add(out, lid, 0, 0, view.tables().sl2Vl(port.nodeGuid(), port.portNum(), 0));
                continue;
            }
            NodeView node = s.nodes().get(ep.nodeIndex());
            int outFirst = request.has(COMPONENT_OUT_PORT) ? wantOut : 0;
            int outLast = request.has(COMPONENT_OUT_PORT) ? wantOut : node.numPorts();
            int inFirst = request.has(COMPONENT_IN_PORT) ? wantIn : 0;
            int inLast = request.has(COMPONENT_IN_PORT) ? wantIn : node.numPorts();
            for (int o = outFirst; o <= outLast; o++) {
                if (s.port(node.index(), o) == null) {
                    continue;
                }
                for (int i = inFirst; i <= inLast; i++) {
                    if (s.port(node.index(), i) != null) {
                        add(out, lid, i, o, view.tables().sl2Vl(node.nodeGuid(), o, i));
                    }
                }
            }
        }
        return SaStatus.OK;
    }

    private static void add(RecordSet out, int lid, int in, int outPort, long table) {
        int off = out.reserve();
        new SlToVlMappingTableRecord(lid, in, outPort, table).encodeTo(out.buffer(), off);
        out.commit();
    }
}
