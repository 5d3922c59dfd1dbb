package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.SwitchLft;
import java.util.Arrays;
import java.util.List;

/**
 * LID lookups over a snapshot's assigned LID ranges, as primitive arrays indexed by LID {@code 1..maxLid}:
 * the end port holding each LID, and the switch and port that deliver it ({@code lidOwnerSwitch} /
 * {@code lidOwnerPort} of the routing input). A switch delivers its own LIDs on port 0; a CA or router LID is
 * delivered by the switch the port is cabled to, on the port facing it. LMC ranges fill {@code 2^lmc} slots.
 *
 * <p>Immutable; safe to share.
 */
public final class LidMap {

    private final SubnetSnapshot snapshot;
    private final int maxLid;
    private final int[] endPortIndex;
    private final int[] ownerSwitch;
    private final byte[] ownerPort;

    private LidMap(SubnetSnapshot snapshot, int maxLid) {
        this.snapshot = snapshot;
        this.maxLid = maxLid;
        endPortIndex = new int[maxLid + 1];
        ownerSwitch = new int[maxLid + 1];
        ownerPort = new byte[maxLid + 1];
        Arrays.fill(endPortIndex, -1);
        Arrays.fill(ownerSwitch, -1);
        Arrays.fill(ownerPort, (byte) SwitchLft.NO_PATH);
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
                map.fill(e);
            }
        }
        return map;
    }

    private void fill(EndPortView e) {
        PortView port = snapshot.portOf(e);
        int sw = -1;
        int swPort = SwitchLft.NO_PATH;
        NodeView node = snapshot.nodeOf(port);
        if (node.isSwitch()) {
            sw = node.switchIndex();
            swPort = 0;
        } else if (port.isConnected()) {
            PortView peer = snapshot.peer(port);
            NodeView peerNode = snapshot.nodeOf(peer);
            if (peerNode.isSwitch()) {
                sw = peerNode.switchIndex();
                swPort = peer.portNum();
            }
        }
        LidRange r = e.lidRange();
        for (int lid = r.first(); lid <= r.last(); lid++) {
            endPortIndex[lid] = e.index();
            ownerSwitch[lid] = sw;
            ownerPort[lid] = (byte) swPort;
        }
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

    /** Index of the switch that delivers {@code lid}, or -1 (unassigned, or a CA not cabled to a switch). */
    public int ownerSwitch(int lid) {
        return lid > 0 && lid <= maxLid ? ownerSwitch[lid] : -1;
    }

    /** The port of {@link #ownerSwitch} that delivers {@code lid} (0 for the switch's own LIDs), or 0xFF. */
    public int ownerPort(int lid) {
        return lid > 0 && lid <= maxLid ? ownerPort[lid] & 0xFF : SwitchLft.NO_PATH;
    }

    /** The LID range assigned to the end port with GUID {@code portGuid}, or {@code null}. */
    public LidRange lidRange(long portGuid) {
        EndPortView e = snapshot.endPort(portGuid);
        return e == null ? null : e.lidRange();
    }
}
