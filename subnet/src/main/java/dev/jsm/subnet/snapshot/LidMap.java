package dev.jsm.subnet.snapshot;

import java.util.Arrays;
import java.util.List;

/**
 * LID lookups over a snapshot's assigned LID ranges, as a primitive array indexed by LID {@code 1..maxLid}: the end
 * port holding each LID. LMC ranges fill {@code 2^lmc} slots.
 *
 * <p>Immutable; safe to share.
 */
public final class LidMap {

    private final SubnetSnapshot snapshot;
    private final int maxLid;
    private final int[] endPortIndex;

    private LidMap(SubnetSnapshot snapshot, int maxLid) {
        this.snapshot = snapshot;
        this.maxLid = maxLid;
        endPortIndex = new int[maxLid + 1];
        Arrays.fill(endPortIndex, -1);
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
        LidMap map = new LidMap(snapshot, max);
        for (EndPortView e : endPorts) {
            if (e.hasLids()) {
                Arrays.fill(map.endPortIndex, e.lidRange().first(), e.lidRange().last() + 1, e.index());
            }
        }
        return map;
    }

    /** The highest assigned LID, 0 if none: routing sizes its LFTs {@code maxLid + 1}. */
    public int maxLid() {
        return maxLid;
    }

    /** Index of the end port holding {@code lid}, or -1. */
    public int endPortIndex(int lid) {
        return lid > 0 && lid <= maxLid ? endPortIndex[lid] : -1;
    }

    /** The end port holding {@code lid}, or {@code null}. */
    public EndPortView endPort(int lid) {
        int i = endPortIndex(lid);
        return i < 0 ? null : snapshot.endPorts().get(i);
    }
}
