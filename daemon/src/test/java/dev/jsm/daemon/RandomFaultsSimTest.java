package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.route.RouteCheck;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Randomized fault sequences against the whole daemon on the simulator (issue 21's acceptance): switch-to-switch
 * cables, host cables and whole switches go down and come back in a seeded random order, the fabric always staying
 * connected; after every step, once the sweeps it caused are done, the simulator's own tables deliver every route
 * (walked cable by cable), the route verifier finds every pair of the routing in force delivered, and, for updn,
 * no credit loop while updn is the engine in force. The repairs of incremental routing carry most steps; a step the
 * engine cannot repair is computed anew, which must hold the same checks. Hosts moved to another switch are covered at
 * the routing level ({@code RandomFaultSequenceTest}): the simulator cannot re-cable a port.
 */
class RandomFaultsSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final int STEPS = 30;

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"minhop, 1", "updn, 2", "minhop, 3"})
    void everyStepLeavesEveryRouteDelivered(String engine, long seed) throws Exception {
        Topology t = TopologyShapes.load("fat3:k=4");
        Random random = new Random(seed);
        try (SimSm sm = SimSm.start(t, dir, "routing_engine", engine)) {
            sm.awaitSubnetUp(UP);
            assertThat(sm.nextSweepEnd(UP)).isEqualTo(SweepKind.HEAVY);
            Faults faults = new Faults(t, t.peerNode(SimSm.firstCa(t), 1));
            for (int step = 0; step < STEPS; step++) {
                String what = faults.step(sm, random);
                sm.awaitSettled(UP);
                SimRoutes walked = new SimRoutes(sm.fabric, faults.removed).walkAll();
                assertThat(walked.failures).as("step %d: %s", step, what).isEmpty();
                VerifierReport report = checkOfRoutingInForce(sm);
                assertThat(report.unreachablePairs()).as("step %d: %s", step, what).isZero();
                if (sm.daemon.view().routing().engineUsed().orElseThrow().equals("updn")) {
                    // updn may decline a degraded tree (no switch sees 90% of the CAs as its roots) and fall back
                    // to minhop, which promises nothing
                    assertThat(report.creditLoops().hasCycle()).as("step %d: %s", step, what).isFalse();
                }
            }
        }
    }


    /** The route verifier's report on the routing in force, once its check (after the sweep) has run. */
    private static VerifierReport checkOfRoutingInForce(SimSm sm) throws InterruptedException {
        long deadline = System.nanoTime() + UP.toNanos();
        while (System.nanoTime() < deadline) {
            RouteCheck check = sm.daemon.routeCheck();
            if (check != null && check.result() == sm.daemon.view().routing() && check.report() != null) {
                return check.report();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no route check of the routing in force");
    }

    /** The fault state of the fabric and the moves that keep it connected. */
    private static final class Faults {

        private final Topology t;
        private final int smSwitch;
        private final List<int[]> switchCables = new ArrayList<>();
        private final List<int[]> cut = new ArrayList<>();
        private final List<Integer> hostCablesCut = new ArrayList<>();
        final Set<Integer> removed = new HashSet<>();
        private final int smCa;

        Faults(Topology t, int smSwitch) {
            this.t = t;
            this.smSwitch = smSwitch;
            this.smCa = SimSm.firstCa(t);
            for (int n = 0; n < t.nodeCount(); n++) {
                if (t.node(n).kind() != NodeKind.SWITCH) {
                    continue;
                }
                for (int p = 1; p <= t.node(n).numPorts(); p++) {
                    int peer = t.peerNode(n, p);
                    if (peer > n && t.node(peer).kind() == NodeKind.SWITCH) {
                        switchCables.add(new int[] {n, p, peer, t.peerPort(n, p)});
                    }
                }
            }
        }

        /** Makes one random change that keeps the switches present connected to the SM's; says what it did. */
        String step(SimSm sm, Random random) {
            for (int attempt = 0; attempt < 100; attempt++) {
                switch (random.nextInt(6)) {
                    case 0, 1 -> {
                        int[] c = switchCables.get(random.nextInt(switchCables.size()));
                        if (!isCut(c) && !removed.contains(c[0]) && !removed.contains(c[2])) {
                            cut.add(c);
                            if (connected()) {
                                sm.fabric.faults().linkDown(c[0], c[1]);
                                return "cable " + c[0] + "/" + c[1] + " - " + c[2] + "/" + c[3] + " down";
                            }
                            cut.remove(c);
                        }
                    }
                    case 2 -> {
                        if (!cut.isEmpty()) {
                            int[] c = cut.remove(random.nextInt(cut.size()));
                            sm.fabric.faults().linkUp(c[0], c[1]);
                            return "cable " + c[0] + "/" + c[1] + " - " + c[2] + "/" + c[3] + " up";
                        }
                    }
                    case 3 -> {
                        int sw = switchCables.get(random.nextInt(switchCables.size()))[random.nextBoolean() ? 0 : 2];
                        if (sw != smSwitch && removed.add(sw)) {
                            if (connected()) {
                                sm.fabric.faults().removeNode(sw);
                                return "switch " + sw + " off";
                            }
                            removed.remove(sw);
                        }
                    }
                    case 4 -> {
                        if (!removed.isEmpty()) {
                            int sw = removed.iterator().next();
                            removed.remove(sw);
                            sm.fabric.faults().returnNode(sw);
                            return "switch " + sw + " on";
                        }
                    }
                    default -> {
                        List<Integer> cas = SimSm.cas(t);
                        int ca = cas.get(random.nextInt(cas.size()));
                        if (ca != smCa && !removed.contains(t.peerNode(ca, 1))) {
                            if (hostCablesCut.remove((Integer) ca)) {
                                sm.fabric.faults().linkUp(ca, 1);
                                return "host " + ca + " cable up";
                            }
                            hostCablesCut.add(ca);
                            sm.fabric.faults().linkDown(ca, 1);
                            return "host " + ca + " cable down";
                        }
                    }
                }
            }
            throw new AssertionError("no change possible");
        }

        private boolean isCut(int[] c) {
            return cut.contains(c);
        }

        /** Whether every switch present reaches the SM's switch over cables that are up. */
        private boolean connected() {
            Set<Integer> seen = new HashSet<>(List.of(smSwitch));
            ArrayDeque<Integer> queue = new ArrayDeque<>(seen);
            while (!queue.isEmpty()) {
                int n = queue.poll();
                for (int[] c : switchCables) {
                    if (isCut(c) || removed.contains(c[0]) || removed.contains(c[2])) {
                        continue;
                    }
                    int other = c[0] == n ? c[2] : c[2] == n ? c[0] : -1;
                    if (other >= 0 && seen.add(other)) {
                        queue.add(other);
                    }
                }
            }
            long present = switchCables.stream().flatMap(c -> Stream.of(c[0], c[2])).distinct()
                    .filter(n -> !removed.contains(n)).count();
            return seen.size() == present;
        }
    }
}
