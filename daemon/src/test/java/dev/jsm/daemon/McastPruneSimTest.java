package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
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
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the MFTs hold for groups whose membership shrinks (read through the simulator, never the daemon's model): a
 * group with a single member port gets no entry on any switch (as the reference OpenSM: dump_mfts under ibsim), and
 * the memberships of a host that left the fabric are dropped at the next SUBNET UP - a group it was the last full
 * member of goes, with its other members - and the MFTs reprogrammed.
 */
class McastPruneSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final Gid SHARED = new Gid(0xff12_0000_0000_0000L, 0x7001);
    private static final Gid ONLY_C = new Gid(0xff12_0000_0000_0000L, 0x7002);
    private static final int FULL = McMemberRecord.JOIN_FULL_MEMBER;
    private static final int NON_MEMBER = McMemberRecord.JOIN_NON_MEMBER;

    @TempDir
    Path dir;

    @Test
    void aGroupOfOnePortIsInNoMftUntilASecondJoins() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        List<Integer> cas = SimSm.cas(t);
        List<SimMadChannel> ports = new ArrayList<>();
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            McJoinClient a = client(sm, t, s, cas.get(1), ports);
            McJoinClient b = client(sm, t, s, cas.get(3), ports);
            int mlid = ok(a.join(SHARED, FULL, McJoinClient.CREATE)).mlid();
            sm.awaitViewUpdate(UP);
            assertThat(switchPorts(sm.fabric, t, mlid)).as("one member: no tree").isZero();

            ok(b.join(SHARED, FULL, McJoinClient.JOIN));
            awaitSweepsUntil(sm, () -> switchPorts(sm.fabric, t, mlid) > 0);

            ok(b.leave(SHARED, FULL));
            awaitSweepsUntil(sm, () -> switchPorts(sm.fabric, t, mlid) == 0);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "again");
            sm.awaitSubnetUp(UP);
            assertThat(switchPorts(sm.fabric, t, mlid)).as("one member again: the entries stay cleared").isZero();
        } finally {
            ports.forEach(SimMadChannel::close);
        }
    }

    @Test
    void theMembershipsOfAHostThatLeftAreDroppedAndTheMftsReprogrammed() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2");
        List<Integer> cas = SimSm.cas(t);
        int hostA = cas.get(1);
        int hostB = cas.get(2);
        int hostC = cas.get(3);
        List<SimMadChannel> ports = new ArrayList<>();
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            McJoinClient a = client(sm, t, s, hostA, ports);
            McJoinClient b = client(sm, t, s, hostB, ports);
            McJoinClient c = client(sm, t, s, hostC, ports);
            int shared = ok(a.join(SHARED, FULL, McJoinClient.CREATE)).mlid();
            ok(b.join(SHARED, FULL, McJoinClient.JOIN));
            ok(c.join(SHARED, FULL, McJoinClient.JOIN));
            int onlyC = ok(c.join(ONLY_C, FULL, McJoinClient.CREATE)).mlid();
            ok(a.join(ONLY_C, NON_MEMBER, McJoinClient.JOIN));
            int cLeaf = t.peerNode(hostC, 1);
            int cLeafPort = t.peerPort(hostC, 1);
            awaitSweepsUntil(sm, () -> sm.fabric.mftHasPort(cLeaf, shared, cLeafPort)
                    && switchPorts(sm.fabric, t, onlyC) > 0);

            sm.fabric.faults().removeNode(hostC);
            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "host C gone");
            awaitSweepsUntil(sm, () -> !sm.fabric.mftHasPort(cLeaf, shared, cLeafPort)
                    && switchPorts(sm.fabric, t, onlyC) == 0);

            assertThat(a.get(SHARED).status()).as("A and B are still full members").isZero();
            assertThat(a.get(ONLY_C).status()).as("C was its only full member: the group went")
                    .isEqualTo(SaStatus.NO_RECORDS);
            assertThat(sm.fabric.mftHasPort(t.peerNode(hostA, 1), shared, t.peerPort(hostA, 1))).isTrue();
            assertThat(sm.fabric.mftHasPort(t.peerNode(hostB, 1), shared, t.peerPort(hostB, 1))).isTrue();
        } finally {
            ports.forEach(SimMadChannel::close);
        }
    }

    private static McMemberRecord ok(McJoinClient.Answer a) {
        assertThat(a.status()).as(SaStatus.name(a.status())).isZero();
        return a.record();
    }

    /** Waits through SUBNET UPs and multicast updates until {@code done}. */
    private static void awaitSweepsUntil(SimSm sm, BooleanSupplier done) throws InterruptedException {
        sm.awaitUntil(done, UP);
        assertThat(done.getAsBoolean()).as("within the time a few SUBNET UPs take").isTrue();
    }

    private static McJoinClient client(SimSm sm, Topology t, SubnetSnapshot s, int ca, List<SimMadChannel> ports) {
        int saLid = s.endPort(t.node(SimSm.firstCa(t)).portGuid(1)).lidRange().base();
        SimMadChannel ch = sm.fabric.openChannel(ca, 1);
        ports.add(ch);
        return new McJoinClient(ch, saLid, new Gid(0xfe80000000000000L, t.node(ca).portGuid(1)));
    }

    /** Switch ports (0..N of every switch) in the MFT entry of {@code mlid}. */
    private static int switchPorts(SimFabric fabric, Topology t, int mlid) {
        int n = 0;
        for (int i = 0; i < t.nodeCount(); i++) {
            if (t.node(i).kind() != NodeKind.SWITCH) {
                continue;
            }
            for (int p = 0; p <= t.node(i).numPorts(); p++) {
                n += fabric.mftHasPort(i, mlid, p) ? 1 : 0;
            }
        }
        return n;
    }
}
