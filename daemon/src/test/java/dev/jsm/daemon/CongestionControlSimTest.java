package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mgmt.CongestionCounters;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.sim.SimCongestion;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The congestion control manager in the whole daemon against the simulator's agents
 * ({@code docs/congestion-control.md}): with {@code congestion_control} and the options of the reference run in that
 * page, every switch and CA port reads back what the options say; a later heavy sweep sends nothing unless an option
 * changed, and then only the attribute it changes; a port that refuses the class (no agent) or never answers (another
 * CC_Key) is left alone and does not stop SUBNET UP; the CC_Key the options give reaches ports that hold it; garbled
 * answers are counted and their Sets sent again.
 */
class CongestionControlSimTest {

    /** The congestion control options the tests and the side-by-side IT configure (every value off its default). */
    static final String CC_OPTIONS = """
            congestion_control TRUE
            cc_sw_cong_setting_control_map 0x1F
            cc_sw_cong_setting_victim_mask 0x1E
            cc_sw_cong_setting_credit_mask 0x6
            cc_sw_cong_setting_threshold 0x0F
            cc_sw_cong_setting_packet_size 8
            cc_sw_cong_setting_credit_starvation_threshold 0x05
            cc_sw_cong_setting_credit_starvation_return_delay 1:100
            cc_sw_cong_setting_marking_rate 10
            cc_ca_cong_setting_port_control 0x0001
            cc_ca_cong_setting_control_map 0x0005
            cc_ca_cong_setting_ccti_timer 0 1024
            cc_ca_cong_setting_ccti_increase 0 1
            cc_ca_cong_setting_trigger_threshold 0 2
            cc_ca_cong_setting_ccti_timer 2 256
            cc_ca_cong_setting_ccti_increase 2 4
            cc_ca_cong_setting_trigger_threshold 2 8
            cc_ca_cong_setting_ccti_min 2 3
            """;
    private static final String CC = "sweep_interval 0\n" + CC_OPTIONS;
    /** 70 entries: two blocks, CCTI_Limit 69. */
    private static final String CCT;

    static {
        StringBuilder b = new StringBuilder("cc_cct 0:0,0:1,0:2,1:3,1:4,2:5,2:6,3:7,3:8");
        for (int m = 100; m <= 160; m++) {
            b.append(",0:").append(m);
        }
        CCT = b.append('\n').toString();
    }

    @TempDir
    Path dir;

    @Test
    void everyPortReadsBackTheOptionsAndLaterSweepsSendOnlyWhatChanged() throws Exception {
        try (Running r = start("fat2:k=4", CC + CCT)) {
            Topology t = r.fabric.topology();
            List<Integer> switches = nodes(t, NodeKind.SWITCH);
            List<Integer> cas = nodes(t, NodeKind.CA);
            assertSwitches(r.fabric.congestion(), switches, 10);
            for (int ca : cas) {
                CaCongestionSetting s = r.fabric.congestion().caSetting(ca, 1);
                assertThat(s.portControl()).isEqualTo(1);
                assertThat(s.controlMap()).isEqualTo(5);
                assertThat(s.entries().get(0)).isEqualTo(new CaCongestionSetting.Entry(1024, 1, 2, 0));
                assertThat(s.entries().get(1)).isEqualTo(CaCongestionSetting.Entry.ZERO);
                assertThat(s.entries().get(2)).isEqualTo(new CaCongestionSetting.Entry(256, 4, 8, 3));
                CongestionControlTable b0 = r.fabric.congestion().table(ca, 1, 0);
                CongestionControlTable b1 = r.fabric.congestion().table(ca, 1, 1);
                assertThat(b0.cctiLimit()).isEqualTo(69);
                assertThat(b0.entries()[3]).isEqualTo(CongestionControlTable.entry(1, 3));
                assertThat(b0.entries()[9]).isEqualTo(CongestionControlTable.entry(0, 100));
                assertThat(b1.entries()[5]).isEqualTo(CongestionControlTable.entry(0, 160));
                assertThat(b1.entries()[6]).isZero();
            }
            CongestionCounters first = r.daemon.management().congestionControl();
            assertThat(first.sets()).isEqualTo(switches.size() + 3L * cas.size());
            assertThat(first.answered()).isEqualTo(first.sets());
            assertThat(first.answeredOtherwise() + first.refused() + first.timeouts() + first.garbage()).isZero();

            r.reload(CC + CCT);
            assertThat(r.daemon.management().congestionControl().sets()).as("Sets after an unchanged sweep")
                    .isEqualTo(first.sets());

            r.reload(CC.replace("marking_rate 10", "marking_rate 12") + CCT);
            assertThat(r.daemon.management().congestionControl().sets()).as("the switches' Sets only")
                    .isEqualTo(first.sets() + switches.size());
            assertSwitches(r.fabric.congestion(), switches, 12);

            r.reload(CC.replace("marking_rate 10", "marking_rate 12") + "cc_cct 0:5,0:6\n");
            assertThat(r.daemon.management().congestionControl().sets()).as("block 0 of every CA port's table")
                    .isEqualTo(first.sets() + switches.size() + cas.size());
            CongestionControlTable b0 = r.fabric.congestion().table(cas.get(0), 1, 0);
            assertThat(b0.cctiLimit()).isEqualTo(1);
            assertThat(b0.entries()[1]).isEqualTo(CongestionControlTable.entry(0, 6));
            assertThat(b0.entries()[2]).isZero();

            long before = r.daemon.management().congestionControl().sets();
            r.reload("sweep_interval 0\ncongestion_control FALSE\ncc_sw_cong_setting_marking_rate 99\n");
            assertThat(r.daemon.management().congestionControl().sets()).as("nothing once off").isEqualTo(before);
            assertSwitches(r.fabric.congestion(), switches, 12);
        }
    }

    @Test
    void portsThatRefuseOrNeverAnswerAreLeftAloneAndTheKeyReachesPortsThatHoldIt() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        List<Integer> cas = nodes(t, NodeKind.CA);
        List<Integer> switches = nodes(t, NodeKind.SWITCH);
        int noAgent = cas.get(1);
        int otherKey = cas.get(2);
        SimFabric fabric = new SimFabric(t);
        fabric.congestion().setAgent(noAgent, false);
        for (int n = 0; n < t.nodeCount(); n++) {
            if (n != noAgent) {
                fabric.congestion().setKey(n, t.node(n).kind() == NodeKind.SWITCH ? 0 : 1,
                        n == otherKey ? 0x99 : 0x1234, false, 0);
            }
        }
        try (Running r = start(fabric, CC + CCT + "cc_key 0x1234\n")) {
            assertSwitches(fabric.congestion(), switches, 10);
            assertThat(fabric.congestion().table(cas.get(0), 1, 1).cctiLimit()).isEqualTo(69);
            assertThat(fabric.congestion().caSetting(otherKey, 1)).isEqualTo(CaCongestionSetting.zero());
            assertThat(fabric.congestion().keyInfo(otherKey, 1).violations()).isPositive();
            CongestionCounters first = r.daemon.management().congestionControl();
            assertThat(first.refused()).as("the port without agent: its three Sets, 0x000C").isEqualTo(3);
            assertThat(first.timeouts()).as("the port with another key: its three Sets").isEqualTo(3);
            assertThat(first.unavailablePorts()).isEqualTo(1);

            // the timeouts in a row: 3, 6; then the port is left alone
            r.reload(CC + CCT + "cc_key 0x1234\n");
            assertThat(r.daemon.management().congestionControl().timeouts()).isEqualTo(6);
            assertThat(r.daemon.management().congestionControl().unavailablePorts()).isEqualTo(2);
            long sets = r.daemon.management().congestionControl().sets();
            r.reload(CC + CCT + "cc_key 0x1234\n");
            assertThat(r.daemon.management().congestionControl().sets()).as("no Set to either").isEqualTo(sets);
        }
    }

    /**
     * An answer that is not a class version 2 GetResp is counted and ignored, and one holding other values
     * than written is kept as what the port holds: the next sweep writes both again, the one after nothing.
     */
    @Test
    void garbledAnswersAreCountedAndTheirSetsSentAgainAtTheNextSweep() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        SimFabric fabric = new SimFabric(t);
        try (Running r = start(fabric, CC + CCT, GarbledAnswers::new)) {
            CongestionCounters first = r.daemon.management().congestionControl();
            assertThat(first.garbage()).as("the CACongestionSetting answer of class version 1").isEqualTo(1);
            assertThat(first.answeredOtherwise()).as("the table block answered with another entry").isEqualTo(1);
            assertThat(first.answered()).isEqualTo(first.sets() - 1);

            r.reload(CC + CCT);
            CongestionCounters second = r.daemon.management().congestionControl();
            assertThat(second.sets()).as("those two again").isEqualTo(first.sets() + 2);
            assertThat(second.garbage() + second.answeredOtherwise()).isEqualTo(2);
            r.reload(CC + CCT);
            assertThat(r.daemon.management().congestionControl().sets()).isEqualTo(second.sets());
        }
    }

    private static void assertSwitches(SimCongestion cc, List<Integer> switches, int markingRate) {
        SwitchCongestionSetting want = new SwitchCongestionSetting(0x1F, BigInteger.valueOf(0x1E),
                BigInteger.valueOf(6), 15, 8, 5, SwitchCongestionSetting.returnDelay(1, 100), markingRate);
        for (int sw : switches) {
            assertThat(cc.switchSetting(sw)).as("switch %d", sw).isEqualTo(want);
        }
    }

    private static List<Integer> nodes(Topology t, NodeKind kind) {
        List<Integer> out = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == kind) {
                out.add(n);
            }
        }
        return out;
    }

    private Running start(String shape, String conf) throws Exception {
        return start(new SimFabric(TopologyShapes.load(shape)), conf);
    }

    private Running start(SimFabric fabric, String conf) throws Exception {
        return start(fabric, conf, UnaryOperator.identity());
    }

    private Running start(SimFabric fabric, String conf, UnaryOperator<MadChannel> wrap) throws Exception {
        Path file = dir.resolve("opensm.conf");
        Files.writeString(file, conf);
        SmOptions options = SmOptions.fromFile(OpenSmConfReader.read(file));
        DaemonSettings settings = new DaemonSettings(options, dir, dir, Optional.of(file), false, "test");
        return new Running(fabric, settings, file, wrap);
    }

    /**
     * Garbles two congestion control answers: the first CACongestionSetting GetResp comes back with class version 1
     * (an answer of another attribute never reaches the manager: the transactions layer matches the attribute), the
     * first CongestionControlTable GetResp with its entry 0 changed.
     */
    private static final class GarbledAnswers extends ForwardingChannel {
        private final AtomicBoolean setting = new AtomicBoolean();
        private final AtomicBoolean table = new AtomicBoolean();

        GarbledAnswers(MadChannel inner) {
            super(inner);
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
            super.setReceiver(new MadReceiver() {
                @Override
                public void onMad(MadAddress from, byte[] mad, int length) {
                    if (MadHeader.decode(mad).mgmtClass() == MgmtClass.CC.value()) {
                        int attribute = MadHeader.ATTRIBUTE_ID.getInt(mad, 0);
                        if (attribute == CongestionControl.CA_CONGESTION_SETTING
                                && setting.compareAndSet(false, true)) {
                            MadHeader.CLASS_VERSION.put(mad, 0, 1);
                        } else if (attribute == CongestionControl.CONGESTION_CONTROL_TABLE
                                && table.compareAndSet(false, true)) {
                            mad[CongestionControl.DATA_OFFSET + 5] ^= 1;
                        }
                    }
                    receiver.onMad(from, mad, length);
                }

                @Override
                public void onSendFailed(byte[] mad, int length, int status) {
                    receiver.onSendFailed(mad, length, status);
                }
            });
        }
    }

    /** A daemon on a simulator, past its first SUBNET UP, whose config file a test rewrites. */
    private static final class Running implements AutoCloseable {

        final SimFabric fabric;
        final SimMadChannel channel;
        final Daemon daemon;
        private final Path file;
        private final LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();

        Running(SimFabric fabric, DaemonSettings settings, Path file, UnaryOperator<MadChannel> wrap)
                throws Exception {
            this.fabric = fabric;
            this.file = file;
            this.channel = fabric.openChannel(SimSm.firstCa(fabric.topology()), 1);
            this.daemon = new Daemon(settings, wrap.apply(channel), new SmEvents());
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                    ups.add(view);
                }
            });
            daemon.start();
            awaitSubnetUp();
        }

        /** Writes {@code conf} to the config file, asks for a heavy sweep as SIGHUP does, waits for its SUBNET UP. */
        void reload(String conf) throws Exception {
            Files.writeString(file, conf);
            daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
            awaitSubnetUp();
        }

        private void awaitSubnetUp() throws InterruptedException {
            assertThat(ups.poll(60, TimeUnit.SECONDS)).as("SUBNET UP").isNotNull();
        }

        @Override
        public void close() {
            daemon.close();
            channel.close();
            fabric.close();
        }
    }
}
