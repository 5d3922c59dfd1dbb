package dev.jsm.sim.topo;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape keys that apply to any generated fabric and change its ports rather than its cabling
 * ({@link TopologyShapes}): {@code routers=N} turns the last {@code N} hosts into routers ({@code router-0} ..., node
 * type 3, same cables) whose port GUIDInfo holds {@code router-aliases} [1] alias GUIDs (port GUID + {@code j << 32}
 * for alias {@code j}); {@code speed} and {@code width} give every port that speed and width;
 * {@code host-speeds=a/b/..} gives the cable of the {@code i}-th host or router (in node order) speed {@code i mod n}
 * of the list at both ends, for a fabric of mixed speeds ({@code fat2:k=8,speed=ndr,host-speeds=edr/hdr/ndr/xdr}).
 *
 * <p>Immutable.
 *
 * @param routers hosts to turn into routers (0: none)
 * @param routerAliases alias GUIDs per router port
 * @param speed every port's speed, or null for ibsim's default
 * @param width every port's width, or null for ibsim's default
 * @param hostSpeeds the speeds of host cables in turn (empty: as {@code speed})
 */
record ShapeOptions(int routers, int routerAliases, LinkSpeed speed, LinkWidth width, List<LinkSpeed> hostSpeeds) {

    ShapeOptions {
        hostSpeeds = List.copyOf(hostSpeeds);
        if (routers < 0 || routerAliases < 0 || routerAliases > AliasDirective.MAX_ALIASES) {
            throw new IllegalArgumentException("expected routers >= 0 and router-aliases 0.."
                    + AliasDirective.MAX_ALIASES);
        }
    }

    /** The speeds of a {@code host-speeds} value ({@code edr/hdr/ndr}). */
    static List<LinkSpeed> speeds(String list) {
        List<LinkSpeed> out = new ArrayList<>();
        for (String s : list.split("/", -1)) {
            out.add(LinkSpeed.of(s));
        }
        return out;
    }

    /**
     * {@code t} with these options applied.
     *
     * @throws IllegalArgumentException if the fabric has fewer hosts than {@code routers}
     */
    Topology apply(Topology t) {
        if (routers == 0 && speed == null && width == null && hostSpeeds.isEmpty()) {
            return t;
        }
        Topology out = routers == 0 ? t : withRouters(t);
        PortOptions.Builder o = out.portOptions().toBuilder();
        for (int n = 0; n < out.nodeCount(); n++) {
            for (int p = 1; p <= out.node(n).numPorts(); p++) {
                o.width(n, p, width).speed(n, p, speed);
            }
        }
        int host = 0;
        for (int n = 0; n < out.nodeCount() && !hostSpeeds.isEmpty(); n++) {
            TopoNode node = out.node(n);
            if (node.kind() == NodeKind.SWITCH) {
                continue;
            }
            for (int p = 1; p <= node.numPorts(); p++) {
                int peer = out.peerNode(n, p);
                if (peer >= 0) {
                    LinkSpeed s = hostSpeeds.get(host++ % hostSpeeds.size());
                    o.speed(n, p, s).speed(peer, out.peerPort(n, p), s);
                }
            }
        }
        return out.withPortOptions(o.build());
    }

    /** The last {@code routers} CAs become routers with their alias GUIDs. */
    private Topology withRouters(Topology t) {
        List<Integer> cas = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.CA) {
                cas.add(n);
            }
        }
        if (cas.size() < routers) {
            throw new IllegalArgumentException("routers=" + routers + " but the fabric has " + cas.size() + " hosts");
        }
        List<Integer> turned = cas.subList(cas.size() - routers, cas.size());
        Topology.Builder b = Topology.builder();
        for (int n = 0; n < t.nodeCount(); n++) {
            TopoNode c = t.node(n);
            int r = turned.indexOf(n);
            b.addNode(r < 0 ? c : new TopoNode(NodeKind.ROUTER, "router-" + r, c.nodeGuid(), c.systemImageGuid(),
                    c.numPorts(), c.portGuids(), c.vendorId(), c.deviceId(), "router-" + r));
        }
        for (TopoLink l : t.links()) {
            b.link(l.nodeA(), l.portA(), l.nodeB(), l.portB());
        }
        PortOptions.Builder o = t.portOptions().toBuilder();
        for (int n : turned) {
            for (int p = 1; p <= t.node(n).numPorts() && routerAliases > 0; p++) {
                long[] aliases = new long[routerAliases];
                for (int j = 1; j <= routerAliases; j++) {
                    aliases[j - 1] = t.node(n).portGuid(p) + ((long) j << 32);
                }
                o.aliasGuids(n, p, aliases);
            }
        }
        return b.build().withPortOptions(o.build());
    }
}
