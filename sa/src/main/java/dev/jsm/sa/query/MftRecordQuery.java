package dev.jsm.sa.query;

import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.MulticastForwardingTableRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;

/**
 * MulticastForwardingTableRecords: the programmed MFT blocks of every switch (32 MLIDs x one 16-port position per
 * record, MLIDs from 0xC000 up to the switch's MulticastFDBCap); blocks whose 32 masks are all empty are left out.
 *
 * <p>Stateless; thread-safe.
 */
final class MftRecordQuery implements RecordQuery {

    private static final int MLID_BASE = 0xC000;
    private static final int PER_BLOCK = 32;

    @Override
    public int recordSize() {
        return MulticastForwardingTableRecord.SIZE;
    }

    @Override
    public Components components() {
        return MulticastForwardingTableRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        int tableOff = MulticastForwardingTableRecord.MFT.byteOffset();
        for (SwitchView sw : s.switches()) {
            PortView port0 = s.port(sw.nodeIndex(), 0);
            int lid = port0 == null ? 0 : ModelAttributes.lidOf(s, port0);
            if (lid == 0) {
                continue;
            }
            int blocks = (sw.attributes().multicastFdbCap() + PER_BLOCK - 1) / PER_BLOCK;
            for (int position = 0; position < sw.mftPositions(); position++) {
                for (int block = 0; block < blocks; block++) {
                    int off = out.reserve();
                    byte[] b = out.buffer();
                    boolean any = false;
                    for (int i = 0; i < PER_BLOCK; i++) {
                        int mask = sw.mftMask(MLID_BASE + block * PER_BLOCK + i, position);
                        b[off + tableOff + 2 * i] = (byte) (mask >>> 8);
                        b[off + tableOff + 2 * i + 1] = (byte) mask;
                        any |= mask != 0;
                    }
                    MulticastForwardingTableRecord.LID.put(b, off, lid);
                    MulticastForwardingTableRecord.POSITION.put(b, off, position);
                    MulticastForwardingTableRecord.BLOCK_NUM.put(b, off, block);
                    if (any && MulticastForwardingTableRecord.COMPONENTS.matches(request.componentMask(),
                            request.data(), 0, b, off)) {
                        out.commit();
                    }
                }
            }
        }
        return SaStatus.OK;
    }
}
