package dev.jsm.sa.event;

import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The end ports that appeared and disappeared between two SUBNET UPs, by port GUID: the ports of traps 64 and 65
 * and of {@code drop_event_subscriptions}.
 *
 * <p>Immutable; safe to share.
 *
 * @param added end ports of the newer snapshot the older one did not have
 * @param gone end ports of the older snapshot the newer one does not have
 */
public record PortChanges(List<EndPortView> added, List<EndPortView> gone) {

    /** Copies the lists. */
    public PortChanges {
        added = List.copyOf(added);
        gone = List.copyOf(gone);
    }

    /** The changes from {@code before} to {@code after}. */
    public static PortChanges between(SubnetSnapshot before, SubnetSnapshot after) {
        return new PortChanges(missingFrom(before, after), missingFrom(after, before));
    }

    /** The GUIDs of the ports that went. */
    public Set<Long> goneGuids() {
        Set<Long> out = new HashSet<>();
        for (EndPortView p : gone) {
            out.add(p.portGuid());
        }
        return out;
    }

    /** End ports of {@code b} that {@code a} lacks. */
    private static List<EndPortView> missingFrom(SubnetSnapshot a, SubnetSnapshot b) {
        List<EndPortView> out = new ArrayList<>();
        for (EndPortView p : b.endPorts()) {
            if (a.endPort(p.portGuid()) == null) {
                out.add(p);
            }
        }
        return out;
    }
}
