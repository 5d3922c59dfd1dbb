package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.routing.torus.TorusPlacement;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.LinkEnds;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The web console's fabric map ({@code /api/map}), aggregated so that the browser draws switches only: each switch
 * with its level, its hosts (CAs and routers cabled to it) counted and their links' worst {@link LinkHealth}, and the
 * switch-to-switch links merged per pair of switches (cable count, worst health, traffic). A pair's traffic is the sum
 * over its cables of the data bytes per second both ways, each cable's rate read at whichever end the performance
 * manager read ({@link PerfRates}, as the error colours), -1 when it has not read either end twice. Switches are
 * placed by level: a switch with hosts is level 0 (a leaf), any other its hop distance to the nearest leaf, so a fat
 * tree's leaves, spines and cores come out as rows. When torus-2QoS routed, each switch it placed also has its torus
 * coordinates ({@link TorusLayout}) and the layout is {@code torus}. Links gone since an earlier SUBNET UP
 * ({@link LinkDowns#missing}) are listed as missing.
 *
 * <p>Stateless; built on netty's event loop from the published view, never from the SM's model.
 */
final class FabricMapJson {

    private FabricMapJson() {
    }

    /** The map of {@code view}'s fabric; {@code torus} the placement to draw it by, or {@code null} for levels. */
    static String render(FabricView view, NodeNameMap names, PerfRates.Readings perf, Set<LinkEnds> missing,
                         TorusPlacement torus) {
        SubnetSnapshot snap = view.snapshot();
        List<SwitchView> switches = snap.switches();
        int n = switches.size();
        Map<Long, Integer> ordinal = new HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
            ordinal.put(switches.get(i).nodeGuid(), i);
        }
        int[] hosts = new int[n];
        LinkHealth[] hostHealth = new LinkHealth[n];
        Arrays.fill(hostHealth, LinkHealth.OK);
        double[] errors = new double[n];
        Map<Long, Trunk> trunks = new HashMap<>();
        for (int i = 0; i < n; i++) {
            NodeView node = snap.nodes().get(switches.get(i).nodeIndex());
            for (PortView port : snap.portsOf(node)) {
                if (port.portNum() == 0 || !port.isConnected()) {
                    continue;
                }
                PortView peer = snap.peer(port);
                NodeView other = snap.nodeOf(peer);
                double errorRate = perf.errorRate(node.nodeGuid(), port.portNum())
                        + perf.errorRate(other.nodeGuid(), peer.portNum());
                errors[i] += perf.errorRate(node.nodeGuid(), port.portNum());
                LinkHealth health = LinkHealth.of(port, peer, errorRate);
                Integer j = other.isSwitch() ? ordinal.get(other.nodeGuid()) : null;
                if (j == null) {
                    hosts[i]++;
                    hostHealth[i] = hostHealth[i].worse(health);
                } else if (i <= j) {
                    Trunk t = trunks.computeIfAbsent((long) i << 32 | j, k -> new Trunk());
                    t.cables++;
                    t.health = t.health.worse(health);
                    double rate = Math.max(perf.bytesPerSecond(node.nodeGuid(), port.portNum()),
                            perf.bytesPerSecond(other.nodeGuid(), peer.portNum()));
                    if (rate >= 0) {
                        t.bytesPerSecond = Math.max(0, t.bytesPerSecond) + rate;
                    }
                }
            }
        }
        int[] hostsMissing = new int[n];
        for (LinkEnds e : missing) {
            Integer a = ordinal.get(e.nodeGuidA());
            Integer b = ordinal.get(e.nodeGuidB());
            if (a != null && b != null) {
                Trunk t = trunks.computeIfAbsent((long) Math.min(a, b) << 32 | Math.max(a, b), k -> new Trunk());
                t.missing++;
            } else if (a != null || b != null) {
                hostsMissing[a != null ? a : b]++;
            }
        }
        int[] level = levels(n, hosts, trunks);
        JsonText out = new JsonText(256 + n * 160 + trunks.size() * 32).beginObject(null);
        out.number("sweep", view.sweep()).string("layout", torus == null ? "levels" : "torus");
        out.number("levels", Arrays.stream(level).max().orElse(-1) + 1);
        if (torus != null) {
            out.beginArray("radix");
            for (int r : torus.radix()) {
                out.number(null, r);
            }
            out.endArray();
        }
        out.beginArray("health");
        for (LinkHealth h : LinkHealth.values()) {
            out.string(null, h.label());
        }
        out.endArray().beginArray("switches");
        for (int i = 0; i < n; i++) {
            NodeView node = snap.nodes().get(switches.get(i).nodeIndex());
            out.beginObject(null).string("guid", Guid.toString(node.nodeGuid()))
                    .string("name", names.name(node.nodeGuid(), node.description())).number("level", level[i])
                    .number("hosts", hosts[i]).number("hostHealth", hostHealth[i].ordinal())
                    .number("hostsMissing", hostsMissing[i]).decimal("errorRate", errors[i]);
            int[] at = torus == null ? null : torus.of(node.nodeGuid());
            if (at != null) {
                out.beginArray("coord").number(null, at[0]).number(null, at[1]).number(null, at[2]).endArray();
            }
            out.endObject();
        }
        out.endArray().beginArray("links");
        for (Map.Entry<Long, Trunk> e : trunks.entrySet()) {
            Trunk t = e.getValue();
            LinkHealth h = t.missing > 0 ? LinkHealth.MISSING : t.health;
            out.beginArray(null).number(null, e.getKey() >>> 32).number(null, e.getKey() & 0xffffffffL)
                    .number(null, t.cables).number(null, h.ordinal()).number(null, t.missing)
                    .decimal(null, t.bytesPerSecond).endArray();
        }
        return out.endArray().endObject().toString();
    }

    /** Level 0 for switches with hosts, else the hop distance to the nearest; unreached switches one row above. */
    static int[] levels(int n, int[] hosts, Map<Long, Trunk> trunks) {
        List<List<Integer>> adjacent = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            adjacent.add(new ArrayList<>());
        }
        for (Map.Entry<Long, Trunk> e : trunks.entrySet()) {
            if (e.getValue().cables == 0) {
                continue;
            }
            int a = (int) (e.getKey() >>> 32);
            int b = (int) (e.getKey() & 0xffffffffL);
            adjacent.get(a).add(b);
            adjacent.get(b).add(a);
        }
        int[] level = new int[n];
        Arrays.fill(level, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (hosts[i] > 0) {
                level[i] = 0;
                queue.add(i);
            }
        }
        boolean leaves = !queue.isEmpty();
        int max = 0;
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int t : adjacent.get(s)) {
                if (level[t] < 0) {
                    level[t] = level[s] + 1;
                    max = Math.max(max, level[t]);
                    queue.add(t);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (level[i] < 0) {
                level[i] = leaves ? max + 1 : 0;
            }
        }
        return level;
    }

    /** The cables between one pair of switches. */
    static final class Trunk {
        int cables;
        int missing;
        LinkHealth health = LinkHealth.OK;
        double bytesPerSecond = -1;
    }
}
