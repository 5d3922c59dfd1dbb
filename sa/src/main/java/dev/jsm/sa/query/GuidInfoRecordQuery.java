package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * GUIDInfoRecords: for every end port with a LID and a non-zero GUIDCap (CA and router ports, switch port 0), one
 * record per 8-GUID block, keyed by the port's base LID: its port GUID at index 0 of block 0 and the alias GUIDs the
 * SA assigned ({@link AliasGuids}, GUIDInfoRecord Set), zeros elsewhere. A LID in the mask matches any LID of the
 * port's LMC range (the record carries the base LID), as OpenSM matches it; the other components compare as usual.
 *
 * <p>Stateless; thread-safe.
 */
final class GuidInfoRecordQuery implements RecordQuery {

    private static final int COMPONENT_LID = 0;
    private static final int COMPONENT_BLOCK_NUM = 1;

    @Override
    public int recordSize() {
        return GuidInfoRecord.SIZE;
    }

    @Override
    public Components components() {
        return GuidInfoRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        byte[] q = request.data();
        boolean byLid = request.has(COMPONENT_LID);
        boolean byBlock = request.has(COMPONENT_BLOCK_NUM);
        int wantLid = GuidInfoRecord.LID.getInt(q, 0);
        int wantBlock = GuidInfoRecord.BLOCK_NUM.getInt(q, 0);
        long mask = request.componentMask() & ~(1L << COMPONENT_LID | 1L << COMPONENT_BLOCK_NUM);
        long[] guids = new long[GuidInfoRecord.GUIDS];
        for (EndPortView ep : s.endPorts()) {
            if (ep.lidRange() == null || byLid && !ep.lidRange().contains(wantLid)) {
                continue;
            }
            PortView port = s.ports().get(ep.portIndex());
            int guidCap = port.attributes().guidCap();
            int blocks = (guidCap + GuidInfoRecord.GUIDS - 1) / GuidInfoRecord.GUIDS;
            int first = byBlock ? wantBlock : 0;
            int last = byBlock ? Math.min(wantBlock, blocks - 1) : blocks - 1;
            long[] table = view.aliases().table(ep.portGuid());
            for (int block = first; block <= last; block++) {
                for (int i = 0; i < GuidInfoRecord.GUIDS; i++) {
                    int index = block * GuidInfoRecord.GUIDS + i;
                    guids[i] = index == 0 ? ep.portGuid() : table != null && index < table.length ? table[index] : 0;
                }
                int off = out.reserve();
                new GuidInfoRecord(ep.lidRange().base(), block, guids).encodeTo(out.buffer(), off);
                if (GuidInfoRecord.COMPONENTS.matches(mask, q, 0, out.buffer(), off)) {
                    out.commit();
                }
            }
        }
        return SaStatus.OK;
    }
}
