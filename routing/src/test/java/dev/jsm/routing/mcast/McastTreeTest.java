package dev.jsm.routing.mcast;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class McastTreeTest {

    @Test
    void aGroupOnThreeLeavesOfATwoLevelFatTreeIsRootedAtASpine() {
        RoutingInput in = TopologySubnets.input("fat2:k=4", 0);
        int[] members = {ca(in, 0), ca(in, 1), ca(in, 3)};

        McastTree t = McastTree.build(in, members);

        assertThat(hasCa(in, t.root())).as("root is a spine (no CAs)").isFalse();
        assertThat(t.switches()).hasSize(1 + distinctSwitches(in, members));
        for (int ep : members) {
            int sw = in.endPortSwitch()[ep];
            assertThat(t.forwards(sw, in.lidOwnerPort()[in.endPortBaseLid()[ep]] & 0xFF)).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fat2:k=8", "fat3:k=4", "torus:dims=4x4,hosts=2", "torus:dims=3x3x3,links=2,hosts=1",
        "mesh:dims=4x3", "random:switches=12,radix=10,degree=4,hosts=2"})
    void floodingFromAnyMemberReachesEveryMemberOnceWithoutLoops(String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        Random rnd = new Random(shape.hashCode());
        List<Integer> cas = new ArrayList<>();
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (!in.endPortIsSwitch()[ep]) {
                cas.add(ep);
            }
        }
        int[] members = rnd.ints(Math.max(2, cas.size() / 3), 0, cas.size()).distinct().map(cas::get).toArray();

        McastTree t = McastTree.build(in, members);

        for (int src : members) {
            int[] delivered = flood(in, t, src);
            for (int ep : members) {
                assertThat(delivered[ep]).as("%s: copies of a packet from %d at member %d", shape, src, ep)
                        .isEqualTo(ep == src ? 0 : 1);
            }
            for (int ep = 0; ep < in.endPortCount(); ep++) {
                if (!contains(members, ep) && !in.endPortIsSwitch()[ep]) {
                    assertThat(delivered[ep]).as("%s: non-member %d", shape, ep).isZero();
                }
            }
        }
    }

    @Test
    void noMemberOnASwitchIsAnEmptyTree() {
        RoutingInput in = TopologySubnets.input("fat2:k=4", 0);
        McastTree t = McastTree.build(in, new int[0]);

        assertThat(t.root()).isEqualTo(-1);
        assertThat(t.switches()).isEmpty();
    }

    @Test
    void positionMasksCarryPortsSixteenAtATime() {
        RoutingInput in = TopologySubnets.input("fat2:k=36", 0);
        int[] members = new int[in.endPortCount() / 2];
        int k = 0;
        for (int ep = 0; ep < in.endPortCount() && k < members.length; ep++) {
            if (!in.endPortIsSwitch()[ep]) {
                members[k++] = ep;
            }
        }
        McastTree t = McastTree.build(in, java.util.Arrays.copyOf(members, k));

        for (int sw : t.switches()) {
            for (int port = 0; port <= in.switchNumPorts()[sw]; port++) {
                boolean bit = (t.positionMask(sw, port / 16) & 1 << (port % 16)) != 0;
                assertThat(bit).isEqualTo(t.forwards(sw, port));
            }
        }
    }

    /** Copies of one packet each end port receives when {@code src} sends it, following the MFT masks. */
    private static int[] flood(RoutingInput in, McastTree t, int src) {
        int[] delivered = new int[in.endPortCount()];
        int[] ownerEp = new int[in.portStart()[in.switchCount() - 1] + in.switchNumPorts()[in.switchCount() - 1] + 1];
        java.util.Arrays.fill(ownerEp, -1);
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            int sw = in.endPortSwitch()[ep];
            if (sw >= 0 && !in.endPortIsSwitch()[ep]) {
                ownerEp[in.portStart()[sw] + (in.lidOwnerPort()[in.endPortBaseLid()[ep]] & 0xFF)] = ep;
            }
        }
        int hops = 0;
        List<int[]> frontier = new ArrayList<>();
        int srcSw = in.endPortSwitch()[src];
        frontier.add(new int[] {srcSw, in.lidOwnerPort()[in.endPortBaseLid()[src]] & 0xFF});
        while (!frontier.isEmpty()) {
            assertThat(++hops).as("packet loops").isLessThan(4 * in.switchCount() + 4);
            List<int[]> next = new ArrayList<>();
            for (int[] at : frontier) {
                int sw = at[0];
                for (int port = 1; port <= in.switchNumPorts()[sw]; port++) {
                    if (port == at[1] || !t.forwards(sw, port)) {
                        continue;
                    }
                    int e = in.edgeOfPort(sw, port);
                    if (e >= 0) {
                        next.add(new int[] {in.peerSwitch()[e], in.peerPort()[e] & 0xFF});
                    } else if (ownerEp[in.portStart()[sw] + port] >= 0) {
                        delivered[ownerEp[in.portStart()[sw] + port]]++;
                    }
                }
            }
            frontier = next;
        }
        return delivered;
    }

    private static int ca(RoutingInput in, int n) {
        int seen = 0;
        int lastSw = -1;
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (!in.endPortIsSwitch()[ep] && in.endPortSwitch()[ep] != lastSw) {
                lastSw = in.endPortSwitch()[ep];
                if (seen++ == n) {
                    return ep;
                }
            }
        }
        throw new IllegalArgumentException("no CA on a " + n + "th switch");
    }

    private static boolean hasCa(RoutingInput in, int sw) {
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (!in.endPortIsSwitch()[ep] && in.endPortSwitch()[ep] == sw) {
                return true;
            }
        }
        return false;
    }

    private static int distinctSwitches(RoutingInput in, int[] members) {
        return (int) java.util.Arrays.stream(members).map(ep -> in.endPortSwitch()[ep]).distinct().count();
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }
}
