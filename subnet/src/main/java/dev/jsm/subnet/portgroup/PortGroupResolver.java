package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks the ports of each definition of a {@link PortGroupPolicy} in one fabric: each definition once (memoised),
 * a set operation after the groups it names. Confined to the calling thread.
 */
final class PortGroupResolver {

    private final PortGroupFabric fabric;
    private final SubnetSnapshot snapshot;
    private final List<PortGroupPolicy.Definition> definitions;
    private final BitSet[] resolved;

    PortGroupResolver(PortGroupFabric fabric, List<PortGroupPolicy.Definition> definitions) {
        this.fabric = fabric;
        this.snapshot = fabric.snapshot();
        this.definitions = definitions;
        this.resolved = new BitSet[definitions.size()];
    }

    PortGroups resolveAll() {
        Map<String, PortSet> groups = new LinkedHashMap<>();
        for (String name : PortGroups.PREDEFINED) {
            groups.put(name, new PortSet(snapshot, predefined(name)));
        }
        for (int i = 0; i < definitions.size(); i++) {
            groups.put(definitions.get(i).name(), new PortSet(snapshot, definition(i)));
        }
        return new PortGroups(groups);
    }

    private BitSet definition(int i) {
        if (resolved[i] == null) {
            BitSet out = new BitSet();
            for (PortRule r : definitions.get(i).rules()) {
                add(r, out);
            }
            resolved[i] = out;
        }
        return resolved[i];
    }

    private BitSet group(PortRule.GroupRef ref) {
        return ref.definition() < 0 ? predefined(ref.name()) : definition(ref.definition());
    }

    private void add(PortRule rule, BitSet out) {
        if (rule instanceof PortRule.Guid g) {
            addGuid(g, out);
        } else if (rule instanceof PortRule.GuidRange r) {
            for (NodeView n : snapshot.nodes()) {
                if (r.covers(n.nodeGuid()) || endPortGuidIn(n, r)) {
                    PortRule.addPorts(snapshot, n, null, out);
                }
            }
        } else if (rule instanceof PortRule.HostName h) {
            for (NodeView n : snapshot.nodes()) {
                if (h.matches(n)) {
                    addNode(n, h.portNum(), out);
                }
            }
        } else if (rule instanceof PortRule.Regexp x) {
            for (NodeView n : snapshot.nodes()) {
                if (x.pattern().matcher(n.description()).lookingAt()) {
                    addNode(n, x.portNum(), out);
                }
            }
        } else if (rule instanceof PortRule.Partition part) {
            for (EndPortView e : snapshot.endPorts()) {
                if (fabric.partitions().isMember(part.name(), e.portGuid())) {
                    out.set(e.portIndex());
                }
            }
        } else if (rule instanceof PortRule.NodeTypes t) {
            for (NodeView n : snapshot.nodes()) {
                if (t.kinds().contains(n.kind())) {
                    PortRule.addPorts(snapshot, n, null, out);
                }
            }
            EndPortView self = t.self() ? snapshot.endPort(fabric.smPortGuid()) : null;
            if (self != null) {
                out.set(self.portIndex());
            }
        } else if (rule instanceof PortRule.SetOperation op) {
            BitSet result = (BitSet) group(op.first()).clone();
            if (op.subtract()) {
                result.andNot(group(op.second()));
            } else {
                result.or(group(op.second()));
            }
            out.or(result);
        }
    }

    /** Adds port {@code portNum} of node {@code n}, or all its ports for -1. */
    private void addNode(NodeView n, int portNum, BitSet out) {
        for (PortView p : snapshot.portsOf(n)) {
            if (portNum < 0 || p.portNum() == portNum) {
                out.set(p.index());
            }
        }
    }

    private void addGuid(PortRule.Guid g, BitSet out) {
        NodeView node = snapshot.node(g.guid());
        if (node != null) {
            PortRule.addPorts(snapshot, node, g.portNums(), out);
            return;
        }
        EndPortView e = snapshot.endPort(g.guid());
        if (e == null) {
            return;
        }
        NodeView owner = snapshot.nodes().get(e.nodeIndex());
        if (owner.isSwitch()) {
            PortRule.addPorts(snapshot, owner, g.portNums(), out);
        } else if (PortRule.listed(g.portNums(), snapshot.ports().get(e.portIndex()).portNum())) {
            out.set(e.portIndex());
        }
    }

    private boolean endPortGuidIn(NodeView n, PortRule.GuidRange r) {
        for (PortView p : snapshot.portsOf(n)) {
            if (p.endPortIndex() >= 0 && r.covers(p.portGuid())) {
                return true;
            }
        }
        return false;
    }

    private BitSet predefined(String name) {
        BitSet out = new BitSet();
        for (NodeView n : snapshot.nodes()) {
            boolean in = switch (name) {
                case PortGroups.ALL -> true;
                case PortGroups.ALL_SWITCHES -> n.kind() == NodeKind.SWITCH;
                case PortGroups.ALL_CAS -> n.kind() == NodeKind.CA;
                case PortGroups.ALL_ROUTERS -> n.kind() == NodeKind.ROUTER;
                default -> throw new IllegalArgumentException("not a predefined port group: " + name);
            };
            if (in) {
                PortRule.addPorts(snapshot, n, null, out);
            }
        }
        return out;
    }
}
