package dev.jsm.daemon.mgmt;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.LinkEnds;
import dev.jsm.subnet.snapshot.LinkView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Links that went away, counted per port from one SUBNET UP to the next: a link of the last SUBNET UP's fabric that
 * the new one lacks (its cable pulled or failing, the node behind it gone or out of reach) counts one at each of its
 * two ends. A port that flaps shows here whether or not the performance manager runs (its LinkDownedCounter also
 * sees the flaps too quick for a sweep). At most {@value #MAX_PORTS} ports are counted one by one, the first that
 * lose a link; the links of the others count in the total only, so a fabric whose nodes keep changing GUIDs cannot
 * grow the scrape without bound. It also keeps the links that are missing now - gone at some SUBNET UP and not back
 * since - for the web console's map to draw in red (at most {@value #MAX_PORTS}).
 *
 * <p>Thread-safe: counted on the SM thread at SUBNET UP, read by the management endpoint.
 */
final class LinkDowns {

    /** The most ports counted one by one. */
    static final int MAX_PORTS = 16_384;

    /**
     * One port's count.
     *
     * @param nodeGuid its node's GUID
     * @param portNum its number
     * @param description its node's NodeDescription when it last lost a link
     * @param downs the links it lost
     */
    record Port(long nodeGuid, int portNum, String description, long downs) {
    }

    private record Key(long nodeGuid, int portNum) {
    }

    private final Map<Key, Port> ports = new HashMap<>();
    private List<LinkView> lastLinks;
    private List<NodeView> lastNodes;
    private final Set<LinkEnds> missing = new HashSet<>();
    private long links;

    /**
     * Counts the links of the last SUBNET UP's fabric that {@code now} lacks; the first SUBNET UP counts nothing.
     * Keeps only the last fabric's link and node lists, which its snapshot shares with the views refreshed after it
     * (a multicast update's), so that no older snapshot with its tables stays in memory.
     */
    synchronized void subnetUp(SubnetSnapshot now) {
        if (lastLinks != null && now.links() != lastLinks) {
            Set<LinkEnds> present = new HashSet<>();
            now.links().forEach(l -> present.add(l.ends()));
            List<LinkEnds> gone = new ArrayList<>();
            for (LinkView l : lastLinks) {
                if (!present.contains(l.ends())) {
                    gone.add(l.ends());
                }
            }
            missing.removeAll(present);
            for (LinkEnds e : gone) {
                if (missing.size() < MAX_PORTS) {
                    missing.add(e);
                }
            }
            if (!gone.isEmpty()) {
                Map<Long, String> descriptions = descriptionsOf(gone);
                for (LinkEnds e : gone) {
                    links++;
                    count(e.nodeGuidA(), e.portNumA(), descriptions.get(e.nodeGuidA()));
                    count(e.nodeGuidB(), e.portNumB(), descriptions.get(e.nodeGuidB()));
                }
            }
        }
        lastLinks = now.links();
        lastNodes = now.nodes();
    }

    /** The NodeDescriptions, in the last fabric, of the nodes at either end of {@code gone}. */
    private Map<Long, String> descriptionsOf(List<LinkEnds> gone) {
        Map<Long, String> out = new HashMap<>();
        gone.forEach(e -> {
            out.put(e.nodeGuidA(), "");
            out.put(e.nodeGuidB(), "");
        });
        for (NodeView n : lastNodes) {
            out.replace(n.nodeGuid(), n.description());
        }
        return out;
    }

    private void count(long nodeGuid, int portNum, String description) {
        Key key = new Key(nodeGuid, portNum);
        Port before = ports.get(key);
        if (before == null && ports.size() >= MAX_PORTS) {
            return;
        }
        ports.put(key, new Port(nodeGuid, portNum, description, before == null ? 1 : before.downs() + 1));
    }

    /** Links gone in all, each counted once. */
    synchronized long total() {
        return links;
    }

    /** The links gone at some SUBNET UP that the last one still lacked. */
    synchronized Set<LinkEnds> missing() {
        return Set.copyOf(missing);
    }

    /** The ports that lost a link, in node GUID then port order. */
    synchronized List<Port> ports() {
        List<Port> out = new ArrayList<>(ports.values());
        out.sort(Comparator.comparing(Port::nodeGuid, Guid::compare).thenComparingInt(Port::portNum));
        return out;
    }
}
