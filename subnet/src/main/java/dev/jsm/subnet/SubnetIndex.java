package dev.jsm.subnet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * The dense index tables of one structural state of a {@link Subnet}: nodes and switches in unsigned node-GUID
 * order, physical ports node-major in port-number order, end ports and links in physical-port order. Building it
 * stamps every object with its index; {@link #clear()} takes the stamps back when the subnet changes.
 *
 * <p>Confined to the sweep thread.
 */
final class SubnetIndex {

    final Node[] nodes;
    final Switch[] switches;
    final PhysPort[] ports;
    final EndPort[] endPorts;
    final Link[] links;

    SubnetIndex(Collection<Node> nodeSet, Collection<Link> linkSet) {
        nodes = nodeSet.toArray(new Node[0]);
        Arrays.sort(nodes, (x, y) -> Guid.compare(x.nodeGuid(), y.nodeGuid()));
        List<Switch> sw = new ArrayList<>();
        List<PhysPort> pp = new ArrayList<>();
        List<EndPort> ep = new ArrayList<>();
        for (int i = 0; i < nodes.length; i++) {
            Node n = nodes[i];
            n.setIndex(i);
            if (n.isSwitch()) {
                n.asSwitch().setIndex(sw.size());
                sw.add(n.asSwitch());
            }
            for (PhysPort p : n.ports()) {
                p.setIndex(pp.size());
                pp.add(p);
                if (p.endPort() != null) {
                    p.endPort().setIndex(ep.size());
                    ep.add(p.endPort());
                }
            }
        }
        switches = sw.toArray(new Switch[0]);
        ports = pp.toArray(new PhysPort[0]);
        endPorts = ep.toArray(new EndPort[0]);
        links = linkSet.toArray(new Link[0]);
        Arrays.sort(links, (x, y) -> Integer.compare(x.a().index(), y.a().index()));
        for (int i = 0; i < links.length; i++) {
            links[i].setIndex(i);
        }
    }

    /** Resets every index stamped by this table to -1. */
    void clear() {
        for (Node n : nodes) {
            n.setIndex(-1);
            if (n.isSwitch()) {
                n.asSwitch().setIndex(-1);
            }
        }
        for (PhysPort p : ports) {
            p.setIndex(-1);
        }
        for (EndPort e : endPorts) {
            e.setIndex(-1);
        }
        for (Link l : links) {
            l.setIndex(-1);
        }
    }
}
