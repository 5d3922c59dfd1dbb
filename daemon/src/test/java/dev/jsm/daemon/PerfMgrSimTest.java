package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfManager;
import dev.jsm.daemon.perfmgr.PerfMgrCommands;
import dev.jsm.daemon.perfmgr.PerfMgrFabric;
import dev.jsm.daemon.perfmgr.PerfMgrSettings;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.daemon.perfmgr.PortHistory;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyParseException;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The performance manager end to end on the in-JVM simulator, whose PMAs count every MAD that crosses a cable (as
 * ibsim's do) and take errors, XmitWait and traffic from the test: two switches joined by two cables, the SM on
 * {@code sm}, hosts {@code h1} (on s1), {@code h2} and {@code h3} (on s2). Sweeps are started through the console
 * command ({@code perfmgr sweep}); the SM itself sends nothing between them ({@code sweep_interval 0}).
 */
class PerfMgrSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
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
    private static final Topology T = parse();
    private static final int S1 = T.indexOfName("s1");
    private static final int S2 = T.indexOfName("s2");
    private static final int H1 = T.indexOfName("h1");
    private static final int H2 = T.indexOfName("h2");
    private static final int H3 = T.indexOfName("h3");

    @TempDir
    Path dir;

    @Test
    void theCountersAgreeWithTheSimulatorsPmas() throws Exception {
        try (SimSm sm = start()) {
            sweep(sm);
            PerfSnapshot first = sweep(sm);
            assertThat(sm.fabric.awaitIdle(UP)).isTrue();
            PortCountersExtended h2Now = sm.fabric.portCountersExtended(H2, 1);
            PortCounters s1Now = sm.fabric.portCounters(S1, 5);
            PerfSnapshot second = sweep(sm);

            // h2's cable carries only its own queries: the reading of PortCountersExtended saw every request, and
            // every response but its own
            PerfSnapshot.Node h2 = node(first, T.node(H2).nodeGuid());
            assertThat(h2.total(1, Counter.XMIT_PKTS) + 1).isEqualTo(h2Now.portXmitPkts());
            assertThat(h2.total(1, Counter.RCV_PKTS)).isEqualTo(h2Now.portRcvPkts());
            assertThat(h2.total(1, Counter.XMIT_DATA) + 72).isEqualTo(h2Now.portXmitData());
            assertThat(h2.total(1, Counter.UNICAST_XMIT_PKTS) + 1).isEqualTo(h2Now.portUnicastXmitPkts());
            for (int i = 0; i < Counter.ERRORS; i++) {
                assertThat(h2.total(1, Counter.at(i))).isZero();
            }
            // a switch port other queries cross: between the two sweeps' readings
            long s1Before = node(first, T.node(S1).nodeGuid()).total(5, Counter.XMIT_PKTS);
            long s1After = node(second, T.node(S1).nodeGuid()).total(5, Counter.XMIT_PKTS);
            assertThat(s1Now.portXmitPkts()).isBetween(s1Before, s1After);
            assertThat(second.portsRead()).as("every switch port and CA port").isEqualTo(2 * 8 + 4);
            assertThat(second.madsUnanswered()).isZero();
        }
    }

    /** Every port read gets a sample per sweep from its second reading on: the port page's history. */
    @Test
    void everyPortKeepsItsRatesOverTheSweeps() throws Exception {
        try (SimSm sm = start()) {
            PerfSnapshot last = null;
            for (int i = 0; i < 3; i++) {
                Thread.sleep(5);
                last = sweep(sm);
            }
            PortHistory h = sm.daemon.perfManager().history();
            int ports = 0;
            for (PerfSnapshot.Node n : last.nodes()) {
                for (int p = n.firstPort(); p <= n.numPorts(); p++) {
                    assertThat(h.of(n.guid(), p)).as("%s port %d", n.name(), p).hasSize(2);
                    ports++;
                }
            }
            assertThat(ports).isEqualTo(2 * 8 + 4);
            List<PortHistory.Sample> crossed = h.of(T.node(S1).nodeGuid(), 1);
            assertThat(crossed.get(1).xmitBytesPerSecond()).as("the SM's queries cross s1's port 1").isPositive();
        }
    }

    @Test
    void errorIncreasesAreCountedAndLoggedWithTheCable() throws Exception {
        try (SimSm sm = start("perfmgr_xmit_wait_log", "TRUE", "perfmgr_xmit_wait_threshold", "100");
             LogCapture log = LogCapture.open(PerfManager.class)) {
            sweep(sm);
            sm.fabric.faults().addPortErrors(S1, 5, 0, 7);
            sm.fabric.faults().addXmitWait(S2, 1, 150);
            PerfSnapshot s = sweep(sm);

            PerfSnapshot.Node s1 = node(s, T.node(S1).nodeGuid());
            assertThat(s1.total(5, Counter.SYMBOL_ERROR)).isEqualTo(7);
            assertThat(s1.errorRates()[5]).isPositive();
            assertThat(log.containing("PERF-1001 SymbolErrorCounter : 7 : node \"s1\"")).hasSize(1).first()
                    .asString().contains(": port 5 connected to \"s2\"", ": port 5");
            assertThat(log.containing("PERF-1013 PortXmitWait : 150 : node \"s2\"")).hasSize(1);

            sm.fabric.faults().addXmitWait(S2, 1, 50);
            sweep(sm);
            assertThat(log.containing("PERF-1013")).as("below the threshold").hasSize(1);
            assertThat(log.containing("PERF-1001")).as("no new errors").hasSize(1);
        }
    }

    @Test
    void countersNearFullAreClearedAndTheTotalsGoOnIn64Bits() throws Exception {
        try (SimSm sm = start()) {
            sm.fabric.faults().setPerfMgtCapabilities(H3, PerfMgt.CAP_XMIT_WAIT);
            sm.fabric.faults().addPortErrors(H1, 1, 3, 50_000);
            sm.fabric.faults().addPortTraffic(H3, 1, false, 0xD000_0000L, 1000);
            sweep(sm);
            assertThat(sm.fabric.awaitIdle(UP)).isTrue();
            assertThat(sm.fabric.portCounters(H1, 1).portRcvErrors()).as("cleared at 3/4 of 16 bits").isZero();
            assertThat(sm.fabric.portCounters(H3, 1).portXmitData()).as("no extended counters: cleared at 3/4 of 32 "
                    + "bits").isLessThan(1000);
            sm.fabric.faults().addPortErrors(H1, 1, 3, 30_000);
            sm.fabric.faults().addPortTraffic(H3, 1, false, 0xD000_0000L, 1000);
            PerfSnapshot s = sweep(sm);

            assertThat(node(s, T.node(H1).nodeGuid()).total(1, Counter.RCV_ERRORS)).isEqualTo(80_000);
            assertThat(node(s, T.node(H3).nodeGuid()).total(1, Counter.XMIT_DATA)).isGreaterThan(0x1_A000_0000L);
            assertThat(s.countersCleared()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void aClearBySomeoneElseIsDetectedAndCountedWhole() throws Exception {
        try (SimSm sm = start(); LogCapture log = LogCapture.open(PerfManager.class)) {
            sm.fabric.faults().addPortErrors(H2, 1, 0, 10);
            sweep(sm);
            SubnetSnapshot snap = sm.daemon.view().snapshot();
            int h2Lid = snap.endPort(T.node(H2).portGuid(1)).lidRange().base();
            try (SimMadChannel other = sm.fabric.openChannel(H3, 1)) {
                byte[] clear = PerfMgt.request(0x02, PerfMgt.PORT_COUNTERS, 0x99);
                PortCounters.clear(1, PortCounters.SELECT_ALL, 1).encodeTo(clear, PerfMgt.DATA_OFFSET);
                other.send(MadAddress.gsi(h2Lid, 0, 0), clear, clear.length);
                assertThat(sm.fabric.awaitIdle(UP)).isTrue();
            }
            sm.fabric.faults().addPortErrors(H2, 1, 0, 3);
            PerfSnapshot s = sweep(sm);

            assertThat(node(s, T.node(H2).nodeGuid()).total(1, Counter.SYMBOL_ERROR)).isEqualTo(13);
            assertThat(log.containing("PERF-1020 detected an out of band error counter clear on node \"h2\""))
                    .hasSize(1);
            assertThat(s.clearedElsewhere()).isEqualTo(1);
        }
    }

    @Test
    void ignoreCasReadsTheSwitchesOnly() throws Exception {
        try (SimSm sm = start("perfmgr_ignore_cas", "TRUE")) {
            PerfSnapshot s = sweep(sm);
            assertThat(s.nodes()).extracting(PerfSnapshot.Node::name).containsExactlyInAnyOrder("s1", "s2");
        }
    }

    @Test
    void nodesThatLeaveAreForgottenOrKeptAsInactive() throws Exception {
        for (boolean rm : new boolean[] {true, false}) {
            try (SimSm sm = start("perfmgr_rm_nodes", rm ? "TRUE" : "FALSE")) {
                sweep(sm);
                sm.fabric.faults().removeNode(H3);
                sm.daemon.events().request(dev.jsm.daemon.loop.SmEvent.HEAVY_SWEEP, "test");
                sm.awaitSubnetUp(UP);
                PerfSnapshot s = sweep(sm);
                if (rm) {
                    assertThat(s.nodes()).extracting(PerfSnapshot.Node::name).doesNotContain("h3");
                } else {
                    assertThat(node(s, T.node(H3).nodeGuid()).active()).isFalse();
                    assertThat(PerfMgrCommands.run(sm.daemon.perfManager(), "clear_inactive"))
                            .isEqualTo("Removed 1 nodes from Database\n");
                }
            }
        }
    }

    /** {@code dump_counters} writes to {@code event_db_dump_file}, else to the dump directory's default file. */
    @Test
    void dumpCountersWritesTheEventDbDumpFile() throws Exception {
        Path file = dir.resolve("counters.txt");
        try (SimSm sm = start("event_db_dump_file", file.toString())) {
            sweep(sm);
            assertThat(PerfMgrCommands.run(sm.daemon.perfManager(), "dump_counters")).isEmpty();
            assertThat(Files.readString(file)).contains("s1");
            assertThat(dir.resolve(PerfMgrSettings.DEFAULT_DUMP_FILE)).doesNotExist();
        }
    }

    @Test
    void withoutClassPortInfoOnlyPortCountersAreRead() throws Exception {
        try (SimSm sm = start("perfmgr_query_cpi", "FALSE")) {
            PerfSnapshot s = sweep(sm);
            PerfSnapshot.Node h2 = node(s, T.node(H2).nodeGuid());
            assertThat(h2.total(1, Counter.XMIT_PKTS)).isPositive();
            assertThat(h2.total(1, Counter.UNICAST_XMIT_PKTS)).as("no PortCountersExtended").isZero();
            assertThat(sm.fabric.portCountersExtended(H2, 1).portUnicastXmitPkts()).isPositive();
        }
    }

    @Test
    void aRedirectingPmaIsFollowedOnlyWithPerfmgrRedir() throws Exception {
        for (boolean follow : new boolean[] {true, false}) {
            try (SimSm sm = start("perfmgr_redir", follow ? "TRUE" : "FALSE");
                 LogCapture log = LogCapture.open(PerfManager.class)) {
                sm.fabric.faults().redirectPerfMgt(S2, 0x42);
                PerfSnapshot s = sweep(sm);
                PerfSnapshot.Node s2 = node(s, T.node(S2).nodeGuid());
                if (follow) {
                    assertThat(s2.read()[5]).isTrue();
                    assertThat(s2.total(5, Counter.RCV_PKTS)).isPositive();
                    assertThat(PerfMgrCommands.run(sm.daemon.perfManager(), "dump_redir s2"))
                            .contains("Redirection Table", "   5    1      ", "0xffff 0x42   0");
                } else {
                    assertThat(s2.read()).containsOnly(false);
                    assertThat(log.containing("PERF-1040 node \"s2\"")).isNotEmpty().first().asString()
                            .contains("perfmgr_redir is FALSE");
                }
            }
        }
    }

    @Test
    void nothingIsSweptBeforeAFabricIsKnown() throws Exception {
        try (SimSm sm = start()) {
            AtomicReference<SubnetSnapshot> fabric = new AtomicReference<>();
            PerfMgrSettings settings = PerfMgrSettings.of(SimSm.options("perfmgr", "TRUE"), dir);
            try (PerfManager pm = new PerfManager(settings, sm.daemon.transactions(), () -> 0,
                    PerfMgrFabric.of(fabric::get), NodeNameMap.NONE, System::nanoTime, System::currentTimeMillis)) {
                PerfMgrCommands.run(pm, "sweep");
                assertThat(pm.snapshot().madsSent()).isZero();
                assertThat(PerfMgrCommands.run(pm, "")).contains("state                        : Enabled",
                        "sweep state                  : Sleeping");
                fabric.set(sm.daemon.view().snapshot());
                PerfMgrCommands.run(pm, "sweep");
                // the sweep may already be over when the status is read: judge by what it sent
                sm.awaitUntil(() -> pm.snapshot().madsSent() > 0, UP);
            }
        }
    }

    /**
     * A standby's performance manager sweeps as OpenSM's does: the fabric its own discovery found (Gets only), each
     * port at the LID the master assigned, and not one SMP Set.
     */
    @Test
    void aStandbyReadsTheCountersAtTheMastersLidsSendingNoSet() throws Exception {
        try (SimSm master = start("sm_priority", "10");
             SimSm standby = SimSm.at(master.fabric, H1, dir.resolve("standby"), "perfmgr", "TRUE",
                     "perfmgr_sweep_time_s", "3600", "sm_priority", "1")) {
            standby.awaitUntil(() -> standby.daemon.state() == SmState.STANDBY
                    && standby.sweepsEnded.contains(SweepKind.HEAVY), UP);
            long nodeInfoGets = nodeInfoGets(standby);
            PerfSnapshot s = sweep(standby);

            assertThat(nodeInfoGets(standby)).as("the fabric discovered again before the sweep")
                    .isGreaterThanOrEqualTo(nodeInfoGets + T.nodeCount());
            assertThat(standby.daemon.state()).isEqualTo(SmState.STANDBY);
            PerfSnapshot.Node s2 = node(s, T.node(S2).nodeGuid());
            assertThat(s2.read()[5]).as("s2 port 5, asked at s2's LID").isTrue();
            assertThat(s2.total(5, Counter.RCV_PKTS)).isPositive();
            PerfSnapshot.Node h3 = node(s, T.node(H3).nodeGuid());
            assertThat(h3.read()[1]).as("h3, asked at the LID the master gave it").isTrue();
            assertThat(s.portsRead()).as("the ports the master's performance manager reads")
                    .isEqualTo(sweep(master).portsRead());
            assertThat(standby.counted.configurationSets()).as("a standby sends no Set").isZero();
            assertThat(standby.daemon.management().counters().refusedSets()).isZero();
        }
    }

    /** An SM that stays NOTACTIVE ({@code sm_inactive}) never sweeps; its performance manager discovers and reads. */
    @Test
    void anInactiveSmsPerformanceManagerDiscoversTheFabricAndReadsIt() throws Exception {
        try (SimSm master = start("sm_priority", "10");
             SimSm inactive = SimSm.at(master.fabric, H1, dir.resolve("inactive"), "perfmgr", "TRUE",
                     "perfmgr_sweep_time_s", "3600", "sm_inactive", "TRUE")) {
            PerfSnapshot s = sweep(inactive);

            assertThat(inactive.daemon.state()).isEqualTo(SmState.NOT_ACTIVE);
            assertThat(inactive.sweepsEnded).as("no sweep of its own").isEmpty();
            assertThat(s.portsRead()).isEqualTo(sweep(master).portsRead());
            assertThat(inactive.counted.configurationSets()).isZero();
            assertThat(inactive.daemon.management().counters().refusedSets()).isZero();
        }
    }

    private static long nodeInfoGets(SimSm sm) {
        return sm.daemon.madStats().sentOfAttribute(AttributeId.NODE_INFO.value());
    }

    private static Topology parse() {
        try {
            return TopologyReader.parse(NET, "perfmgr");
        } catch (TopologyParseException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SimSm start(String... extra) throws Exception {
        String[] options = new String[extra.length + 4];
        options[0] = "perfmgr";
        options[1] = "TRUE";
        options[2] = "perfmgr_sweep_time_s";
        options[3] = "3600";
        System.arraycopy(extra, 0, options, 4, extra.length);
        SimSm sm = SimSm.start(T, dir, options);
        sm.awaitSubnetUp(UP);
        return sm;
    }

    /** Starts a sweep through the console command and waits until it ended; returns what it published. */
    static PerfSnapshot sweep(SimSm sm) throws InterruptedException {
        PerfManager pm = sm.daemon.perfManager();
        long before = pm.snapshot().sweeps();
        assertThat(PerfMgrCommands.run(pm, "sweep")).isEqualTo("sweep initiated...\n");
        long end = System.nanoTime() + UP.toNanos();
        while (pm.snapshot().sweeps() == before) {
            assertThat(System.nanoTime() - end).as("perfmgr sweep ended").isNegative();
            Thread.sleep(5);
        }
        return pm.snapshot();
    }

    static PerfSnapshot.Node node(PerfSnapshot s, long guid) {
        return s.nodes().stream().filter(n -> n.guid() == guid).findFirst().orElseThrow();
    }
}
