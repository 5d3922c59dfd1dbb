package dev.jsm.partitions;

import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.LinkView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * Computes the P_Key tables and enforcement bits of a whole fabric for a {@link PartitionSet}, as OpenSM's partition
 * manager does in each heavy sweep: every end port gets its table; the switch port facing each CA or router gets the
 * same keys (compacted) and the {@code part_enforce} bits the switch supports (SwitchInfo Inbound/
 * OutboundEnforcementCap), if it enforces partitions at all (PartitionEnforcementCap &gt; 0); switch ports on
 * switch-to-switch links get enforcement off. Only blocks that differ from what a port holds are listed for sending.
 *
 * <p>Stateless; thread-safe. Sends nothing: the daemon's programming stage turns the plan into MADs.
 *
 * <p>In detail: docs/design/partitions.md#pkeyplanner.
 */
public final class PKeyPlanner {

    private PKeyPlanner() {
    }

    /**
     * Plans the fabric in {@code snapshot}.
     *
     * @param held what ports hold now
     */
    public static PKeyPlan plan(SubnetSnapshot snapshot, PartitionSet set, HeldPKeyTables held,
                                PKeyOptions options) {
        List<PortPKeyPlan> all = new ArrayList<>();
        List<PKeyCapacityProblem> problems = plan(snapshot, set, held, options, all::add);
        return new PKeyPlan(all, problems);
    }

    /**
     * Plans the fabric in {@code snapshot} and hands each port's plan to {@code sink} as soon as it is known: each
     * end port, followed by the switch port facing it (for a CA or router), then the ports of switch-to-switch links.
     * The caller can start sending while the rest of the fabric is being planned.
     *
     * @param held what ports hold now
     * @return the ports that cannot hold their partitions
     */
    public static List<PKeyCapacityProblem> plan(SubnetSnapshot snapshot, PartitionSet set, HeldPKeyTables held,
                                                 PKeyOptions options, Consumer<PortPKeyPlan> sink) {
        List<PKeyCapacityProblem> problems = new ArrayList<>();
        for (EndPortView ep : snapshot.endPorts()) {
            NodeView node = snapshot.nodes().get(ep.nodeIndex());
            PortView port = snapshot.portOf(ep);
            int cap = node.partitionCap();
            PortPKeyTable heldTable = held.held(node.nodeGuid(), port.portNum());
            PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(endPortKeys(snapshot, set, ep),
                    set.indx0PKeyOf(ep.portGuid()), heldTable, cap, options);
            sink.accept(new PortPKeyPlan(node.nodeGuid(), port.portNum(), p.table(),
                    blocks(p.table().changedBlocks(heldTable)), null, false));
            if (!p.complete()) {
                problems.add(problem(node, port.portNum(), cap, p, false));
            }
            if (!node.isSwitch()) {
                PortPKeyPlan sp = facingSwitchPort(snapshot, port, p.table(), held, options, problems);
                if (sp != null) {
                    sink.accept(sp);
                }
            }
        }
        for (LinkView link : snapshot.links()) {
            PortView a = snapshot.ports().get(link.portIndexA());
            PortView b = snapshot.ports().get(link.portIndexB());
            if (isSwitch(snapshot, a) && isSwitch(snapshot, b)) {
                sink.accept(enforcementOnly(a, PartEnforce.OFF));
                sink.accept(enforcementOnly(b, PartEnforce.OFF));
            }
        }
        return problems;
    }

    /**
     * Plans the P_Key table of every virtual port in {@code snapshot} from its own memberships, handing each plan to
     * {@code sink} in the snapshot's vport order. The capacity is the vport's VPartitionCap.
     *
     * @param held what vports hold now
     * @return the vports that cannot hold their partitions
     */
    public static List<PKeyCapacityProblem> planVPorts(SubnetSnapshot snapshot, PartitionSet set,
                                                       HeldVPortPKeyTables held, PKeyOptions options,
                                                       Consumer<VPortPKeyPlan> sink) {
        List<PKeyCapacityProblem> problems = new ArrayList<>();
        for (VPortView v : snapshot.vports()) {
            EndPortView ep = snapshot.endPorts().get(v.endPortIndex());
            int cap = v.vnode().partitionCap();
            PortPKeyTable heldTable = held.held(ep.portGuid(), v.vportIndex());
            PKeyTableBuilder.Placement p = PKeyTableBuilder.endPort(set.pkeysOf(v.guid()), set.indx0PKeyOf(v.guid()),
                    heldTable, cap, options);
            sink.accept(new VPortPKeyPlan(ep.portGuid(), v.vportIndex(), v.guid(), p.table(),
                    blocks(p.table().changedBlocks(heldTable))));
            if (!p.complete()) {
                NodeView node = snapshot.nodes().get(v.nodeIndex());
                List<Integer> dropped = new ArrayList<>();
                for (int k : p.dropped()) {
                    dropped.add(k);
                }
                problems.add(new PKeyCapacityProblem(node.nodeGuid(), snapshot.ports().get(v.portIndex()).portNum(),
                        v + " of " + node, cap, p.table().used() + p.dropped().length, dropped, false));
            }
        }
        return problems;
    }

    /** The keys of {@code ep}'s own table: its own, then those of its vports other than vport 0 (its own). */
    private static int[] endPortKeys(SubnetSnapshot snapshot, PartitionSet set, EndPortView ep) {
        int[] own = set.pkeysOf(ep.portGuid());
        List<VPortView> vports = snapshot.vports().isEmpty() ? List.of() : snapshot.vportsOf(ep);
        if (vports.isEmpty()) {
            return own;
        }
        int[] all = own;
        for (VPortView v : vports) {
            if (v.vportIndex() != 0) {
                int[] keys = set.pkeysOf(v.guid());
                int[] grown = Arrays.copyOf(all, all.length + keys.length);
                System.arraycopy(keys, 0, grown, all.length, keys.length);
                all = grown;
            }
        }
        return all;
    }

    private static PortPKeyPlan facingSwitchPort(SubnetSnapshot snapshot, PortView port, PortPKeyTable endTable,
                                                 HeldPKeyTables held, PKeyOptions options,
                                                 List<PKeyCapacityProblem> problems) {
        PortView peer = snapshot.peer(port);
        if (peer == null || !isSwitch(snapshot, peer)) {
            return null;
        }
        NodeView sw = snapshot.nodes().get(peer.nodeIndex());
        SwitchAttributes attrs = snapshot.switchOf(sw).attributes();
        int cap = attrs.partitionEnforcementCap();
        if (cap == 0) {
            return null;
        }
        if (options.partEnforce() == PartEnforce.OFF) {
            return enforcementOnly(peer, PartEnforce.OFF);
        }
        PKeyTableBuilder.Placement p = PKeyTableBuilder.switchPort(endTable, cap);
        PartEnforce enforce = options.partEnforce().supportedBy(attrs.inboundEnforcementCap(),
                attrs.outboundEnforcementCap());
        if (!p.complete()) {
            enforce = PartEnforce.OFF;
            problems.add(problem(sw, peer.portNum(), cap, p, true));
        }
        PortPKeyTable heldTable = held.held(sw.nodeGuid(), peer.portNum());
        return new PortPKeyPlan(sw.nodeGuid(), peer.portNum(), p.table(), blocks(p.table().changedBlocks(heldTable)),
                enforce, !matches(enforce, peer.attributes()));
    }

    private static PortPKeyPlan enforcementOnly(PortView port, PartEnforce enforce) {
        return new PortPKeyPlan(port.nodeGuid(), port.portNum(), null, List.of(), enforce,
                !matches(enforce, port.attributes()));
    }

    private static boolean matches(PartEnforce enforce, PortAttributes a) {
        return enforce.matches(a.partitionEnforcementInbound(), a.partitionEnforcementOutbound());
    }

    private static boolean isSwitch(SubnetSnapshot snapshot, PortView port) {
        return snapshot.nodes().get(port.nodeIndex()).isSwitch();
    }

    private static PKeyCapacityProblem problem(NodeView node, int portNum, int cap, PKeyTableBuilder.Placement p,
                                               boolean enforcementCleared) {
        List<Integer> dropped = new ArrayList<>();
        for (int k : p.dropped()) {
            dropped.add(k);
        }
        return new PKeyCapacityProblem(node.nodeGuid(), portNum, node.toString(), cap,
                p.table().used() + p.dropped().length, dropped, enforcementCleared);
    }

    private static List<Integer> blocks(int[] changed) {
        List<Integer> out = new ArrayList<>(changed.length);
        for (int b : changed) {
            out.add(b);
        }
        return Collections.unmodifiableList(out);
    }
}
