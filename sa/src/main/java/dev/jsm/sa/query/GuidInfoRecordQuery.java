package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * GUIDInfoRecords: for every end port with a LID and a non-zero GUIDCap (CA and router ports, switch port 0), one
 * record per 8-GUID block, keyed by the port's base LID: its port GUID at index 0 of block 0 and the alias GUIDs the
 * SA assigned ({@link AliasGuids}, GUIDInfoRecord Set), zeros elsewhere; and for every up virtual port with a
 * non-zero VGUIDCap, one per block of its VPortGUIDInfo (its GUID at index 0), keyed by its own LID or else its
 * physical port's base LID. A LID in the mask matches any LID of the port's LMC range (the record carries the base
 * LID), as OpenSM matches it; the other components compare as usual.
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
        Blocks b = new Blocks(request, mask, byBlock, wantBlock);
        for (EndPortView ep : s.endPorts()) {
            if (ep.lidRange() == null || byLid && !ep.lidRange().contains(wantLid)) {
                continue;
            }
            b.add(ep.lidRange().base(), ep.portGuid(), s.ports().get(ep.portIndex()).attributes().guidCap(),
                    view.aliases().table(ep.portGuid()), out);
        }
        for (EndPortView v : VPortEnds.upVPorts(s)) {
            if (v.lidRange() != null && (!byLid || v.lidRange().contains(wantLid))) {
                b.add(v.lidRange().base(), v.portGuid(), s.vport(v.portGuid()).attributes().guidCap(), null, out);
            }
        }
        return SaStatus.OK;
    }

    /** The blocks one request asks for. */
    private record Blocks(SaRequest request, long mask, boolean byBlock, int wantBlock) {

        /**
         * Adds the records of the table of {@code guidCap} entries whose entry 0 is {@code guid} and whose other
         * entries are {@code aliases}' (null: none), keyed by {@code lid}.
         */
        void add(int lid, long guid, int guidCap, long[] aliases, RecordSet out) {
            int blocks = (guidCap + GuidInfoRecord.GUIDS - 1) / GuidInfoRecord.GUIDS;
            int first = byBlock ? wantBlock : 0;
            int last = byBlock ? Math.min(wantBlock, blocks - 1) : blocks - 1;
            long[] guids = new long[GuidInfoRecord.GUIDS];
            for (int block = first; block <= last; block++) {
                for (int i = 0; i < GuidInfoRecord.GUIDS; i++) {
                    int index = block * GuidInfoRecord.GUIDS + i;
                    guids[i] = index == 0 ? guid : aliases != null && index < aliases.length ? aliases[index] : 0;
                }
                int off = out.reserve();
                new GuidInfoRecord(lid, block, guids).encodeTo(out.buffer(), off);
                if (GuidInfoRecord.COMPONENTS.matches(mask, request.data(), 0, out.buffer(), off)) {
                    out.commit();
                }
            }
        }
    }
}
