package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.daemon.mkey.MKeyStore;
import dev.jsm.daemon.mkey.NeighborStore;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * M_Key management on the in-JVM simulator, whose SMAs enforce M_Key, the protection levels and the lease as IBA
 * 14.2.4 says (ibsim does not): a protected fabric brought up, a restart that reuses {@code guid2mkey}, a port with
 * a key jsm does not know recovered once its lease runs out (on the simulator's clock, which the test moves), and a
 * second SM without the key that cannot read the protected ports.
 */
class MKeySimTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long KEY = 0x0123456789abcdefL;

    @TempDir
    Path dir;

    private final AtomicLong simClock = new AtomicLong(1_000_000);

    private SimFabric fabric() throws Exception {
        return new SimFabric(TopologyShapes.load("fat2:k=4"), 7, simClock::get);
    }

    @Test
    void aProtectedFabricComesUpWithTheKeyProtectionAndLeaseOnEveryPort() throws Exception {
        try (SimFabric fabric = fabric();
             SimSm sm = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir, "m_key", "0x0123456789abcdef",
                     "m_key_protection_level", "2", "m_key_lease_period", "60")) {
            sm.awaitSubnetUp(WAIT);
            List<long[]> ports = endPorts(fabric);
            assertThat(ports).hasSizeGreaterThan(10);
            for (long[] p : ports) {
                PortInfo pi = fabric.portInfo((int) p[0], (int) p[1]);
                assertThat(pi.mKey()).as("port %x", p[2]).isEqualTo(KEY);
                assertThat(pi.mKeyProtectBits()).isEqualTo(2);
                assertThat(pi.mKeyLeasePeriod()).isEqualTo(60);
            }
            assertThat(fabric.stats().mKeyViolations()).as("the SM always presented the right key").isZero();
            assertThat(Files.readString(dir.resolve(MKeyStore.FILE_NAME)))
                    .contains(String.format("0x%016x 0x%016x%n", ports.get(0)[2], KEY));
        }
    }

    @Test
    void perPortKeysAreTheSchemesAndDifferFromPortToPort() throws Exception {
        try (SimFabric fabric = fabric();
             SimSm sm = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir, "m_key", "0x0123456789abcdef",
                     "m_key_per_port", "TRUE", "m_key_protection_level", "2", "m_key_lease_period", "60")) {
            sm.awaitSubnetUp(WAIT);
            MKeyScheme scheme = new MKeyScheme(KEY, true);
            List<Long> keys = new ArrayList<>();
            for (long[] p : endPorts(fabric)) {
                long key = fabric.portInfo((int) p[0], (int) p[1]).mKey();
                assertThat(key).as("port %x", p[2]).isEqualTo(scheme.expected(p[2])).isNotEqualTo(KEY);
                keys.add(key);
            }
            assertThat(keys).doesNotHaveDuplicates();
            assertThat(fabric.stats().mKeyViolations()).isZero();
        }
    }

    @Test
    void aRestartWithANewKeyReachesEveryPortThroughGuid2MKeyAndReKeysIt() throws Exception {
        try (SimFabric fabric = fabric()) {
            int caNode = SimSm.firstCa(fabric.topology());
            try (SimSm first = SimSm.at(fabric, caNode, dir, "m_key", "0x0123456789abcdef",
                    "m_key_protection_level", "2", "m_key_lease_period", "0", "m_key_lookup", "TRUE")) {
                first.awaitSubnetUp(WAIT);
            }
            long rotated = 0x0badc0ffee000001L;
            try (SimSm second = SimSm.at(fabric, caNode, dir, "m_key", "0x0badc0ffee000001",
                    "m_key_protection_level", "2", "m_key_lease_period", "0", "m_key_lookup", "TRUE")) {
                second.awaitSubnetUp(WAIT);
                for (long[] p : endPorts(fabric)) {
                    assertThat(fabric.portInfo((int) p[0], (int) p[1]).mKey()).as("port %x", p[2])
                            .isEqualTo(rotated);
                }
                assertThat(Files.readString(dir.resolve(MKeyStore.FILE_NAME))).doesNotContain(
                        String.format(" 0x%016x", KEY));
            }
        }
    }

    @Test
    void aRestartWithPerPortKeysFindsEachPortsKeyThroughTheRecordedCablesWithoutAViolation() throws Exception {
        String[] options = {"m_key", "0x0123456789abcdef", "m_key_per_port", "TRUE", "m_key_protection_level", "3",
            "m_key_lease_period", "0", "m_key_lookup", "TRUE"};
        try (SimFabric fabric = fabric()) {
            int caNode = SimSm.firstCa(fabric.topology());
            try (SimSm first = SimSm.at(fabric, caNode, dir, options)) {
                first.awaitSubnetUp(WAIT);
            }
            assertThat(dir.resolve(NeighborStore.FILE_NAME)).exists();
            long violations = fabric.stats().mKeyViolations();
            try (SimSm second = SimSm.at(fabric, caNode, dir, options)) {
                second.awaitSubnetUp(WAIT);
                assertThat(fabric.stats().mKeyViolations()).as("every SMP presented its port's key")
                        .isEqualTo(violations);
            }
        }
    }

    @Test
    void aPortWithAKeyJsmDoesNotKnowIsConfiguredOnceItsLeaseRunsOut() throws Exception {
        try (SimFabric fabric = fabric()) {
            Topology t = fabric.topology();
            int host = SimSm.cas(t).get(2);
            long foreign = 0x5a5a5a5a5a5a5a5aL;
            fabric.setMKey(host, 1, foreign, 2, 10);
            try (LogCapture log = LogCapture.open(MKeyBook.class);
                 SimSm sm = SimSm.at(fabric, SimSm.firstCa(t), dir, "m_key", "0x0123456789abcdef",
                    "m_key_protection_level", "2", "m_key_lease_period", "60")) {
                sm.awaitSubnetUp(WAIT);
                assertThat(fabric.portInfo(host, 1).mKey()).as("out of reach: protected").isEqualTo(foreign);
                assertThat(fabric.portInfo(host, 1).lid()).isZero();
                assertThat(fabric.stats().mKeyViolations()).isPositive();

                simClock.addAndGet(10_000);
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test: the lease ran out");
                sm.awaitUntil(() -> fabric.portInfo(host, 1).mKey() == KEY, WAIT);

                PortInfo pi = fabric.portInfo(host, 1);
                assertThat(pi.mKeyProtectBits()).isEqualTo(2);
                assertThat(pi.mKeyLeasePeriod()).isEqualTo(60);
                sm.awaitUntil(() -> fabric.portInfo(host, 1).lid() != 0, WAIT);
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test: once more");
                sm.awaitSubnetUp(WAIT);
                assertThat(log.containing("MKEY-11")).as("logged once for the port").singleElement().asString()
                        .startsWith(String.format("MKEY-1106 port 0x%016x holds M_Key 0x5a5a5a5a5a5a5a5a, not "
                                + "0x0123456789abcdef", t.node(host).portGuid(1)));
            }
        }
    }

    @Test
    void aPortAtLevelOneWithAForeignKeyIsReadButConfiguredOnlyOnceItsLeaseRunsOut() throws Exception {
        try (SimFabric fabric = fabric()) {
            Topology t = fabric.topology();
            int host = SimSm.cas(t).get(2);
            fabric.setMKey(host, 1, 0x5a5a5a5a5a5a5a5aL, 1, 10);
            try (LogCapture log = LogCapture.open(MKeyBook.class);
                 SimSm sm = SimSm.at(fabric, SimSm.firstCa(t), dir, "m_key", "0x0123456789abcdef",
                    "m_key_protection_level", "2", "m_key_lease_period", "60")) {
                sm.awaitUntil(() -> !log.containing("MKEY-1108").isEmpty(), WAIT);
                assertThat(fabric.portInfo(host, 1).lid()).as("its Sets were dropped").isZero();

                simClock.addAndGet(10_000);
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test: the lease ran out");
                sm.awaitUntil(() -> fabric.portInfo(host, 1).mKey() == KEY && fabric.portInfo(host, 1).lid() != 0,
                        WAIT);
                assertThat(fabric.portInfo(host, 1).mKeyProtectBits()).isEqualTo(2);
                assertThat(log.containing("MKEY-11")).as("logged once").singleElement().asString().startsWith(
                        String.format("MKEY-1108 port 0x%016x hides its M_Key (protection level 1)",
                                t.node(host).portGuid(1)));
            }
        }
    }

    @Test
    void lightSweepsPresentTheKeySoAnIntrudersViolationNeverLetsTheLeaseRunOut() throws Exception {
        try (SimFabric fabric = fabric()) {
            int host = SimSm.cas(fabric.topology()).get(1);
            try (SimSm sm = SimSm.at(fabric, SimSm.firstCa(fabric.topology()), dir, "m_key", "0x0123456789abcdef",
                    "m_key_protection_level", "2", "m_key_lease_period", "60");
                 SimMadChannel intruder = fabric.openChannel(host, 1)) {
                sm.awaitSubnetUp(WAIT);
                long violations = fabric.stats().mKeyViolations();
                intruder.send(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, 1, AttributeId.PORT_INFO, 1,
                        DrPath.local(), 0), 256);
                assertThat(fabric.awaitIdle(WAIT)).isTrue();
                assertThat(fabric.stats().mKeyViolations()).as("the intruder's Get").isEqualTo(violations + 1);

                simClock.addAndGet(50_000);
                sm.daemon.events().request(SmEvent.LIGHT_SWEEP, "test: before the lease runs out");
                while (sm.nextSweepEnd(WAIT) != SweepKind.LIGHT) {
                    continue;
                }
                simClock.addAndGet(20_000);

                assertThat(fabric.portInfo(host, 1).mKeyProtectBits()).as("70 s after the violation").isEqualTo(2);
            }
        }
    }

    @Test
    void aSecondSmWithoutTheKeyCannotReadTheProtectedPorts() throws Exception {
        try (SimFabric fabric = fabric();
             SimSm master = SimSm.at(fabric, SimSm.cas(fabric.topology()).get(0), dir.resolve("master"), "m_key",
                     "0x0123456789abcdef", "m_key_protection_level", "2", "m_key_lease_period", "60",
                     "sm_priority", "10")) {
            master.awaitSubnetUp(WAIT);
            long before = fabric.stats().mKeyViolations();
            try (SimSm intruder = SimSm.at(fabric, SimSm.cas(fabric.topology()).get(1), dir.resolve("intruder"),
                    "sm_priority", "15")) {
                assertThat(intruder.anotherSweepWithin(Duration.ofSeconds(3))).as("no SUBNET UP").isFalse();
                assertThat(intruder.daemon.madStats().sentOfAttribute(AttributeId.NODE_INFO.value())).isPositive();
                assertThat(fabric.stats().mKeyViolations()).as("its Gets failed the M_Key check")
                        .isGreaterThan(before);
                assertThat(intruder.counted.configurationSets()).as("nothing it could have set").isZero();
            }
            for (long[] p : endPorts(fabric)) {
                assertThat(fabric.portInfo((int) p[0], (int) p[1]).mKey()).isEqualTo(KEY);
            }
        }
    }

    /** The management ports the SM configured: switch port 0 and every CA port with a LID, as {node, port, GUID}. */
    private static List<long[]> endPorts(SimFabric fabric) {
        Topology t = fabric.topology();
        List<long[]> out = new ArrayList<>();
        for (int n = 0; n < t.nodeCount(); n++) {
            if (t.node(n).kind() == NodeKind.SWITCH) {
                out.add(new long[] {n, 0, t.node(n).portGuid(0)});
            } else {
                for (int p = 1; p <= t.node(n).numPorts(); p++) {
                    if (fabric.portInfo(n, p).lid() != 0) {
                        out.add(new long[] {n, p, t.node(n).portGuid(p)});
                    }
                }
            }
        }
        return out;
    }
}
