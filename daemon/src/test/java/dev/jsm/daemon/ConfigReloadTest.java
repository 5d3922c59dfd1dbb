package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.SweepOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.log.LogSettings;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.route.StepOptions;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The config file is re-read at every heavy sweep: a changed reloadable option takes effect at that sweep, other
 * changes wait for a restart. Each test edits the file and asks for a heavy sweep, as a SIGHUP does, then looks at
 * the effect: on the simulator's ports and switches, in the log, on the MAD window, in the routes.
 */
class ConfigReloadTest {

    private static final String START = "sweep_interval 0\n";

    @TempDir
    Path dir;

    @Test
    void aHeavySweepAppliesReloadableChangesOnly() throws Exception {
        try (Running r = start("fat2:k=4", START + "sweep_on_trap TRUE\nlmc 0\n")) {
            r.reload(START + "sweep_on_trap FALSE\nlmc 2\n");
            assertThat(r.daemon.options().get(SweepOptions.SWEEP_ON_TRAP)).isFalse();
            assertThat(r.daemon.options().lmc()).isZero();
        }
    }

    /**
     * An option jsm honours ({@code perfmgr TRUE}, {@code connect_roots TRUE}) or acts as anyway
     * ({@code force_log_flush TRUE}) is not warned about (no value of today's table is unhonoured: the warning itself
     * is held by conf's {@code OptionStatusTableTest}); a reload warns only of the changes that need a restart.
     */
    @Test
    void honouredOptionsAreNotWarnedAboutAndARestartOnlyChangeIs() throws Exception {
        String conf = START + "perfmgr TRUE\nsingle_thread TRUE\nconnect_roots TRUE\nexit_on_fatal FALSE\n"
                + "force_log_flush TRUE\n";
        try (LogCapture log = LogCapture.open(OptionChanges.class);
             Running r = start("fat2:k=4", conf)) {
            assertThat(log.containing("MAIN-08")).isEmpty();
            r.reload(conf + "lmc 1\nsa_db_dump FALSE\n");
            r.reload(conf.replace("perfmgr TRUE", "perfmgr FALSE") + "lmc 1\n");
            assertThat(log.containing("MAIN-08")).containsExactly(
                    "MAIN-0806 option lmc: 0 -> 1 needs a restart to take effect",
                    "MAIN-0806 option perfmgr: TRUE -> FALSE needs a restart to take effect");
        }
    }

    /** A re-read file that would lock the SM out of its M_Key-protected ports is refused whole, as at start. */
    @Test
    void aReloadThatWouldLockTheSmOutIsRefused() throws Exception {
        String keyed = START + "m_key 0x1234\nm_key_protection_level 2\nm_key_lease_period 60\n";
        try (LogCapture log = LogCapture.open(SweepLoop.class);
             Running r = start("fat2:k=4", keyed)) {
            r.reload(keyed.replace("m_key_lease_period 60", "m_key_lease_period 0") + "m_key_lookup FALSE\n"
                    + "sm_sl 3\n");
            assertThat(r.daemon.options().getInt(DeviceOptions.M_KEY_LEASE_PERIOD)).isEqualTo(60);
            assertThat(r.daemon.options().get(DeviceOptions.M_KEY_LOOKUP)).isTrue();
            assertThat(r.daemon.options().smSl()).as("nothing of that file applied").isZero();
            assertThat(log.containing("MAIN-0822")).singleElement().asString().contains("would lock the SM out",
                    "options unchanged");
        }
    }

    /** The PortInfo and SwitchInfo values the SM writes follow the file at the next heavy sweep. */
    @Test
    void portAndSwitchAttributesFollowTheFile() throws Exception {
        try (Running r = start("fat2:k=4", START)) {
            r.reload(START + """
                    sm_sl 3
                    subnet_timeout 17
                    m_key_lease_period 60
                    vl_stall_count 0x05
                    leaf_vl_stall_count 0x04
                    head_of_queue_lifetime 0x11
                    leaf_head_of_queue_lifetime 0x0c
                    local_phy_errors_threshold 0x05
                    overrun_errors_threshold 0x06
                    max_op_vls 2
                    packet_life_time 0x10
                    """);
            Topology t = r.fabric.topology();
            int ca = SimSm.firstCa(t);
            PortInfo end = r.fabric.portInfo(ca, 1);
            assertThat(end.masterSmSl()).isEqualTo(3);
            assertThat(end.subnetTimeout()).isEqualTo(17);
            assertThat(end.mKeyLeasePeriod()).isEqualTo(60);
            assertThat(end.localPhyErrors()).isEqualTo(5);
            assertThat(end.overrunErrors()).isEqualTo(6);
            assertThat(end.operationalVls()).isEqualTo(2);
            int leaf = t.peerNode(ca, 1);
            assertThat(r.fabric.switchInfo(leaf).lifeTimeValue()).isEqualTo(0x10);
            boolean sawLeafPort = false;
            boolean sawSwitchPort = false;
            for (int port = 1; port <= t.node(leaf).numPorts(); port++) {
                int peer = t.peerNode(leaf, port);
                if (peer < 0) {
                    continue;
                }
                PortInfo p = r.fabric.portInfo(leaf, port);
                boolean toSwitch = t.node(peer).kind() == NodeKind.SWITCH;
                assertThat(p.vlStallCount()).as("port %d", port).isEqualTo(toSwitch ? 5 : 4);
                assertThat(p.hoqLife()).as("port %d", port).isEqualTo(toSwitch ? 0x11 : 0x0c);
                assertThat(p.localPhyErrors()).isEqualTo(5);
                sawLeafPort |= !toSwitch;
                sawSwitchPort |= toSwitch;
            }
            assertThat(sawLeafPort && sawSwitchPort).isTrue();
        }
    }

    /** QoS switched on and a port class's SL2VL map take effect at the next heavy sweep. */
    @Test
    void qosFollowsTheFile() throws Exception {
        try (Running r = start("fat2:k=4", START)) {
            int ca = SimSm.firstCa(r.fabric.topology());
            int[] before = r.fabric.sl2Vl(ca, 0, 1);
            r.reload(START + "qos TRUE\nqos_ca_max_vls 4\nqos_ca_sl2vl 3,2,1,0,3,2,1,0,3,2,1,0,3,2,1,0\n");
            assertThat(r.fabric.sl2Vl(ca, 0, 1)).containsExactly(3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0)
                    .isNotEqualTo(before);
            r.reload(START + "qos TRUE\nqos_ca_max_vls 4\nqos_ca_sl2vl 0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3\n");
            assertThat(r.fabric.sl2Vl(ca, 0, 1)).containsExactly(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
        }
    }

    /**
     * {@code sm_priority} reaches the election at the next heavy sweep; a priority set on the console stays when a
     * reload changes other options.
     */
    @Test
    void thePriorityFollowsTheFileOnlyWhenItChanged() throws Exception {
        try (Running r = start("fat2:k=4", START + "sm_priority 1\n")) {
            r.reload(START + "sm_priority 7\n");
            assertThat(r.daemon.ha().status().priority()).isEqualTo(7);
            r.daemon.ha().setPriority(4);
            r.reload(START + "sm_priority 7\nsubnet_timeout 17\n");
            assertThat(r.daemon.ha().status().priority()).isEqualTo(4);
        }
    }

    /**
     * {@code activity_report_subjects} follows the file: off at start (no file), on for routing at a reload (the
     * reload's own routing is reported; an unknown subject is named and ignored; {@code virt} gets its note), off again
     * at the next (nothing more written).
     */
    @Test
    void theActivityReportSubjectsFollowTheFile() throws Exception {
        Path report = dir.resolve(ActivityReport.FILE_NAME);
        try (LogCapture log = LogCapture.open(ActivityReport.class);
             Running r = start("fat2:k=4", START)) {
            assertThat(report).doesNotExist();
            r.reload(START + "activity_report_subjects routing, virt, bogus\n");
            assertThat(Files.readAllLines(report)).singleElement().asString()
                    .endsWith(" 9 routing_succeed engine=minhop");
            assertThat(log.containing("DUMP-071")).containsExactly(
                    "DUMP-0711 activity_report_subjects: unknown subject 'bogus' ignored; expected a comma-separated "
                            + "list of mc, prtn, virt, routing, or all, or none");
            r.reload(START + "activity_report_subjects none\n");
            r.reload(START + "activity_report_subjects none\nscatter_ports 3\n");
            assertThat(Files.readAllLines(report)).hasSize(1);
        }
    }

    /** A {@code sweep_interval} set in the file starts the sweep timer. */
    @Test
    void theSweepTimerFollowsTheFile() throws Exception {
        try (Running r = start("fat2:k=4", START)) {
            r.reload("sweep_interval 1\n");
            assertThat(r.lightSweeps.poll(30, TimeUnit.SECONDS)).as("a light sweep").isTrue();
        }
    }

    /**
     * {@code force_heavy_sweep TRUE} set by a reload makes the sweep timer's sweeps heavy; set back to FALSE by
     * another reload, they are light again.
     */
    @Test
    void forceHeavySweepFollowsTheFile() throws Exception {
        try (Running r = start("fat2:k=4", START)) {
            r.reload("sweep_interval 1\nforce_heavy_sweep TRUE\n");
            r.awaitSubnetUp();
            r.awaitSubnetUp();
            assertThat(r.lightSweeps).as("only heavy sweeps").isEmpty();
            r.reload("sweep_interval 1\nforce_heavy_sweep FALSE\n");
            assertThat(r.lightSweeps.poll(30, TimeUnit.SECONDS)).as("a light sweep").isTrue();
        }
    }

    /** {@code max_wire_smps} widens the window of the sweep that follows the edit. */
    @Test
    void theSmpWindowFollowsTheFile() throws Exception {
        try (Running r = start("fat2:k=4", START + "max_wire_smps 1\n")) {
            assertThat(r.daemon.madStats().maxOutstandingSmps()).isEqualTo(1);
            // whether two SMPs are ever on the wire together depends on how fast the simulator answers (a loaded
            // machine may answer each before the next is sent): heavy sweeps until one shows it; with a window of 1
            // none ever could
            for (int sweep = 0; sweep < 10 && r.daemon.madStats().maxOutstandingSmps() < 2; sweep++) {
                r.reload(START + "max_wire_smps 6\n");
            }
            assertThat(r.daemon.madStats().maxOutstandingSmps()).isBetween(2, 6);
        }
    }

    /** A routing option reaches the engines: the next heavy sweep routes with it. */
    @Test
    void theRoutesFollowARoutingOption() throws Exception {
        String engine = START + "routing_engine minhop\n";
        try (Running r = start("fat2:k=4", engine)) {
            FabricView before = r.daemon.view();
            FabricView after = r.reload(engine + "scatter_ports 7\n");
            SmOptions scattered = SmOptions.fromFile(OpenSmConfReader.parse("x", engine + "scatter_ports 7\n"));
            LftTables expected = RoutingChain.parse("minhop", StepOptions.mainOptions(scattered),
                    RoutingEngines.load()).route(RoutingInput.from(after.snapshot(), 0)).tables();
            assertThat(after.routing().tables().contentEquals(expected)).isTrue();
            assertThat(before.routing().tables().contentEquals(expected)).as("scatter_ports changes the routes")
                    .isFalse();
        }
    }

    /**
     * {@code log_flags}, {@code log_prefix} and {@code log_max_size} change the log at the next heavy sweep. The
     * test writes its own lines (the daemon's classes may hold loggers of a context an earlier test shut down).
     */
    @Test
    void theLogFollowsTheFile() throws Exception {
        Path log = dir.resolve("opensm.log");
        LogSetup.start(new LogSettings(log.toString(), 0x03, true, ""));
        Logger logger = LogManager.getLogger("test");
        try (Running r = start("fat2:k=4", START)) {
            logger.log(LogLevels.VERBOSE, "verbose before");
            logger.info("info before");
            r.reload(START + "log_flags 0x07\nlog_prefix fab-a\nlog_max_size 1\n");
            assertThat(LogSetup.flags()).hasValue(0x87);
            logger.log(LogLevels.VERBOSE, "verbose after");
            List<String> lines = Files.readAllLines(log);
            assertThat(lines).noneMatch(l -> l.contains("verbose before")).anyMatch(l -> l.endsWith(" -> info before"))
                    .anyMatch(l -> l.endsWith(" 0x04 -> fab-a verbose after"));
            String filler = "x".repeat(1000);
            for (int i = 0; i < 1200; i++) {
                logger.info(filler);
            }
            assertThat(Files.size(log)).isLessThanOrEqualTo(1024 * 1024);
        } finally {
            Configurator.reconfigure(new DefaultConfiguration());
        }
    }

    /** Starts a daemon on a fresh simulator of {@code shape} with {@code conf} as its config file. */
    private Running start(String shape, String conf) throws Exception {
        Path file = dir.resolve("opensm.conf");
        Files.writeString(file, conf);
        SmOptions options = SmOptions.fromFile(OpenSmConfReader.read(file));
        DaemonSettings settings = new DaemonSettings(options, dir, dir, Optional.of(file), false, "test");
        return new Running(new SimFabric(TopologyShapes.load(shape)), settings, file);
    }

    /** A daemon on a simulator, past its first SUBNET UP. */
    private static final class Running implements AutoCloseable {

        final SimFabric fabric;
        final SimMadChannel channel;
        final Daemon daemon;
        private final Path file;
        /** Whether each light sweep ended well. */
        final LinkedBlockingQueue<Boolean> lightSweeps = new LinkedBlockingQueue<>();
        private final LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();

        Running(SimFabric fabric, DaemonSettings settings, Path file) throws Exception {
            this.fabric = fabric;
            this.file = file;
            this.channel = fabric.openChannel(SimSm.firstCa(fabric.topology()), 1);
            this.daemon = new Daemon(settings, channel, new SmEvents());
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                    ups.add(view);
                }

                @Override
                public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
                    if (kind == SweepKind.LIGHT) {
                        lightSweeps.add(ok);
                    }
                }
            });
            daemon.start();
            awaitSubnetUp();
        }

        /** Writes {@code conf} to the config file, asks for a heavy sweep as SIGHUP does, waits for its SUBNET UP. */
        FabricView reload(String conf) throws Exception {
            Files.writeString(file, conf);
            daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            return awaitSubnetUp();
        }

        private FabricView awaitSubnetUp() throws InterruptedException {
            FabricView v = ups.poll(30, TimeUnit.SECONDS);
            assertThat(v).as("SUBNET UP").isNotNull();
            return v;
        }

        @Override
        public void close() {
            daemon.close();
            channel.close();
            fabric.close();
        }
    }
}
