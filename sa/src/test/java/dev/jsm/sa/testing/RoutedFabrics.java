package dev.jsm.sa.testing;

import dev.jsm.mad.smp.SmInfo;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * Generated fabrics as the SA sees them after a sweep, for the SA's benchmarks and large tests: the model of a
 * {@link TopologyShapes} shape with LIDs in node order ({@link TopologyModel}), every port Active at 4x QDR with a
 * 4096-byte MTU, routed by minhop and its LFTs as programmed; the SM at the first host's LID.
 *
 * <p>Stateless.
 */
public final class RoutedFabrics {

    private static final long GID_PREFIX = 0xFE80_0000_0000_0000L;

    private RoutedFabrics() {
    }

    /** The SA's view of shape {@code shape} (e.g. {@code fat3:k=36}: 11664 hosts, 1620 switches). */
    public static SaView view(String shape) {
        Subnet s = TopologyModel.subnet(TopologyShapes.parse(shape), 0);
        for (int i = 0; i < s.physPortCount(); i++) {
            PhysPort p = s.physPortAt(i);
            EndPort ep = p.endPort();
            int lid = ep != null && ep.hasLids() ? ep.lidRange().first() : 0;
            p.setAttributes(active(lid));
        }
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(s), 0);
        LftTables lfts = LftTables.forInput(in);
        RouteOutcome outcome = new MinHopEngineFactory().create(EngineOptions.defaults()).route(in, lfts);
        if (!outcome.equals(RouteOutcome.routed())) {
            throw new IllegalStateException(shape + " not routed: " + outcome);
        }
        lfts.applyWanted(in, s);
        for (int i = 0; i < s.switchCount(); i++) {
            SwitchLft lft = s.switchAt(i).lft();
            for (int b = 0; b < lft.blockCount(); b++) {
                lft.markProgrammed(b);
            }
        }
        EndPort sm = hosts(s).get(0);
        return SaView.of(SubnetSnapshot.of(s), new SmIdentity(sm.lidRange().first(),
                new SmInfo(sm.portGuid(), 0, 1, 0, SmInfo.STATE_MASTER)), SaSettings.defaults());
    }

    /** The end ports of channel adapters, in index order. */
    public static List<EndPort> hosts(Subnet s) {
        List<EndPort> out = new ArrayList<>();
        for (int i = 0; i < s.endPortCount(); i++) {
            EndPort ep = s.endPortAt(i);
            Node n = ep.node();
            if (!n.isSwitch() && ep.hasLids()) {
                out.add(ep);
            }
        }
        return out;
    }

    /** An Active port at 4x QDR, MTU 4096, LMC 0, with base LID {@code lid} (0 for a switch's external port). */
    public static PortAttributes active(int lid) {
        return new PortAttributes(0L, GID_PREFIX, lid, 1, 0x02510a68L, 0, 2, 3, 2, 7, PortAttributes.STATE_ACTIVE,
                5, 0, 0, 4, 4, 5, 0, 4, 0, 8, 8, 5, 0, 16, 4, 0, 0, 0, 0, 1, 18, 8, 8, 0, 0, 0, 0, 0, 0, 0);
    }
}
