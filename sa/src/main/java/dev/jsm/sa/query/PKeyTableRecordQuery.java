package dev.jsm.sa.query;

import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * P_KeyTableRecords (IBA 15.2.5.11), enumerated as OpenSM 3.3.23 answers them (checked with scripts/sa-compare.sh):
 * only to trusted requesters (SM_Key equal to {@code sa_key}; others get ERR_REQ_INVALID, OpenSM's ERR 4608); the
 * end port whose LID range holds the LID in the mask (none: no records), else every end port; a CA or router port
 * answers for itself whatever PortNum the mask names, a switch for the port named (a port number beyond the switch:
 * no records) or for each of its ports 0..N; only ports that share a partition with the requester's port by the
 * P_Key tables the SM knows ({@link PortTables.Sharing}); the block named by BlockNum, or each block the SM keeps a
 * copy of ({@link PortTables#pKeyBlockCount}). The table is the SM's copy - what the partition manager programmed
 * and the port acknowledged - zeros for a block it has none of. LID is the port's base LID (a switch: port 0's).
 * A requester the view does not know is not answered (OpenSM ERR 4604).
 *
 * <p>Stateless; thread-safe.
 */
final class PKeyTableRecordQuery implements SaHandler {

    private static final int COMPONENT_LID = 0;
    private static final int COMPONENT_BLOCK = 1;
    private static final int COMPONENT_PORT = 2;
    private static final byte[] NO_COPY = new byte[PKeyTableRecord.TABLE_SIZE];

    /**
     * The answer to a Get or GetTable: ERR_REQ_INVALID for an untrusted requester or a component the record does not
     * define, {@link SaAnswer#dropped()} for a requester the view does not know, else every matching record.
     */
    @Override
    public SaAnswer answer(SaView view, SaRequest request, long nowNanos) {
        if (request.header().smKey() != view.settings().saKey()
                || PKeyTableRecord.COMPONENTS.undefinedBits(request.componentMask()) != 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, PKeyTableRecord.SIZE);
        }
        SubnetSnapshot s = view.snapshot();
        EndPortView requester = s.endPortByLid(request.from().lid());
        if (requester == null) {
            return SaAnswer.dropped();
        }
        PortView me = s.ports().get(requester.portIndex());
        PortTables.Sharing sharing = view.tables().sharingWith(me.nodeGuid(), me.portNum());
        RecordSet out = new RecordSet(PKeyTableRecord.SIZE);
        byte[] q = request.data();
        if (request.has(COMPONENT_LID)) {
            EndPortView ep = s.endPortByLid(PKeyTableRecord.LID.getInt(q, 0));
            if (ep != null) {
                collect(view, request, sharing, ep, out);
            }
        } else {
            for (EndPortView ep : s.endPorts()) {
                collect(view, request, sharing, ep, out);
            }
        }
        return SaAnswer.of(out);
    }

    private static void collect(SaView view, SaRequest request, PortTables.Sharing sharing, EndPortView ep,
                                RecordSet out) {
        if (ep.lidRange() == null) {
            return;
        }
        SubnetSnapshot s = view.snapshot();
        NodeView node = s.nodes().get(ep.nodeIndex());
        int lid = ep.lidRange().base();
        if (ep.kind() != NodeKind.SWITCH) {
            addPort(view, request, sharing, s.ports().get(ep.portIndex()), lid, out);
            return;
        }
        if (request.has(COMPONENT_PORT)) {
            PortView port = s.port(node.index(), PKeyTableRecord.PORT_NUM.getInt(request.data(), 0));
            if (port != null) {
                addPort(view, request, sharing, port, lid, out);
            }
            return;
        }
        for (int p = 0; p <= node.numPorts(); p++) {
            PortView port = s.port(node.index(), p);
            if (port != null) {
                addPort(view, request, sharing, port, lid, out);
            }
        }
    }

    private static void addPort(SaView view, SaRequest request, PortTables.Sharing sharing, PortView port, int lid,
                                RecordSet out) {
        if (!sharing.with(port.nodeGuid(), port.portNum())) {
            return;
        }
        if (request.has(COMPONENT_BLOCK)) {
            add(view.tables(), port, lid, PKeyTableRecord.BLOCK_NUM.getInt(request.data(), 0), out);
            return;
        }
        int blocks = view.tables().pKeyBlockCount(port.nodeGuid(), port.portNum());
        for (int block = 0; block < blocks; block++) {
            add(view.tables(), port, lid, block, out);
        }
    }

    private static void add(PortTables tables, PortView port, int lid, int block, RecordSet out) {
        byte[] table = tables.pKeyBlock(port.nodeGuid(), port.portNum(), block);
        int off = out.reserve();
        new PKeyTableRecord(lid, block, port.portNum(), table == null ? NO_COPY : table).encodeTo(out.buffer(), off);
        out.commit();
    }
}
