package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.SimVirtualization;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjIntConsumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual ports in the whole daemon against the simulator (docs/virtualization.md), judged on what the simulated
 * HCAs hold and what the SA answers: with {@code virt_enabled 2} every host's vports 1-4 are discovered, the odd ones
 * (LIDRequired) get LIDs of their own that they hold, every vport ends Active, every switch forwards a vport's LID
 * out of the port it forwards its physical port's LID to, each vport's P_Key table is what partitions.conf gives it
 * (ALL, ALL_VCAS, a vport GUID), the SA answers a vport's NodeRecord and the PathRecords between vports; the vport
 * LIDs come back from guid2lid on a fresh fabric; a VM stopped and started is handled by light and incremental
 * sweeps only and reported in the activity report; with {@code virt_enabled 0} nothing of this happens.
 */
class VirtualPortsSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final String SHAPE = "fat2:k=4,leaves=2,spines=1,hosts=2,vports=4,vport-lids=half";
    private static final long PREFIX = 0xFE80_0000_0000_0000L;
    private static final int GET = 0x01;

    @TempDir
    Path dir;

    private Topology t;
    private final List<Integer> cas = new ArrayList<>();
    private Path partitions;

    @BeforeEach
    void fabric() throws Exception {
        t = TopologyShapes.load(SHAPE);
        cas.addAll(SimSm.cas(t));
        partitions = dir.resolve("partitions.conf");
        Files.writeString(partitions, "Default=0x7fff, ipoib : ALL=full ;\nvms=0x8002 : ALL_VCAS=limited ;\n"
                + "one=0x8003 : " + String.format("0x%016x", vportGuid(cas.get(1), 3)) + "=full ;\n");
    }

    @Test
    void vportsAreDiscoveredGivenLidsRoutedKeyedActivatedAndAnswered() throws Exception {
        try (SimSm sm = SimSm.start(t, dir, options())) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            SimVirtualization virt = sm.fabric.virtualization();
            Map<Long, Integer> lids = vportLids(s);
            assertThat(lids).as("vports 1 and 3 of every host").hasSize(2 * cas.size());
            for (int ca : cas) {
                int baseLid = s.endPort(t.node(ca).portGuid(1)).lidRange().base();
                for (int i = 1; i <= 4; i++) {
                    VPortInfo held = virt.vportInfo(ca, 1, i);
                    assertThat(held.vportState()).as("host %d vport %d", ca, i).isEqualTo(VPortInfo.STATE_ACTIVE);
                    if (i % 2 == 1) {
                        int lid = lids.get(vportGuid(ca, i));
                        assertThat(held.vportLid()).as("VPortLID held").isEqualTo(lid);
                        assertThat(lid).isNotEqualTo(baseLid);
                        for (int sw = 0; sw < t.nodeCount(); sw++) {
                            if (t.node(sw).kind() == NodeKind.SWITCH) {
                                assertThat(sm.fabric.lftPort(sw, lid)).as("switch %d to vport LID %d", sw, lid)
                                        .isEqualTo(sm.fabric.lftPort(sw, baseLid)).isNotEqualTo(255);
                            }
                        }
                    } else {
                        assertThat(lids).doesNotContainKey(vportGuid(ca, i));
                    }
                    TreeSet<Integer> keys = keys(virt.vportPKeys(ca, 1, i));
                    TreeSet<Integer> want = new TreeSet<>(List.of(0xFFFF, 0x0002));
                    if (ca == cas.get(1) && i == 3) {
                        want.add(0x8003);
                    }
                    assertThat(keys).as("P_Keys of host %d vport %d", ca, i).isEqualTo(want);
                }
                assertThat(keys(sm.fabric.pKeyBlock(ca, 1, 0))).as("the port holds its vports' keys too")
                        .contains(0xFFFF, 0x0002);
            }

            int a = cas.get(1);
            int b = cas.get(cas.size() - 1);
            try (SimMadChannel ch = sm.fabric.openChannel(a, 1)) {
                SaClient c = new SaClient(ch, s.endPort(t.node(cas.get(0)).portGuid(1)).lidRange().base());
                int lidA = lids.get(vportGuid(a, 3));
                byte[] node = c.get(SaAttribute.NODE_RECORD, 1L, (m, o) -> NodeRecord.LID.put(m, o, lidA));
                assertThat(MadHeader.STATUS.getInt(node, 0)).isZero();
                NodeRecord nr = NodeRecord.decode(node, SaHeader.DATA_OFFSET);
                assertThat(nr.nodeInfo().portGuid()).isEqualTo(vportGuid(a, 3));
                assertThat(nr.nodeDescription()).isEqualTo(virt.vnodeDescription(a, 1, 3));

                byte[] path = c.get(SaAttribute.PATH_RECORD, 1L << PathRecord.COMPONENT_SGID
                        | 1L << PathRecord.COMPONENT_DGID, (m, o) -> {
                            new Gid(PREFIX, vportGuid(a, 3)).write(PathRecord.SGID, m, o);
                            new Gid(PREFIX, vportGuid(b, 1)).write(PathRecord.DGID, m, o);
                        });
                assertThat(MadHeader.STATUS.getInt(path, 0)).isZero();
                PathRecord pr = PathRecord.decode(path, SaHeader.DATA_OFFSET);
                assertThat(pr.slid()).isEqualTo(lidA);
                assertThat(pr.dlid()).isEqualTo(lids.get(vportGuid(b, 1)));
                assertThat(pr.hopLimit()).as("virt_default_hop_limit").isEqualTo(2);
            }
            assertThat(sm.daemon.madStats().sentOfAttribute(0xFFB1)).as("VPortInfo Gets and Sets").isPositive();
        }
    }

    @Test
    void vportLidsComeBackFromGuid2lidOnAFreshFabric() throws Exception {
        Map<Long, Integer> first;
        try (SimSm sm = SimSm.start(t, dir, options())) {
            first = vportLids(sm.awaitSubnetUp(UP));
        }
        assertThat(Files.readString(dir.resolve("guid2lid")))
                .contains(String.format("0x%016x", vportGuid(cas.get(0), 1)));
        try (SimSm sm = SimSm.start(t, dir, options())) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            assertThat(vportLids(s)).isEqualTo(first);
            for (int ca : cas) {
                assertThat(sm.fabric.virtualization().vportInfo(ca, 1, 1).vportLid())
                        .isEqualTo(first.get(vportGuid(ca, 1)));
            }
        }
    }

    @Test
    void aVmStoppedAndStartedIsHandledByLightAndIncrementalSweepsOnly() throws Exception {
        try (SimSm sm = SimSm.start(t, dir, options("activity_report_subjects", "virt"))) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int host = cas.get(1);
            int lid = vportLids(s).get(vportGuid(host, 3));
            int[] lft = lfts(sm.fabric, lid);
            sm.awaitSettled(UP);
            sm.sweepsEnded.clear();

            assertThat(sm.fabric.faults().vmStop(host, 1, 3)).as("trap 1146 sent").isTrue();
            List<SweepKind> stop = sm.awaitSettled(UP);
            assertThat(sm.fabric.virtualization().vportInfo(host, 1, 3).vportState()).isEqualTo(VPortInfo.STATE_DOWN);

            assertThat(sm.fabric.faults().vmStart(host, 1, 3)).isTrue();
            List<SweepKind> start = sm.awaitSettled(UP);
            assertThat(sm.fabric.virtualization().vportInfo(host, 1, 3).vportState())
                    .as("activated again").isEqualTo(VPortInfo.STATE_ACTIVE);
            assertThat(sm.fabric.virtualization().vportInfo(host, 1, 3).vportLid()).isEqualTo(lid);
            assertThat(lfts(sm.fabric, lid)).as("routes to its LID").containsExactly(lft);
            assertThat(stop).contains(SweepKind.INCREMENTAL).doesNotContain(SweepKind.HEAVY);
            assertThat(start).contains(SweepKind.INCREMENTAL).doesNotContain(SweepKind.HEAVY);
            assertThat(sm.sweepsEnded).doesNotContain(SweepKind.HEAVY);

            List<String> report = Files.readAllLines(dir.resolve(ActivityReport.FILE_NAME));
            String vport = String.format("vport_guid=0x%016x vport_index=3", vportGuid(host, 3));
            assertThat(report).anyMatch(l -> l.contains(" 6 port_virt_discover port_guid=")
                    && l.endsWith(" top_index=4"));
            List<String> changes = report.stream().filter(l -> l.contains(vport)).map(l -> l.substring(
                    l.indexOf(" 7 vport_state_change"))).collect(Collectors.toList());
            assertThat(changes).as("Init at discovery, Armed, Active, Down, Init, Armed, Active")
                    .extracting(l -> l.substring(l.lastIndexOf('=') + 1))
                    .containsExactly("2", "3", "4", "1", "2", "3", "4");
        }
    }

    @Test
    void withVirtEnabled0NoVportIsDiscovered() throws Exception {
        try (SimSm sm = SimSm.start(t, dir, "partition_config_file", partitions.toString())) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            assertThat(s.vports()).isEmpty();
            assertThat(sm.daemon.madStats().sentOfAttribute(0xFFB0)).isZero();
            assertThat(sm.fabric.virtualization().virtualizationInfo(cas.get(1), 1).enabled()).isFalse();
        }
    }

    private String[] options(String... more) {
        List<String> o = new ArrayList<>(List.of("virt_enabled", "2", "partition_config_file",
                partitions.toString()));
        o.addAll(List.of(more));
        return o.toArray(new String[0]);
    }

    private long vportGuid(int ca, int index) {
        return dev.jsm.sim.topo.VPortSpec.vportGuid(t.node(ca).portGuid(1), index);
    }

    /** Vport GUID -> own LID, of the vports that have one. */
    private static Map<Long, Integer> vportLids(SubnetSnapshot s) {
        Map<Long, Integer> m = new TreeMap<>();
        for (VPortView v : s.vports()) {
            if (v.hasLid()) {
                m.put(v.guid(), v.lid());
            }
        }
        return m;
    }

    private int[] lfts(SimFabric fabric, int lid) {
        int[] ports = new int[t.nodeCount()];
        for (int n = 0; n < t.nodeCount(); n++) {
            ports[n] = t.node(n).kind() == NodeKind.SWITCH ? fabric.lftPort(n, lid) : -1;
        }
        return ports;
    }

    private static TreeSet<Integer> keys(int[] entries) {
        return Arrays.stream(entries).filter(k -> (k & 0x7FFF) != 0).boxed()
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Sends SA Gets from one host's port and waits for the answer with the same TID. */
    private static final class SaClient {
        private final MadChannel channel;
        private final int saLid;
        private final LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
        private long tid = 0x56500000L;

        SaClient(MadChannel channel, int saLid) {
            this.channel = channel;
            this.saLid = saLid;
            channel.setReceiver((from, mad, length) -> answers.add(mad.clone()));
        }

        byte[] get(int attribute, long mask, ObjIntConsumer<byte[]> template) throws Exception {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long id = ++tid;
            new MadHeader(1, 3, 2, GET, 0, 0, id, attribute, 0).encodeTo(mad);
            new SaHeader(0, 0, mask).encodeTo(mad);
            template.accept(mad, SaHeader.DATA_OFFSET);
            channel.send(MadAddress.gsi(saLid, 0, 0), mad, MadHeader.MAD_SIZE);
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            byte[] got;
            while ((got = answers.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS)) != null) {
                if ((int) MadHeader.TRANSACTION_ID.getLong(got, 0) == (int) id) {
                    return got.length >= MadHeader.MAD_SIZE ? got : Arrays.copyOf(got, MadHeader.MAD_SIZE);
                }
            }
            throw new IOException("no SA answer for attribute 0x" + Integer.toHexString(attribute));
        }
    }
}
