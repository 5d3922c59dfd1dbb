package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two or three daemons on one simulated fabric, each on its own CA port, the simulator carrying their SMInfo MADs to
 * each other as ibsim does: the election, standby without a single configuration Set, failover by polling timeout,
 * handover to a higher SM, and the LIDs and LFTs a takeover leaves unchanged.
 */
class HighAvailabilitySimTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Fast polling so that a failover takes a fraction of a second. */
    private static final String[] FAST_POLLING = {"sminfo_polling_timeout", "100", "polling_retry_number", "2"};

    @TempDir
    Path dir;

    @Test
    void aLowerSmStandsBySendingNoSetAndTakesOverKeepingEveryLidAndLft() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm high = SimSm.at(fabric, ca(fabric, 0), dir.resolve("high"), with("sm_priority", "10"))) {
            high.awaitSubnetUp(WAIT);
            List<Integer> lidsBefore = lids(fabric);
            List<Integer> lftsBefore = lfts(fabric);
            try (SimSm low = SimSm.at(fabric, ca(fabric, 1), dir.resolve("low"), with("sm_priority", "1"))) {
                await(() -> low.daemon.state() == SmState.STANDBY, "the lower SM stands by");
                assertThat(high.daemon.state()).isEqualTo(SmState.MASTER);
                assertThat(low.daemon.ha().status().masterGuid()).isEqualTo(high.channel.localPort().portGuid());
                assertThat(low.counted.configurationSets()).as("a standby sends no Set").isZero();
                assertThat(low.daemon.management().counters().refusedSets()).isZero();

                high.kill();
                low.awaitSubnetUp(WAIT);

                assertThat(low.daemon.state()).isEqualTo(SmState.MASTER);
                assertThat(lids(fabric)).as("every port keeps its LID").isEqualTo(lidsBefore);
                assertThat(lfts(fabric)).as("no LFT entry changes").isEqualTo(lftsBefore);
            }
        }
    }

    @Test
    void aWarmStandbyReadsTheLftsWithGetsAndItsTakeoverSendsNoLftBlock() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=8"), 7);
             SimSm high = SimSm.at(fabric, ca(fabric, 0), dir.resolve("high"), with("sm_priority", "10"))) {
            high.awaitSubnetUp(WAIT);
            List<Integer> lidsBefore = lids(fabric);
            List<Integer> lftsBefore = lfts(fabric);
            try (SimSm low = SimSm.at(fabric, ca(fabric, 1), dir.resolve("low"), with("sm_priority", "1"))) {
                await(() -> low.sweepsEnded.contains(SweepKind.HEAVY), "the standby's sweep and LFT read");
                assertThat(low.daemon.state()).isEqualTo(SmState.STANDBY);
                assertThat(low.daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value()))
                        .as("the standby read every LFT block the master programmed")
                        .isGreaterThanOrEqualTo(lftBlocks(fabric));
                assertThat(low.counted.configurationSets()).as("a standby sends no Set").isZero();

                high.kill();
                low.awaitSubnetUp(WAIT);

                assertThat(low.counted.lftBlockSets()).as("the takeover sends no LFT block").isZero();
                assertThat(lids(fabric)).as("every port keeps its LID").isEqualTo(lidsBefore);
                assertThat(lfts(fabric)).as("no LFT entry changes").isEqualTo(lftsBefore);
            }
        }
    }

    @Test
    void aStandbyWithACurrentModelTakesOverWithoutADiscoveryAndChangesNothing() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=8"), 7);
             SimSm high = SimSm.at(fabric, ca(fabric, 0), dir.resolve("high"), with("sm_priority", "10"))) {
            high.awaitSubnetUp(WAIT);
            List<Integer> lidsBefore = lids(fabric);
            List<Integer> lftsBefore = lfts(fabric);
            try (SimSm low = SimSm.at(fabric, ca(fabric, 1), dir.resolve("low"),
                    with("sm_priority", "1", "sweep_interval", "1"))) {
                await(() -> low.sweepsEnded.contains(SweepKind.HEAVY), "the standby's sweep and LFT read");
                assertThat(low.daemon.state()).isEqualTo(SmState.STANDBY);
                long nodeInfos = low.nodeInfoGets();
                assertThat(nodeInfos).as("the standby discovered the fabric").isGreaterThanOrEqualTo(nodes(fabric));

                high.kill();
                SubnetSnapshot up = low.awaitSubnetUp(WAIT);

                assertThat(nodeInfosAtFirstSubnetUp(low)).as("no NodeInfo read before the takeover's SUBNET UP")
                        .isEqualTo(nodeInfos);
                assertThat(low.daemon.state()).isEqualTo(SmState.MASTER);
                assertThat(low.daemon.ha().status().saAnswers()).as("the SA answers").isTrue();
                assertThat(lidsBefore).as("the SA's view has every port by its LID")
                        .allSatisfy(lid -> assertThat(up.endPortByLid(lid)).isNotNull());
                assertThat(lids(fabric)).as("every port keeps its LID").isEqualTo(lidsBefore);
                assertThat(lfts(fabric)).as("no LFT entry changes").isEqualTo(lftsBefore);
                int smLid = fabric.portInfo(ca(fabric, 1), 1).lid();
                assertThat(masterSmLids(fabric)).as("every end port names the new master").containsOnly(smLid);

                low.awaitSubnetUp(WAIT);
                assertThat(low.nodeInfoGets()).as("the full heavy sweep after SUBNET UP")
                        .isGreaterThanOrEqualTo(nodeInfos + nodes(fabric));
                assertThat(low.counted.lftBlockSets()).as("no LFT block, then or after").isZero();
                assertThat(lids(fabric)).as("every port keeps its LID").isEqualTo(lidsBefore);
                assertThat(lfts(fabric)).as("no LFT entry changes").isEqualTo(lftsBefore);
            }
        }
    }

    @Test
    void aTakeoverAfterTheFabricChangedChecksSwitchInfoAndFallsBackToAFullSweep() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=8"), 7);
             SimSm high = SimSm.at(fabric, ca(fabric, 0), dir.resolve("high"), with("sm_priority", "10"))) {
            high.awaitSubnetUp(WAIT);
            try (SimSm low = SimSm.at(fabric, ca(fabric, 1), dir.resolve("low"),
                    with("sm_priority", "1", "sweep_interval", "1"))) {
                await(() -> low.sweepsEnded.contains(SweepKind.HEAVY), "the standby's sweep and LFT read");
                long nodeInfos = low.nodeInfoGets();
                int gone = ca(fabric, 2);
                int goneLid = fabric.portInfo(gone, 1).lid();

                // the master goes silent, then, well before the polling timeout, a cable the model holds as up goes
                // down (PortStateChange on its switch, which no master clears)
                high.channel.close();
                fabric.faults().linkDown(gone, 1);
                high.kill();
                low.awaitSubnetUp(WAIT);

                assertThat(nodeInfosAtFirstSubnetUp(low)).as("a full discovery before SUBNET UP")
                        .isGreaterThanOrEqualTo(nodeInfos + nodes(fabric) - 1);
                assertThat(low.daemon.state()).isEqualTo(SmState.MASTER);
                int smLid = fabric.portInfo(ca(fabric, 1), 1).lid();
                for (int sw : switchNodes(fabric)) {
                    assertThat(fabric.lftPort(sw, smLid)).as("the new master is routed to").isNotEqualTo(255);
                    assertThat(fabric.lftPort(sw, goneLid)).as("the host gone is routed to no port").isEqualTo(255);
                }
            }
        }
    }

    @Test
    void aStandbyStartedBeforeTheMasterConfiguredCatchesUpOnItsTimerAndTakesOverWithoutLftSets() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=8"), 7);
             SimSm high = SimSm.at(fabric, ca(fabric, 0), dir.resolve("high"), with("sm_priority", "10"));
             SimSm low = SimSm.at(fabric, ca(fabric, 1), dir.resolve("low"),
                     with("sm_priority", "1", "sweep_interval", "1"))) {
            high.awaitSubnetUp(WAIT);
            await(() -> low.daemon.state() == SmState.STANDBY, "the lower SM stands by");
            long blocks = lftBlocks(fabric);
            // its first read may have met blank switches: the refreshes read again those whose LinearFDBTop moved
            await(() -> low.daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value()) > blocks,
                    "the standby's refreshes read the programmed LFTs");
            long lftGets = low.daemon.madStats().sentOfAttribute(AttributeId.LINEAR_FORWARDING_TABLE.value());
            await(() -> low.daemon.madStats().sentOfAttribute(AttributeId.SWITCH_INFO.value()) > 2L * switches(fabric),
                    "two more refreshes");
            List<Integer> lidsBefore = lids(fabric);
            List<Integer> lftsBefore = lfts(fabric);
            assertThat(low.counted.configurationSets()).as("a standby sends no Set").isZero();

            high.kill();
            low.awaitSubnetUp(WAIT);

            assertThat(lftGets).isGreaterThan(blocks);
            assertThat(low.counted.lftBlockSets()).as("the takeover sends no LFT block").isZero();
            assertThat(lids(fabric)).as("every port keeps its LID").isEqualTo(lidsBefore);
            assertThat(lfts(fabric)).as("no LFT entry changes").isEqualTo(lftsBefore);
        }
    }

    @Test
    void aMasterThatStopsHandsOverToTheStandbyAtOnce() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm master = SimSm.at(fabric, ca(fabric, 0), dir.resolve("master"), "sm_priority", "10",
                     "sweep_interval", "1");
             SimSm standby = SimSm.at(fabric, ca(fabric, 1), dir.resolve("standby"), "sm_priority", "1")) {
            master.awaitSubnetUp(WAIT);
            await(() -> standby.daemon.state() == SmState.STANDBY, "the lower SM stands by");
            long standbyGuid = standby.channel.localPort().portGuid();
            // the master learns of a new SM at its next heavy sweep (the standby's Trap 144 asks for one) or, when its
            // discovery met the standby's port while that SM was still discovering, at its next light sweep
            await(() -> master.daemon.ha().remoteSms().stream()
                    .anyMatch(r -> r.guid() == standbyGuid && r.state() == SmState.STANDBY), "the master knows it");
            List<Integer> lidsBefore = lids(fabric);

            master.close();

            // the standby answers the HANDOVER before it acts on it: the master may have exited a moment before the
            // standby's state machine says MASTER
            await(() -> standby.daemon.state() == SmState.MASTER, "the standby takes over after the HANDOVER");
            standby.awaitSubnetUp(WAIT);
            assertThat(lids(fabric)).isEqualTo(lidsBefore);
        }
    }

    @Test
    void aHigherSmStartedLaterGetsTheMastershipByHandoverAndNoLidChanges() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm low = SimSm.at(fabric, ca(fabric, 0), dir.resolve("low"), with("sm_priority", "1"))) {
            low.awaitSubnetUp(WAIT);
            List<Integer> lidsBefore = lids(fabric);
            try (SimSm high = SimSm.at(fabric, ca(fabric, 1), dir.resolve("high"), with("sm_priority", "10"))) {
                high.awaitSubnetUp(WAIT);
                await(() -> low.daemon.state() == SmState.STANDBY, "the lower master hands over");

                assertThat(high.daemon.state()).isEqualTo(SmState.MASTER);
                assertThat(low.daemon.ha().status().masterGuid()).isEqualTo(high.channel.localPort().portGuid());
                assertThat(lids(fabric)).isEqualTo(lidsBefore);
            }
        }
    }

    @Test
    void raisingTheStandbysPriorityMovesTheMasterToIt() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm first = SimSm.at(fabric, ca(fabric, 0), dir.resolve("first"), with("sm_priority", "5"));
             SimSm second = SimSm.at(fabric, ca(fabric, 1), dir.resolve("second"), with("sm_priority", "3"))) {
            first.awaitSubnetUp(WAIT);
            await(() -> second.daemon.state() == SmState.STANDBY, "the second SM stands by");
            List<Integer> lidsBefore = lids(fabric);

            second.daemon.ha().setPriority(9);

            second.awaitSubnetUp(WAIT);
            await(() -> first.daemon.state() == SmState.STANDBY, "the first SM hands over");
            assertThat(second.daemon.state()).isEqualTo(SmState.MASTER);
            assertThat(lids(fabric)).isEqualTo(lidsBefore);
        }
    }

    @Test
    void equalPrioritiesElectTheLowerPortGuidWhateverTheStartOrder() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        try (SimFabric fabric = new SimFabric(t, 7)) {
            int a = ca(fabric, 0);
            int b = ca(fabric, 1);
            int lower = Long.compareUnsigned(t.node(a).portGuid(1), t.node(b).portGuid(1)) < 0 ? a : b;
            int higher = lower == a ? b : a;
            try (SimSm first = SimSm.at(fabric, higher, dir.resolve("first"));
                 SimSm second = SimSm.at(fabric, lower, dir.resolve("second"))) {
                second.awaitSubnetUp(WAIT);
                await(() -> first.daemon.state() == SmState.STANDBY, "the SM with the higher GUID stands by");
            }
        }
    }

    @Test
    void withIgnoreOtherSmBothStayMasterAsOpenSmWould() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm a = SimSm.at(fabric, ca(fabric, 0), dir.resolve("a"), "ignore_other_sm", "TRUE")) {
            a.awaitSubnetUp(WAIT);
            try (SimSm b = SimSm.at(fabric, ca(fabric, 1), dir.resolve("b"), "ignore_other_sm", "TRUE")) {
                b.awaitSubnetUp(WAIT);
                assertThat(a.daemon.state()).isEqualTo(SmState.MASTER);
                assertThat(b.daemon.state()).isEqualTo(SmState.MASTER);
            }
        }
    }

    @Test
    void anInactiveSmSweepsNothingAndAnswersAsNotActive() throws Exception {
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"), 7);
             SimSm inactive = SimSm.at(fabric, ca(fabric, 1), dir.resolve("inactive"), "sm_inactive", "TRUE");
             SimSm master = SimSm.at(fabric, ca(fabric, 0), dir.resolve("master"))) {
            master.awaitSubnetUp(WAIT);
            assertThat(inactive.daemon.state()).isEqualTo(SmState.NOT_ACTIVE);
            assertThat(inactive.counted.configurationSets()).isZero();
            assertThat(inactive.daemon.madStats().sentOfAttribute(AttributeId.NODE_INFO.value())).as("no sweep")
                    .isZero();
            assertThat(master.daemon.state()).isEqualTo(SmState.MASTER);
            assertThat(master.daemon.ha().remoteSms()).singleElement()
                    .satisfies(r -> assertThat(r.state()).isEqualTo(SmState.NOT_ACTIVE));
        }
    }

    /** The options of an SM in these tests: fast polling, plus {@code pairs}. */
    private static String[] with(String... pairs) {
        String[] all = new String[FAST_POLLING.length + pairs.length];
        System.arraycopy(FAST_POLLING, 0, all, 0, FAST_POLLING.length);
        System.arraycopy(pairs, 0, all, FAST_POLLING.length, pairs.length);
        return all;
    }

    /** The {@code i}-th CA of the fabric. */
    private static int ca(SimFabric fabric, int i) {
        return SimSm.cas(fabric.topology()).get(i);
    }

    /** The LID every CA port and switch port 0 carries, in node order. */
    private static List<Integer> lids(SimFabric fabric) {
        return ofEndPorts(fabric, PortInfo::lid);
    }

    /** {@code field} of every CA port's and switch port 0's PortInfo, in node order. */
    private static List<Integer> ofEndPorts(SimFabric fabric, ToIntFunction<PortInfo> field) {
        Topology t = fabric.topology();
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                out.add(field.applyAsInt(fabric.portInfo(n, 0)));
            } else {
                for (int p = 1; p <= t.node(n).numPorts(); p++) {
                    out.add(field.applyAsInt(fabric.portInfo(n, p)));
                }
            }
        }
        return out;
    }

    /** The LFT blocks the switches hold up to their LinearFDBTop. */
    private static long lftBlocks(SimFabric fabric) {
        long blocks = 0;
        for (int n = 0; n < fabric.topology().nodeCount(); n++) {
            if (fabric.topology().node(n).kind() == NodeKind.SWITCH) {
                blocks += fabric.switchInfo(n).linearFdbTop() / 64 + 1;
            }
        }
        return blocks;
    }

    private static long nodeInfosAtFirstSubnetUp(SimSm sm) {
        return sm.madsAtSubnetUp.get(0).sentOfAttribute(AttributeId.NODE_INFO.value());
    }

    private static int nodes(SimFabric fabric) {
        return fabric.topology().nodeCount();
    }

    private static List<Integer> switchNodes(SimFabric fabric) {
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < fabric.topology().nodeCount(); n++) {
            if (fabric.topology().node(n).kind() == NodeKind.SWITCH) {
                out.add(n);
            }
        }
        return out;
    }

    /** The MasterSMLID of every CA port and switch port 0. */
    private static List<Integer> masterSmLids(SimFabric fabric) {
        return ofEndPorts(fabric, PortInfo::masterSmLid);
    }

    private static int switches(SimFabric fabric) {
        return switchNodes(fabric).size();
    }

    /** Every switch's LFT entries for the LIDs in use, in node and LID order. */
    private static List<Integer> lfts(SimFabric fabric) {
        Topology t = fabric.topology();
        int maxLid = lids(fabric).stream().mapToInt(Integer::intValue).max().orElse(0);
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                for (int lid = 1; lid <= maxLid; lid++) {
                    out.add(fabric.lftPort(n, lid));
                }
            }
        }
        return out;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + WAIT + ": " + what);
            }
            Thread.sleep(10);
        }
    }
}
