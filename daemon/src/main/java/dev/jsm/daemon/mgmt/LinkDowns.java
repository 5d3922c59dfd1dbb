package dev.jsm.daemon.mgmt;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.LinkEnds;
import dev.jsm.subnet.snapshot.LinkView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetDiff;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Links that went away, counted per port from one SUBNET UP to the next: a link of the last SUBNET UP's fabric that
 * the new one lacks (its cable pulled or failing, the node behind it gone or out of reach) counts one at each of its
 * two ends. A port that flaps shows here whether or not the performance manager runs (its LinkDownedCounter also
 * sees the flaps too quick for a sweep). At most {@value #MAX_PORTS} ports are counted one by one, the first that
 * lose a link; the links of the others count in the total only, so a fabric whose nodes keep changing GUIDs cannot
 * grow the scrape without bound.
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
    private SubnetSnapshot last;
    private long links;

    /** Counts the links of the last SUBNET UP's fabric that {@code now} lacks; the first SUBNET UP counts nothing. */
    synchronized void subnetUp(SubnetSnapshot now) {
        if (last != null) {
            for (LinkView gone : SubnetDiff.between(last, now).removedLinks()) {
                links++;
                LinkEnds e = gone.ends();
                count(e.nodeGuidA(), e.portNumA());
                count(e.nodeGuidB(), e.portNumB());
            }
        }
        last = now;
    }

    private void count(long nodeGuid, int portNum) {
        Key key = new Key(nodeGuid, portNum);
        Port before = ports.get(key);
        if (before == null && ports.size() >= MAX_PORTS) {
            return;
        }
        NodeView node = last.node(nodeGuid);
        String description = node != null ? node.description() : before != null ? before.description() : "";
        ports.put(key, new Port(nodeGuid, portNum, description, before == null ? 1 : before.downs() + 1));
    }

    /** Links gone in all, each counted once. */
    synchronized long total() {
        return links;
    }

    /** The ports that lost a link, in node GUID then port order. */
    synchronized List<Port> ports() {
        List<Port> out = new ArrayList<>(ports.values());
        out.sort(Comparator.comparing(Port::nodeGuid, Guid::compare).thenComparingInt(Port::portNum));
        return out;
    }
}
