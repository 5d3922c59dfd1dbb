package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.trap.PortHealthMonitor;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Port-health traps end to end on the in-JVM simulator, with the daemon's trap clock under the test's control: two
 * switches joined by two cables (ports 5 and 6 at both ends), both carrying routes at first. A switch port that
 * keeps sending Trap 129 is marked unhealthy, and the heavy sweep that follows routes every LID over the other
 * cable; 61 s (of the trap clock) after its last trap the mark ends and the routes use both cables again. With
 * {@code babbling_port_policy}, 250 traps get the port disabled in the simulator (PortPhysicalState Disabled), and
 * it stays so after its mark ended.
 */
class PortHealthSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final long WINDOW_PASSED = Duration.ofSeconds(61).toNanos();
    private static final int BAD_PORT = 5;
    private static final String NET = """
            Switch 8 "s1"
            [1] "sm"[1]
            [2] "h1"[1]
            [5] "s2"[5]
            [6] "s2"[6]

            Switch 8 "s2"
            [1] "h2"[1]
            [2] "h3"[1]
            [5] "s1"[5]
            [6] "s1"[6]

            Hca 1 "sm"
            [1] "s1"[1]
            Hca 1 "h1"
            [1] "s1"[2]
            Hca 1 "h2"
            [1] "s2"[1]
            Hca 1 "h3"
            [1] "s2"[2]
            """;

    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong();

    @Test
    void aPortRepeatingTrap129IsRoutedAroundUntilItsWindowEnds() throws Exception {
        Topology t = TopologyReader.parse(NET, "health");
        int s1 = t.indexOfName("s1");
        int s2 = t.indexOfName("s2");
        try (SimSm sm = SimSm.start(t, dir, now::get); LogCapture log = LogCapture.open(PortHealthMonitor.class)) {
            sm.awaitSubnetUp(UP);
            assertThat(routesOverBadCable(sm.fabric, s1, s2)).as("both cables carry routes at first").isTrue();

            for (int i = 0; i < 12; i++) {
                assertThat(sm.fabric.faults().portTrap(s2, BAD_PORT, 129)).isTrue();
            }
            awaitSubnetUpUntil(sm, () -> !routesOverBadCable(sm.fabric, s1, s2));
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sm.daemon.management().counters().unhealthyPorts()).isEqualTo(1);
            assertThat(log.containing("SM-0606")).hasSize(1).first().asString().contains("[5] 's2'");

            settle(sm);
            now.addAndGet(WINDOW_PASSED);
            awaitSubnetUpUntil(sm, () -> routesOverBadCable(sm.fabric, s1, s2));
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();
            assertThat(sm.daemon.management().counters().unhealthyPorts()).isZero();
        }
    }

    @Test
    void withTheBabblingPortPolicyAPortSending250TrapsIsDisabledAndStaysSo() throws Exception {
        Topology t = TopologyReader.parse(NET, "babbling");
        int s1 = t.indexOfName("s1");
        int s2 = t.indexOfName("s2");
        try (SimSm sm = SimSm.start(t, dir, now::get, "babbling_port_policy", "TRUE");
             LogCapture log = LogCapture.open(PortHealthMonitor.class)) {
            sm.awaitSubnetUp(UP);

            for (int i = 0; i < 250; i++) {
                assertThat(sm.fabric.faults().portTrap(s1, BAD_PORT, 129)).isTrue();
            }
            await(() -> sm.daemon.management().counters().portsDisabledBabbling() == 1);
            assertThat(sm.fabric.portInfo(s1, BAD_PORT).portPhysicalState()).as("Disabled").isEqualTo(3);
            assertThat(log.containing("SM-0608")).hasSize(1).first().asString()
                    .contains("[5] 's1'", "250 traps 129-131", "disabling it");
            awaitSubnetUpUntil(sm, () -> !routesOverBadCable(sm.fabric, s1, s2));
            assertThat(new SimRoutes(sm.fabric).walkAll().failures).isEmpty();

            settle(sm);
            now.addAndGet(WINDOW_PASSED);
            await(() -> sm.daemon.management().counters().unhealthyPorts() == 0);
            sm.awaitSubnetUp(UP);
            assertThat(sm.fabric.portInfo(s1, BAD_PORT).portPhysicalState()).as("still Disabled").isEqualTo(3);
            assertThat(routesOverBadCable(sm.fabric, s1, s2)).isFalse();
            assertThat(sm.daemon.management().counters().portsDisabledBabbling()).isEqualTo(1);
        }
    }

    /** Whether an LFT entry of {@code s1} or {@code s2} for an end port's LID uses the port-5 cable. */
    private static boolean routesOverBadCable(SimFabric fabric, int s1, int s2) {
        for (int lid : new SimRoutes(fabric).lidOfNode.values()) {
            if (lid != 0 && (fabric.lftPort(s1, lid) == BAD_PORT || fabric.lftPort(s2, lid) == BAD_PORT)) {
                return true;
            }
        }
        return false;
    }

    /** Waits for SUBNET UPs, at least one, until {@code done} holds after one; fails after {@link #UP} without. */
    private static void awaitSubnetUpUntil(SimSm sm, BooleanSupplier done) throws InterruptedException {
        do {
            sm.awaitSubnetUp(UP);
        } while (!done.getAsBoolean());
    }

    /** Takes the outcomes of sweeps still running or queued, until none comes for a second. */
    private static void settle(SimSm sm) throws InterruptedException {
        while (sm.anotherSweepWithin(Duration.ofSeconds(1))) {
            continue;
        }
    }

    /** Waits until {@code done} holds; fails after {@link #UP}. */
    private static void await(BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + UP.toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("condition not met within %s", UP).isNegative();
            Thread.sleep(10);
        }
    }
}
