package dev.jsm.subnet;

import java.util.Arrays;

/**
 * Which end port holds each unicast LID: one slot per LID, so assigning a range checks for overlaps in
 * {@code 2^lmc} steps and lookups by LID are O(1).
 *
 * <p>Confined to the sweep thread.
 */
final class LidOwners {

    private EndPort[] owners = new EndPort[0];

    void assign(EndPort endPort, LidRange range) {
        for (int lid = range.first(); lid <= range.last(); lid++) {
            EndPort other = owner(lid);
            if (other != null && other != endPort) {
                throw new IllegalArgumentException("cannot give " + endPort + " LIDs " + range + ": "
                        + Lid.toString(lid) + " belongs to " + other + " (" + other.lidRange() + ")");
            }
        }
        release(endPort);
        if (range.last() >= owners.length) {
            owners = Arrays.copyOf(owners, Math.max(range.last() + 1, Math.min(owners.length * 2, 0xC000)));
        }
        for (int lid = range.first(); lid <= range.last(); lid++) {
            owners[lid] = endPort;
        }
        endPort.setLidRange(range);
    }

    void release(EndPort endPort) {
        LidRange range = endPort.lidRange();
        if (range == null) {
            return;
        }
        for (int lid = range.first(); lid <= range.last(); lid++) {
            owners[lid] = null;
        }
        endPort.setLidRange(null);
    }

    EndPort owner(int lid) {
        return lid >= 0 && lid < owners.length ? owners[lid] : null;
    }
}
