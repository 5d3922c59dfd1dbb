package dev.jsm.routing.file;

import dev.jsm.routing.RoutingInput;
import java.util.HashMap;
import java.util.Map;

/**
 * The current fabric looked up by the GUIDs a dump names: switches by node GUID and end ports by port GUID, and the
 * LID remapping OpenSM's file engine applies. Built once per pass; lookups box a GUID, which is fine at one lookup per
 * dump line.
 *
 * <p>Immutable; safe to share.
 */
final class FabricGuids {

    /** {@link #remap} result: the port GUID is not in the fabric. */
    static final int UNKNOWN_PORT = -1;

    private final RoutingInput in;
    private final Map<Long, Integer> switchByGuid = new HashMap<>();
    private final Map<Long, Integer> endPortByGuid = new HashMap<>();

    FabricGuids(RoutingInput in) {
        this.in = in;
        long[] sg = in.switchGuid();
        for (int sw = 0; sw < sg.length; sw++) {
            switchByGuid.put(sg[sw], sw);
        }
        long[] pg = in.endPortGuid();
        for (int e = 0; e < pg.length; e++) {
            endPortByGuid.putIfAbsent(pg[e], e);
        }
    }

    /** The switch index of node GUID {@code guid}, or -1. */
    int switchIndex(long guid) {
        Integer sw = switchByGuid.get(guid);
        return sw == null ? -1 : sw;
    }

    /**
     * The LID that {@code lid}, held by port {@code portGuid} when the dump was taken, is now: the same LID if it is
     * still in the port's range, else the LID at the same offset (path bits) from the port's base LID, as OpenSM's
     * {@code remap_lid}. Returns {@link #UNKNOWN_PORT} if no end port of the fabric has that GUID.
     */
    int remap(int lid, long portGuid) {
        Integer e = endPortByGuid.get(portGuid);
        if (e == null) {
            return UNKNOWN_PORT;
        }
        int base = in.endPortBaseLid()[e];
        int count = in.endPortLidCount()[e];
        if (lid >= base && lid < base + count) {
            return lid;
        }
        return base + (lid & (count - 1));
    }
}
