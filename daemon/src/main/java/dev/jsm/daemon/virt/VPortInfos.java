package dev.jsm.daemon.virt;

import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;

/**
 * VPortInfo (docs/virtualization.md) between the wire and the model: the values the model keeps of an answer, and
 * the payload of a Set built from them.
 *
 * <p>Stateless; thread-safe.
 */
final class VPortInfos {

    private VPortInfos() {
    }

    /** The model's values of a VPortInfo answer. */
    static VPortAttributes attributes(VPortInfo info) {
        return new VPortAttributes(info.vportState(), info.needsOwnLid(), info.vguidCap(), info.vportCapabilityMask(),
                info.vportLid(), info.lidByVPortIndex());
    }

    /**
     * The VPortInfo a Set writes to {@code vport}: VPortState {@code state} (0: no change), VPortLID the LID the SM
     * assigned it (or the one it holds, if it needs none of its own), the rest as it last answered (read-only there).
     */
    static VPortInfo set(VPort vport, int state) {
        VPortAttributes a = vport.attributes();
        int lid = a.lidRequired() && vport.hasLid() ? vport.lid() : a.lid();
        return new VPortInfo(state, 0, a.lidRequired() ? 1 : 0, a.guidCap(), a.capabilityMask(), 0, 0, lid,
                a.lidByVPortIndex(), vport.guid(), 0L);
    }
}
