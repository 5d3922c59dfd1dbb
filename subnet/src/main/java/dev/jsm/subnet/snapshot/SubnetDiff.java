package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.NodeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What changed between two snapshots: nodes and links added and removed, and end ports whose assigned LID range
 * changed, vports' own LIDs included (a vport is routed like its end port, so its LID is routing's business too).
 * Nodes are matched by node GUID (a node whose kind or port count changed counts as removed and added), links by
 * their {@link LinkEnds}, so indices may differ freely. A heavy sweep reroutes only when this is not empty, as
 * OpenSM's unicast cache does.
 *
 * <p>Immutable; safe to share.
 */
public final class SubnetDiff {

    /**
     * An end port (or a vport) whose assigned LID range (or own LID) differs.
     *
     * @param portGuid the port GUID (of a vport: its GUID)
     * @param before the range before, or {@code null} (no LIDs, or the port is new)
     * @param after the range after, or {@code null} (no LIDs, or the port is gone)
     */
    public record LidChange(long portGuid, LidRange before, LidRange after) {
    }

    private final List<NodeView> addedNodes;
    private final List<NodeView> removedNodes;
    private final List<LinkView> addedLinks;
    private final List<LinkView> removedLinks;
    private final List<LidChange> lidChanges;

    private SubnetDiff(List<NodeView> addedNodes, List<NodeView> removedNodes, List<LinkView> addedLinks,
                       List<LinkView> removedLinks, List<LidChange> lidChanges) {
        this.addedNodes = List.copyOf(addedNodes);
        this.removedNodes = List.copyOf(removedNodes);
        this.addedLinks = List.copyOf(addedLinks);
        this.removedLinks = List.copyOf(removedLinks);
        this.lidChanges = List.copyOf(lidChanges);
    }

    /** Compares {@code before} with {@code after}. */
    public static SubnetDiff between(SubnetSnapshot before, SubnetSnapshot after) {
        List<LinkView> added = new ArrayList<>();
        List<LinkView> removed = new ArrayList<>();
        Set<LinkEnds> beforeLinks = before.linkEnds();
        Set<LinkEnds> afterLinks = after.linkEnds();
        for (LinkView l : after.links()) {
            if (!beforeLinks.contains(l.ends())) {
                added.add(l);
            }
        }
        for (LinkView l : before.links()) {
            if (!afterLinks.contains(l.ends())) {
                removed.add(l);
            }
        }
        return new SubnetDiff(newNodes(before, after), newNodes(after, before), added, removed,
                lidChanges(before, after));
    }

    /** Nodes of {@code to} that {@code from} lacks or has with another kind or port count, in GUID order. */
    private static List<NodeView> newNodes(SubnetSnapshot from, SubnetSnapshot to) {
        List<NodeView> result = new ArrayList<>();
        for (NodeView n : to.nodes()) {
            NodeView old = from.node(n.nodeGuid());
            if (old == null || old.kind() != n.kind() || old.numPorts() != n.numPorts()) {
                result.add(n);
            }
        }
        return result;
    }

    private static List<LidChange> lidChanges(SubnetSnapshot before, SubnetSnapshot after) {
        List<LidChange> changes = new ArrayList<>();
        for (EndPortView e : before.endPorts()) {
            EndPortView now = after.endPort(e.portGuid());
            LidRange range = now == null ? null : now.lidRange();
            if (!Objects.equals(e.lidRange(), range)) {
                changes.add(new LidChange(e.portGuid(), e.lidRange(), range));
            }
        }
        for (EndPortView e : after.endPorts()) {
            if (before.endPort(e.portGuid()) == null && e.hasLids()) {
                changes.add(new LidChange(e.portGuid(), null, e.lidRange()));
            }
        }
        vportLidChanges(before, after, changes);
        return changes;
    }

    /** Vports (other than vports 0, which have no LID of their own) whose own LID appeared, went or changed. */
    private static void vportLidChanges(SubnetSnapshot before, SubnetSnapshot after, List<LidChange> changes) {
        for (VPortView v : before.vports()) {
            VPortView now = v.vportIndex() == 0 ? null : after.vport(v.guid());
            int lid = now == null ? 0 : now.lid();
            if (v.lid() != lid) {
                changes.add(new LidChange(v.guid(), range(v.lid()), range(lid)));
            }
        }
        for (VPortView v : after.vports()) {
            if (v.hasLid() && before.vport(v.guid()) == null) {
                changes.add(new LidChange(v.guid(), null, range(v.lid())));
            }
        }
    }

    private static LidRange range(int lid) {
        return lid == 0 ? null : LidRange.single(lid);
    }

    /** Nodes in the later snapshot only (GUID order). */
    public List<NodeView> addedNodes() {
        return addedNodes;
    }

    /** Nodes in the earlier snapshot only (GUID order). */
    public List<NodeView> removedNodes() {
        return removedNodes;
    }

    /** Links in the later snapshot only (index order of the later snapshot). */
    public List<LinkView> addedLinks() {
        return addedLinks;
    }

    /** Links in the earlier snapshot only (index order of the earlier snapshot). */
    public List<LinkView> removedLinks() {
        return removedLinks;
    }

    /** End ports whose assigned LID range changed, appeared or went away. */
    public List<LidChange> lidChanges() {
        return lidChanges;
    }

    /** Whether nodes or links were added or removed. */
    public boolean topologyChanged() {
        return !addedNodes.isEmpty() || !removedNodes.isEmpty() || !addedLinks.isEmpty() || !removedLinks.isEmpty();
    }

    /**
     * Whether the only changes are cables between two switches (added or removed; {@code before} and {@code after}
     * are the snapshots this diff was made from): what end ports and the switch ports facing them hold is untouched.
     */
    public boolean onlySwitchLinksChanged(SubnetSnapshot before, SubnetSnapshot after) {
        if (!addedNodes.isEmpty() || !removedNodes.isEmpty() || !lidChanges.isEmpty()) {
            return false;
        }
        for (LinkView l : addedLinks) {
            if (!betweenSwitches(after, l.ends())) {
                return false;
            }
        }
        for (LinkView l : removedLinks) {
            if (!betweenSwitches(before, l.ends())) {
                return false;
            }
        }
        return true;
    }

    private static boolean betweenSwitches(SubnetSnapshot s, LinkEnds ends) {
        NodeView a = s.node(ends.nodeGuidA());
        NodeView b = s.node(ends.nodeGuidB());
        return a != null && b != null && a.kind() == NodeKind.SWITCH && b.kind() == NodeKind.SWITCH;
    }

    /** Whether nothing that routing depends on changed: no topology change and no LID change. */
    public boolean isEmpty() {
        return !topologyChanged() && lidChanges.isEmpty();
    }

    /** {@code +1 -0 nodes, +2 -0 links, 1 LID changes}. */
    @Override
    public String toString() {
        return "+" + addedNodes.size() + " -" + removedNodes.size() + " nodes, +" + addedLinks.size() + " -"
                + removedLinks.size() + " links, " + lidChanges.size() + " LID changes";
    }
}
