package dev.jsm.routing.testing;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VNodeAttributes;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;
import dev.jsm.subnet.VirtualizationAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Virtual ports added to a model made by {@link TopologyModel}, as discovery and the LID manager would leave them
 * (docs/virtualization.md): vports 0..n behind every CA port, the odd ones with a LID of their own.
 *
 * <p>Stateless; thread-safe.
 */
public final class VPortFabrics {

    private VPortFabrics() {
    }

    /**
     * Gives every CA end port of {@code s} vports 0..{@code perPort}, Active; each odd one gets a LID of its own, above
     * every LID in use, except that with {@code belowTheirPort} each port first moves to LIDs above every LID in use
     * and its first vport with a LID takes the port's old base LID, so that vport LIDs lie below their port's.
     *
     * @return the vports with LIDs of their own, in CA port GUID order
     */
    public static List<VPort> addVPorts(Subnet s, int perPort, boolean belowTheirPort) {
        List<EndPort> cas = new ArrayList<>();
        int next = 1;
        for (EndPort ep : s.endPorts()) {
            if (ep.node().kind() == NodeKind.CA) {
                cas.add(ep);
            }
            if (ep.hasLids()) {
                next = Math.max(next, ep.lidRange().last() + 1);
            }
        }
        cas.sort((a, b) -> Guid.compare(a.portGuid(), b.portGuid()));
        List<VPort> withLids = new ArrayList<>();
        for (EndPort ep : cas) {
            int old = 0;
            if (belowTheirPort && ep.hasLids()) {
                LidRange r = ep.lidRange();
                int base = (next + r.count() - 1) / r.count() * r.count();
                old = r.base();
                s.assignLids(ep, LidRange.of(base, r.lmc()));
                next = base + r.count();
            }
            ep.setVirtualization(new VirtualizationAttributes(perPort, perPort, true, false, 0));
            for (int i = 0; i <= perPort; i++) {
                long guid = i == 0 ? ep.portGuid() : ep.portGuid() & 0x0000ffffffffffffL | (long) (0x8000 | i) << 48;
                VPort v = s.addVPort(ep, i, guid, new VPortAttributes(VPortAttributes.STATE_ACTIVE, i % 2 == 1, 8, 1,
                        0, 0));
                v.setVNode(new VNodeAttributes(32, 1, 1, i == 0 ? ep.node().nodeGuid() : guid ^ 0x4000L << 48));
                if (i % 2 == 1) {
                    s.assignLid(v, old != 0 ? old : next++);
                    old = 0;
                    withLids.add(v);
                }
            }
        }
        return withLids;
    }
}
