package dev.jsm.subnet.snapshot;

import java.util.Arrays;
import java.util.List;

/**
 * LID lookups over a snapshot's assigned LID ranges, as a primitive array indexed by LID {@code 1..maxLid}: the end
 * port holding each LID. LMC ranges fill {@code 2^lmc} slots. A vport's own LID maps to the end port it is behind (the
 * port that receives it), and to the vport in a second array, made only when some vport has a LID.
 *
 * <p>Immutable; safe to share.
 */
public final class LidMap {

    private final SubnetSnapshot snapshot;
    private final int maxLid;
    private final int[] endPortIndex;
    private final int[] vportIndex;

    private LidMap(SubnetSnapshot snapshot, int maxLid, boolean vportLids) {
        this.snapshot = snapshot;
        this.maxLid = maxLid;
        endPortIndex = new int[maxLid + 1];
        Arrays.fill(endPortIndex, -1);
        vportIndex = vportLids ? new int[maxLid + 1] : null;
        if (vportLids) {
            Arrays.fill(vportIndex, -1);
        }
    }

    /** Builds the map of {@code snapshot} (normally through {@link SubnetSnapshot#lidMap()}). */
    public static LidMap of(SubnetSnapshot snapshot) {
        List<EndPortView> endPorts = snapshot.endPorts();
        int max = 0;
        for (EndPortView e : endPorts) {
            if (e.hasLids()) {
                max = Math.max(max, e.lidRange().last());
            }
        }
        boolean vportLids = false;
        for (VPortView v : snapshot.vports()) {
            max = Math.max(max, v.lid());
            vportLids |= v.hasLid();
        }
        LidMap map = new LidMap(snapshot, max, vportLids);
        for (EndPortView e : endPorts) {
            if (e.hasLids()) {
                Arrays.fill(map.endPortIndex, e.lidRange().first(), e.lidRange().last() + 1, e.index());
            }
        }
        for (VPortView v : snapshot.vports()) {
            if (v.hasLid()) {
                map.endPortIndex[v.lid()] = v.endPortIndex();
                map.vportIndex[v.lid()] = v.index();
            }
        }
        return map;
    }

    /** The highest assigned LID, 0 if none: routing sizes its LFTs {@code maxLid + 1}. */
    public int maxLid() {
        return maxLid;
    }

    /** Index of the end port holding {@code lid} (for a vport's own LID, the one it is behind), or -1. */
    public int endPortIndex(int lid) {
        return lid > 0 && lid <= maxLid ? endPortIndex[lid] : -1;
    }

    /** The end port holding {@code lid} (for a vport's own LID, the end port the vport is behind), or {@code null}. */
    public EndPortView endPort(int lid) {
        int i = endPortIndex(lid);
        return i < 0 ? null : snapshot.endPorts().get(i);
    }

    /** The vport whose own LID is {@code lid}, or {@code null}. */
    public VPortView vport(int lid) {
        int i = vportIndex == null || lid <= 0 || lid > maxLid ? -1 : vportIndex[lid];
        return i < 0 ? null : snapshot.vports().get(i);
    }
}
