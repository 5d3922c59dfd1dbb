package dev.jsm.routing.chain;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingPart;
import dev.jsm.subnet.portgroup.PortGroups;
import dev.jsm.subnet.portgroup.PortSet;
import dev.jsm.subnet.snapshot.PortView;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns a topology's two port groups into a {@link RoutingPart} of the routing input: the switches with a port in
 * {@code sw-grp} and those of their ports the group lists (a switch listed whole brings all of them), and the CA and
 * router ports of {@code hca-grp} with a LID. Topology 0 is the whole fabric.
 *
 * <p>Confined to the calling thread (one routing pass).
 */
final class TopologyParts {

    private final RoutingInput in;
    private final PortGroups groups;
    private final Map<Long, Integer> endPortByGuid = new HashMap<>();

    TopologyParts(RoutingInput in, PortGroups groups) {
        this.in = in;
        this.groups = groups;
        long[] guids = in.endPortGuid();
        for (int e = 0; e < guids.length; e++) {
            endPortByGuid.put(guids[e], e);
        }
    }

    /** The part of {@code topology}. */
    RoutingPart part(TopologyPolicy.Topology topology) {
        BitSet switches = new BitSet();
        BitSet ports = new BitSet();
        for (PortView p : groups.get(topology.switchGroup()).ports()) {
            int sw = in.switchIndexOf(p.nodeGuid());
            if (sw >= 0 && p.portNum() <= in.switchNumPorts()[sw]) {
                switches.set(sw);
                ports.set(in.portStart()[sw] + p.portNum());
            }
        }
        BitSet ends = new BitSet();
        PortSet cas = groups.get(topology.caGroup());
        for (PortView p : cas.ports()) {
            Integer e = p.endPortIndex() >= 0 ? endPortByGuid.get(p.portGuid()) : null;
            if (e != null && !in.endPortIsSwitch()[e]) {
                ends.set(e);
            }
        }
        return RoutingPart.of(in, switches, ports, ends);
    }
}
