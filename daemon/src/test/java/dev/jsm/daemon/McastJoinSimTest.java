package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hosts join a multicast group through real SA MADs on their own ports, and the simulator's MFTs (read through the
 * simulator, never the daemon's model) forward the group to exactly the members; a leave takes one out. The
 * default partition's IPoIB broadcast group exists before anyone joins it.
 */
class McastJoinSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x5151);
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);

    @TempDir
    Path dir;

    @Test
    void threeHostsJoinThroughTheSaAndTheMftsReachExactlyThem() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=8,leaves=4,spines=2,hosts=4");
        List<Integer> cas = SimSm.cas(t);
        List<Integer> members = List.of(cas.get(1), cas.get(6), cas.get(13));
        List<SimMadChannel> ports = new ArrayList<>();
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int saLid = s.endPort(t.node(SimSm.firstCa(t)).portGuid(1)).lidRange().base();
            List<McJoinClient> clients = new ArrayList<>();
            for (int ca : members) {
                SimMadChannel ch = sm.fabric.openChannel(ca, 1);
                ports.add(ch);
                clients.add(new McJoinClient(ch, saLid, new Gid(0xfe80000000000000L, t.node(ca).portGuid(1))));
            }

            McJoinClient.Answer created = clients.get(0).join(MGID, McMemberRecord.JOIN_FULL_MEMBER,
                    McJoinClient.CREATE);
            assertThat(created.status()).as(SaStatus.name(created.status())).isZero();
            int mlid = created.record().mlid();
            assertThat(mlid).isGreaterThanOrEqualTo(0xC000);
            sm.awaitViewUpdate(UP);
            for (McJoinClient c : clients.subList(1, 3)) {
                McJoinClient.Answer a = c.join(MGID, McMemberRecord.JOIN_FULL_MEMBER, McJoinClient.JOIN);
                assertThat(a.status()).as(SaStatus.name(a.status())).isZero();
                assertThat(a.record().mlid()).isEqualTo(mlid);
                sm.awaitViewUpdate(UP);
            }
            for (int src : members) {
                assertThat(receivers(sm.fabric, t, src, mlid)).as("from %s", t.node(src).description())
                        .containsExactlyInAnyOrderElementsOf(others(members, src));
            }
            assertThat(clients.get(2).get(MGID).record().mlid()).isEqualTo(mlid);

            assertThat(clients.get(1).leave(MGID, McMemberRecord.JOIN_FULL_MEMBER).status()).isZero();
            sm.awaitViewUpdate(UP);
            assertThat(receivers(sm.fabric, t, members.get(0), mlid)).containsExactly(members.get(2));
            assertThat(receivers(sm.fabric, t, members.get(2), mlid)).containsExactly(members.get(0));

            McJoinClient.Answer ipoib = clients.get(1).join(BROADCAST, McMemberRecord.JOIN_FULL_MEMBER,
                    McJoinClient.JOIN | 1L << 7);
            assertThat(ipoib.status()).as("the broadcast group exists: " + SaStatus.name(ipoib.status())).isZero();
            assertThat(ipoib.record().qKey()).isEqualTo(0x0B1BL);
            assertThat(ipoib.record().mlid()).isNotEqualTo(mlid);
        } finally {
            ports.forEach(SimMadChannel::close);
        }
    }

    private static List<Integer> others(List<Integer> members, int src) {
        List<Integer> out = new ArrayList<>(members);
        out.remove(Integer.valueOf(src));
        return out;
    }

    /** The CAs receiving a copy (each exactly one, or the test fails) when CA {@code src} sends to {@code mlid}. */
    private static List<Integer> receivers(SimFabric fabric, Topology t, int src, int mlid) {
        int[] got = new int[t.nodeCount()];
        List<int[]> frontier = new ArrayList<>();
        frontier.add(new int[] {t.peerNode(src, 1), t.peerPort(src, 1)});
        for (int hop = 0; !frontier.isEmpty(); hop++) {
            assertThat(hop).as("the packet loops").isLessThan(2 * t.nodeCount());
            List<int[]> next = new ArrayList<>();
            for (int[] at : frontier) {
                int sw = at[0];
                for (int p = 1; p <= t.node(sw).numPorts(); p++) {
                    int peer = t.peerNode(sw, p);
                    if (p == at[1] || peer < 0 || !fabric.mftHasPort(sw, mlid, p)) {
                        continue;
                    }
                    if (t.node(peer).kind() == NodeKind.SWITCH) {
                        next.add(new int[] {peer, t.peerPort(sw, p)});
                    } else {
                        got[peer]++;
                    }
                }
            }
            frontier = next;
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < got.length; i++) {
            assertThat(got[i]).as("copies at %s", t.node(i).description()).isLessThanOrEqualTo(1);
            if (got[i] == 1) {
                out.add(i);
            }
        }
        return out;
    }
}
