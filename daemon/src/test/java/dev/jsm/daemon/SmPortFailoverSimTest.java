package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sm_port_failover} on the simulator, as the daemon runs there ({@code --sim-topology}): the SM's host has two
 * ports, cabled to two switches; the SM's cable is pulled and the SM reaches SUBNET UP through its other port, every
 * port keeping its LID, every port told the new SM LID and every switch routing to it. Without the option the SM
 * stays on its dead port.
 */
class SmPortFailoverSimTest {

    /** The SM's host "sm" first (the attachment runs the SM on the first CA's port 1), a port on each switch. */
    private static final String NET = """
            Hca 2 "sm"
            [1] "swA"[1]
            [2] "swB"[1]

            Switch 4 "swA"
            [1] "sm"[1]
            [2] "h1"[1]
            [3] "swB"[3]

            Switch 4 "swB"
            [1] "sm"[2]
            [2] "h2"[1]
            [3] "swA"[3]

            Hca 1 "h1"
            [1] "swA"[2]

            Hca 1 "h2"
            [1] "swB"[2]
            """;
    private static final long WAIT_S = 60;

    @TempDir
    Path dir;

    @Test
    void theSmPortsCablePulledTheSmComesUpThroughItsOtherPortWithEveryLidKept() throws Exception {
        try (FabricAttachment fabric = FabricAttachment.simulated(net().toString());
             LogCapture log = LogCapture.open(SmPortFailover.class)) {
            SimFabric sim = fabric.simulator();
            Topology t = sim.topology();
            int sm = sim.nodeIndex("sm");
            LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();
            Daemon daemon = new Daemon(DaemonSettings.of(SimSm.options("sm_port_failover", "TRUE"), dir, dir),
                    fabric.channel(), new SmEvents());
            try {
                daemon.addListener(new SweepListener() {
                    @Override
                    public void subnetUp(FabricView view) {
                        ups.add(view);
                    }
                });
                daemon.failOverAmong(fabric.localPorts());
                daemon.start();
                assertThat(ups.poll(WAIT_S, TimeUnit.SECONDS)).as("first SUBNET UP").isNotNull();
                Map<String, Integer> before = lids(sim);
                assertThat(before.get("sm/2")).as("the SM's other port was configured through the fabric")
                        .isNotZero();

                sim.faults().linkDown(sim.nodeIndex("swA"), 1);
                FabricView after = awaitUpOnPort(fabric, ups, 2);

                assertThat(after.snapshot().nodes()).hasSize(t.nodeCount());
                Map<String, Integer> lids = lids(sim);
                before.remove("sm/1");
                lids.remove("sm/1");
                assertThat(lids).as("every port keeps its LID").isEqualTo(before);
                int smLid = lids.get("sm/2");
                for (String host : new String[] {"h1", "h2"}) {
                    assertThat(sim.portInfo(sim.nodeIndex(host), 1).masterSmLid()).as(host).isEqualTo(smLid);
                }
                assertThat(sim.portInfo(sm, 2).portState()).isEqualTo(PortInfo.STATE_ACTIVE);
                assertThat(routedTo(sim, sim.nodeIndex("swA"), smLid)).as("swA to the SM").isEqualTo("swB");
                assertThat(routedTo(sim, sim.nodeIndex("swB"), smLid)).as("swB to the SM").isEqualTo("sm");
                assertThat(daemon.management().sm().port().portNum()).as("/status smPort").isEqualTo(2);
                assertThat(daemon.management().sm().portFailover()).isTrue();
                assertThat(daemon.ha().ownGuid()).as("the GUID in its SMInfo").isEqualTo(t.node(sm).portGuid(2));
                assertThat(log.containing("MAIN-0827")).singleElement().asString()
                        .contains("sm/1", "is down: moved to sm/2");
            } finally {
                daemon.close();
            }
        }
    }

    @Test
    void withoutTheOptionTheSmStaysOnItsPort() throws Exception {
        try (FabricAttachment fabric = FabricAttachment.simulated(net().toString())) {
            SimFabric sim = fabric.simulator();
            LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();
            Daemon daemon = new Daemon(DaemonSettings.of(SimSm.options(), dir, dir), fabric.channel(),
                    new SmEvents());
            try {
                daemon.addListener(new SweepListener() {
                    @Override
                    public void subnetUp(FabricView view) {
                        ups.add(view);
                    }
                });
                daemon.failOverAmong(fabric.localPorts());
                daemon.start();
                assertThat(ups.poll(WAIT_S, TimeUnit.SECONDS)).as("first SUBNET UP").isNotNull();
                assertThat(daemon.management().sm().portFailover()).isFalse();
                sim.faults().linkDown(sim.nodeIndex("swA"), 1);
                // the check runs once a second when on: three seconds would have moved it
                Thread.sleep(3000);
                assertThat(fabric.channel().localPort().portNum()).isEqualTo(1);
            } finally {
                daemon.close();
            }
        }
    }

    private Path net() throws Exception {
        return Files.writeString(dir.resolve("two-ports.net"), NET);
    }

    /** Waits for a SUBNET UP after the SM moved to port {@code port}. */
    private static FabricView awaitUpOnPort(FabricAttachment fabric, LinkedBlockingQueue<FabricView> ups, int port)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
        while (System.nanoTime() < end) {
            FabricView v = ups.poll(1, TimeUnit.SECONDS);
            if (v != null && fabric.channel().localPort().portNum() == port) {
                return v;
            }
        }
        throw new AssertionError("no SUBNET UP on port " + port + " within " + WAIT_S + " s; on port "
                + fabric.channel().localPort().portNum());
    }

    /** Every end port's LID as the simulator holds it, by "node/port" (switches at port 0). */
    private static Map<String, Integer> lids(SimFabric sim) {
        Topology t = sim.topology();
        Map<String, Integer> lids = new HashMap<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            boolean sw = t.node(n).kind() == NodeKind.SWITCH;
            for (int p = sw ? 0 : 1; p <= (sw ? 0 : t.node(n).numPorts()); p++) {
                lids.put(t.node(n).description() + "/" + p, sim.portInfo(n, p).lid());
            }
        }
        return lids;
    }

    /** The node switch {@code sw}'s LFT sends {@code lid} to. */
    private static String routedTo(SimFabric sim, int sw, int lid) {
        Topology t = sim.topology();
        return t.node(t.peerNode(sw, sim.lftPort(sw, lid))).description();
    }
}
