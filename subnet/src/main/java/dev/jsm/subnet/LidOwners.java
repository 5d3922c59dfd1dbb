package dev.jsm.subnet;

import java.util.Arrays;

/**
 * Which end port or virtual port holds each unicast LID: one slot per LID, so assigning a range checks for overlaps
 * in {@code 2^lmc} steps and lookups by LID are O(1). An end port's range and a vport's own LID never share a LID.
 *
 * <p>Confined to the sweep thread.
 */
final class LidOwners {

    private EndPort[] owners = new EndPort[0];
    private VPort[] vports = new VPort[0];

    void assign(EndPort endPort, LidRange range) {
        for (int lid = range.first(); lid <= range.last(); lid++) {
            EndPort other = owner(lid);
            if (other != null && other != endPort) {
                throw new IllegalArgumentException("cannot give " + endPort + " LIDs " + range + ": "
                        + Lid.toString(lid) + " belongs to " + other + " (" + other.lidRange() + ")");
            }
            VPort v = vport(lid);
            if (v != null) {
                throw new IllegalArgumentException("cannot give " + endPort + " LIDs " + range + ": "
                        + Lid.toString(lid) + " belongs to " + v);
            }
        }
        release(endPort);
        grow(range.last());
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

    void assign(VPort vport, int lid) {
        if (!Lid.isUnicast(lid)) {
            throw new IllegalArgumentException("cannot give " + vport + " LID " + lid + ": not unicast (expected "
                    + "0x0001-0xbfff)");
        }
        EndPort other = owner(lid);
        VPort otherVPort = vport(lid);
        if (other != null || otherVPort != null && otherVPort != vport) {
            throw new IllegalArgumentException("cannot give " + vport + " LID " + Lid.toString(lid) + ": it belongs "
                    + "to " + (other != null ? other + " (" + other.lidRange() + ")" : otherVPort));
        }
        release(vport);
        grow(lid);
        vports[lid] = vport;
        vport.setLid(lid);
    }

    void release(VPort vport) {
        if (vport.hasLid()) {
            vports[vport.lid()] = null;
            vport.setLid(0);
        }
    }

    EndPort owner(int lid) {
        return lid >= 0 && lid < owners.length ? owners[lid] : null;
    }

    VPort vport(int lid) {
        return lid >= 0 && lid < vports.length ? vports[lid] : null;
    }

    private void grow(int last) {
        if (last >= owners.length) {
            int size = Math.max(last + 1, Math.min(owners.length * 2, 0xC000));
            owners = Arrays.copyOf(owners, size);
            vports = Arrays.copyOf(vports, size);
        }
    }
}
