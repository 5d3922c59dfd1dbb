package dev.jsm.routing.minhop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link HopTable#update} gives exactly {@link HopTable#compute}'s table after cables between switches go and come
 * back, including cuts that leave switches unreachable, on trees, tori and meshes.
 */
class HopTableUpdateTest {

    @ParameterizedTest
    @CsvSource({"fat3:k=8, 1", "fat3:k=8, 5", "fat3:k=8, 40", "torus:dims=4x4x3, 3", "torus:dims=4x4x3, 30",
            "mesh:dims=5x4, 12", "fat2:k=8, 16", "fat3:k=36, 3"})
    void updatedTablesEqualComputedOnes(String shape, int cables) {
        SplittableRandom random = new SplittableRandom(shape.hashCode() * 31L + cables);
        for (int round = 0; round < 5; round++) {
            Subnet subnet = TopologyModel.subnet(TopologyShapes.parse(shape), 0);
            RoutingInput before = input(subnet);
            HopTable old = HopTable.compute(before, 2);
            List<PhysPort[]> pulled = pull(subnet, cables, random);
            RoutingInput cut = input(subnet);
            HopTable down = HopTable.update(old, before, cut, 2);
            assertThat(down.raw()).as("%s, %d cables down", shape, cables).isEqualTo(HopTable.compute(cut, 1).raw());
            for (PhysPort[] cable : pulled) {
                subnet.connect(cable[0], cable[1]);
            }
            RoutingInput back = input(subnet);
            HopTable up = HopTable.update(down, cut, back, 2);
            assertThat(up.raw()).as("%s, %d cables back", shape, cables).isEqualTo(old.raw());
        }
    }

    private static List<PhysPort[]> pull(Subnet subnet, int cables, SplittableRandom random) {
        List<Link> links = new ArrayList<>();
        for (Link l : subnet.links()) {
            if (l.isSwitchToSwitch()) {
                links.add(l);
            }
        }
        links.sort(Comparator.comparingLong((Link l) -> l.a().node().nodeGuid())
                .thenComparingInt(l -> l.a().portNum()));
        List<PhysPort[]> pulled = new ArrayList<>();
        for (int i = 0; i < cables && !links.isEmpty(); i++) {
            Link l = links.remove(random.nextInt(links.size()));
            pulled.add(new PhysPort[] {l.a(), l.b()});
            subnet.disconnect(l.a());
        }
        return pulled;
    }

    private static RoutingInput input(Subnet subnet) {
        subnet.index();
        return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
    }
}
