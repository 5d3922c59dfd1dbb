package dev.jsm.sa.query;

import dev.jsm.mad.smp.SmInfo;
import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.SmInfoRecord;

/**
 * SMInfoRecords: the SA's own SM (the only one the view knows); SM_Key is zero for untrusted requesters.
 *
 * <p>Stateless; thread-safe.
 */
final class SmInfoRecordQuery implements RecordQuery {

    @Override
    public int recordSize() {
        return SmInfoRecord.SIZE;
    }

    @Override
    public Components components() {
        return SmInfoRecord.COMPONENTS;
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        SmIdentity sm = view.sm();
        if (sm.lid() == 0) {
            return SaStatus.OK;
        }
        SmInfo info = sm.smInfo();
        if (!request.trusted()) {
            info = new SmInfo(info.guid(), 0, info.actCount(), info.priority(), info.smState());
        }
        int off = out.reserve();
        new SmInfoRecord(sm.lid(), info).encodeTo(out.buffer(), off);
        if (SmInfoRecord.COMPONENTS.matches(request.componentMask(), request.data(), 0, out.buffer(), off)) {
            out.commit();
        }
        return SaStatus.OK;
    }
}
