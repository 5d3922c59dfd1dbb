package dev.jsm.routing.repair;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A generated fabric the tests change step by step, as discovery and the LID manager would see it: cables between
 * switches down and up, switches gone and back (with their cables and LID), CA cables down and up, hosts moved to
 * another switch (two hosts swap their cables), LIDs changed. Each step returns a description; {@link #input()} is
 * the routing input of the fabric as it is now. Deterministic for a seed.
 */
final class FabricChanges {

    private static final int MAX_CABLES_DOWN = 6;
    private static final int MAX_SWITCHES_DOWN = 2;

    private final Subnet subnet;
    private final int lmc;
    private final SplittableRandom random;
    private final List<PhysPort[]> cablesDown = new ArrayList<>();
    private final List<PhysPort[]> hostsDown = new ArrayList<>();
    private final List<GoneNode> switchesDown = new ArrayList<>();
    private int nextLid;

    FabricChanges(String shape, int lmc, long seed) {
        this.subnet = TopologyModel.subnet(TopologyShapes.parse(shape), lmc);
        this.lmc = lmc;
        this.random = new SplittableRandom(seed);
        for (EndPort e : subnet.endPorts()) {
            nextLid = Math.max(nextLid, e.lidRange().base() + e.lidRange().count());
        }
    }

    /** The model as it is now. */
    Subnet subnet() {
        return subnet;
    }

    /** The routing input of the fabric as it is now. */
    RoutingInput input() {
        subnet.index();
        return RoutingInput.from(SubnetSnapshot.of(subnet), lmc);
    }

    /** One random change; the description says which. */
    String randomStep() {
        for (int attempt = 0; attempt < 20; attempt++) {
            String done = switch (random.nextInt(10)) {
                case 0, 1, 2 -> cableDown();
                case 3, 4 -> cableUp();
                case 5 -> switchDown();
                case 6 -> switchUp();
                case 7 -> random.nextBoolean() ? caDown() : caUp();
                case 8 -> hostsSwapped();
                default -> lidChanged();
            };
            if (done != null) {
                return done;
            }
        }
        return "nothing";
    }

    /** A random cable between two switches goes down; {@code null} if too many are down already. */
    String cableDown() {
        if (cablesDown.size() >= MAX_CABLES_DOWN) {
            return null;
        }
        List<Link> links = sorted(subnet.links(), true);
        if (links.isEmpty()) {
            return null;
        }
        Link l = links.get(random.nextInt(links.size()));
        subnet.disconnect(l.a());
        cablesDown.add(new PhysPort[] {l.a(), l.b()});
        return "cable down " + l;
    }

    /** A cable that went down comes back; {@code null} if none can. */
    String cableUp() {
        for (int i = 0; i < cablesDown.size(); i++) {
            PhysPort[] c = cablesDown.get(i);
            if (attached(c[0]) && attached(c[1]) && c[0].link() == null && c[1].link() == null) {
                cablesDown.remove(i);
                subnet.connect(c[0], c[1]);
                return "cable up " + c[0] + " - " + c[1];
            }
        }
        return null;
    }

    /** A random switch leaves with its cables (its CAs stay, unreachable); {@code null} if too many are gone. */
    String switchDown() {
        if (switchesDown.size() >= MAX_SWITCHES_DOWN) {
            return null;
        }
        List<Node> switches = nodes(true);
        Node sw = switches.get(random.nextInt(switches.size()));
        for (PhysPort port : sw.ports()) {
            if (port.remote() != null && !port.remote().node().isSwitch()) {
                hostsDown.add(new PhysPort[] {port.remote(), null});
            }
        }
        cablesDown.removeIf(c -> c[0].node() == sw || c[1].node() == sw);
        switchesDown.add(GoneNode.remove(subnet, sw));
        return "switch gone " + Guid.toString(sw.nodeGuid());
    }

    /** A switch that left comes back with its LID (or a new one) and the cables whose other end is free. */
    String switchUp() {
        if (switchesDown.isEmpty()) {
            return null;
        }
        GoneNode g = switchesDown.remove(random.nextInt(switchesDown.size()));
        Node sw = g.restore(subnet, () -> nextLid++);
        for (PhysPort port : sw.ports()) {
            hostsDown.removeIf(h -> h[0] == port.remote());
        }
        return "switch back " + Guid.toString(g.guid());
    }

    /** A random CA cable goes down (the CA stays in the model, unreachable). */
    String caDown() {
        List<Link> links = sorted(subnet.links(), false);
        Link l = links.get(random.nextInt(links.size()));
        PhysPort ca = l.a().node().isSwitch() ? l.b() : l.a();
        subnet.disconnect(ca);
        hostsDown.add(new PhysPort[] {ca, l.other(ca)});
        return "CA cable down " + ca;
    }

    /** A CA cable that went down comes back where it was, if that port is free. */
    String caUp() {
        for (int i = 0; i < hostsDown.size(); i++) {
            PhysPort[] h = hostsDown.get(i);
            if (h[1] != null && attached(h[1]) && h[1].link() == null) {
                hostsDown.remove(i);
                subnet.connect(h[0], h[1]);
                return "CA cable up " + h[0];
            }
        }
        return null;
    }

    /** Two hosts on different switches swap their cables: each keeps its LIDs and moves to the other's switch. */
    String hostsSwapped() {
        List<Link> links = sorted(subnet.links(), false);
        Link a = links.get(random.nextInt(links.size()));
        Link b = links.get(random.nextInt(links.size()));
        PhysPort caA = a.a().node().isSwitch() ? a.b() : a.a();
        PhysPort caB = b.a().node().isSwitch() ? b.b() : b.a();
        PhysPort swA = a.other(caA);
        PhysPort swB = b.other(caB);
        if (swA.node() == swB.node()) {
            return null;
        }
        subnet.disconnect(caA);
        subnet.disconnect(caB);
        subnet.connect(caA, swB);
        subnet.connect(caB, swA);
        return "hosts moved " + caA + " to " + swB + ", " + caB + " to " + swA;
    }

    /** A random CA port gets a new LID range past every LID in use. */
    String lidChanged() {
        List<EndPort> cas = new ArrayList<>();
        for (EndPort e : subnet.endPorts()) {
            if (!e.node().isSwitch() && e.hasLids()) {
                cas.add(e);
            }
        }
        cas.sort(Comparator.comparingLong(EndPort::portGuid));
        EndPort e = cas.get(random.nextInt(cas.size()));
        int size = 1 << lmc;
        nextLid = (nextLid + size - 1) / size * size;
        subnet.assignLids(e, LidRange.of(nextLid, lmc));
        nextLid += size;
        return "LID changed " + e + " to " + e.lidRange();
    }

    private boolean attached(PhysPort p) {
        return subnet.node(p.node().nodeGuid()) == p.node();
    }

    private List<Link> sorted(Iterable<Link> all, boolean switchToSwitch) {
        List<Link> out = new ArrayList<>();
        for (Link l : all) {
            if (l.isSwitchToSwitch() == switchToSwitch) {
                out.add(l);
            }
        }
        out.sort(Comparator.comparingLong((Link l) -> l.a().node().nodeGuid()).thenComparingInt(l -> l.a().portNum())
                .thenComparingLong(l -> l.b().node().nodeGuid()).thenComparingInt(l -> l.b().portNum()));
        return out;
    }

    private List<Node> nodes(boolean switches) {
        List<Node> out = new ArrayList<>();
        for (Node n : subnet.nodes()) {
            if (n.isSwitch() == switches) {
                out.add(n);
            }
        }
        out.sort(Comparator.comparingLong(Node::nodeGuid));
        return out;
    }
}
