package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.event.ReportSender;
import dev.jsm.sa.event.SmNotices;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Event forwarding end to end on the in-JVM simulator: host h2 subscribes (real SubnAdmSet(InformInfo) MADs on its
 * own port) to traps 64, 65 and 128; when h4 is powered off the switch's Trap 128 is forwarded to h2 with the
 * switch's GID as IssuerGID, and the next SUBNET UP brings a Report of trap 65 about h4's GID; when h4 comes back,
 * one of trap 64. h2 answers every Report with a ReportResp, which retires it.
 */
class EventsSimTest {

    private static final Duration UP = Duration.ofSeconds(60);
    private static final String NET = """
            Switch 8 "sw"
            [1] "sm"[1]
            [2] "h2"[1]
            [3] "h3"[1]
            [4] "h4"[1]

            Hca 1 "sm"
            [1] "sw"[1]
            Hca 1 "h2"
            [1] "sw"[2]
            Hca 1 "h3"
            [1] "sw"[3]
            Hca 1 "h4"
            [1] "sw"[4]
            """;

    @TempDir
    Path dir;

    @Test
    void aSubscriberHearsOfAHostLeavingAndComingBackAndOfTheSwitchsTrap() throws Exception {
        Topology t = TopologyReader.parse(NET, "events");
        int h4 = t.indexOfName("h4");
        long h4Port = t.node(h4).portGuid(1);
        long switchGuid = t.node(t.indexOfName("sw")).portGuid(0);
        try (SimSm sm = SimSm.start(t, dir)) {
            SubnetSnapshot s = sm.awaitSubnetUp(UP);
            int saLid = s.endPort(t.node(t.indexOfName("sm")).portGuid(1)).lidRange().base();
            try (SimMadChannel port = sm.fabric.openChannel("h2", 1)) {
                Subscriber h2 = new Subscriber(port, saLid);
                for (int trap : new int[] {64, 65, 128}) {
                    assertThat(h2.subscribe(trap)).as("subscribing to %d", trap).isZero();
                }

                sm.fabric.faults().removeNode(h4);
                Notice trap128 = h2.awaitReport(n -> n.trapNumberOrDeviceId() == 128);
                assertThat(trap128.issuerLid()).isEqualTo(s.endPort(switchGuid).lidRange().base());
                assertThat(h2.lastIssuer.interfaceId()).as("IssuerGID: the switch's port 0").isEqualTo(switchGuid);
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test");
                h2.awaitReport(n -> n.trapNumberOrDeviceId() == SmNotices.GID_OUT_OF_SERVICE
                        && about(n) == h4Port);

                sm.fabric.faults().returnNode(h4);
                sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test");
                h2.awaitReport(n -> n.trapNumberOrDeviceId() == SmNotices.GID_IN_SERVICE && about(n) == h4Port);
                long end = System.nanoTime() + UP.toNanos();
                while (sm.daemon.management().saStats().reports().retired() < 3) {
                    assertThat(System.nanoTime() - end).as("ReportResps retire the Reports").isNegative();
                    Thread.sleep(10);
                }
            }
        }
    }

    private static long about(Notice n) {
        return Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0).interfaceId();
    }

    /** An event subscriber on a host's port: subscribes, takes Reports and answers them with ReportResp. */
    private static final class Subscriber {
        private final MadChannel channel;
        private final int saLid;
        private final LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
        private long tid = 0x45560000L;
        Gid lastIssuer;

        Subscriber(MadChannel channel, int saLid) {
            this.channel = channel;
            this.saLid = saLid;
            channel.setReceiver((from, mad, length) -> received.add(mad.clone()));
        }

        /** Subscribes to generic trap {@code trap} from every LID; returns the answer's status. */
        int subscribe(int trap) throws Exception {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long t = ++tid;
            new MadHeader(1, 3, 2, 0x02, 0, 0, t, SaAttribute.INFORM_INFO, 0).encodeTo(mad);
            new SaHeader(0, 0, 0).encodeTo(mad);
            new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, trap, 0, 0, 0xFFFFFF)
                    .encodeTo(mad, SaHeader.DATA_OFFSET);
            channel.send(MadAddress.gsi(saLid, 0, 0), mad, mad.length);
            byte[] answer = take(m -> (m[3] & 0xFF) == 0x81 && (int) MadHeader.TRANSACTION_ID.getLong(m, 0) == (int) t);
            return MadHeader.STATUS.getInt(answer, 0);
        }

        /** Waits for a Report whose Notice satisfies {@code wanted}, answering every Report on the way. */
        Notice awaitReport(Predicate<Notice> wanted) throws Exception {
            while (true) {
                byte[] report = take(m -> (m[3] & 0xFF) == 0x06);
                Notice n = Notice.decode(report, SaHeader.DATA_OFFSET);
                if (wanted.test(n)) {
                    lastIssuer = Gid.read(ReportSender.ISSUER_GID, report, SaHeader.DATA_OFFSET);
                    return n;
                }
            }
        }

        /** The next MAD matching {@code p} (others skipped; Reports among them answered). */
        private byte[] take(Predicate<byte[]> p) throws Exception {
            long end = System.nanoTime() + UP.toNanos();
            while (true) {
                byte[] m = received.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS);
                assertThat(m).as("no matching MAD within %s", UP).isNotNull();
                if ((m[3] & 0xFF) == 0x06) {
                    byte[] resp = m.clone();
                    resp[3] = (byte) 0x86;
                    channel.send(MadAddress.gsi(saLid, 0, 0), resp, resp.length);
                }
                if (p.test(m)) {
                    return m;
                }
            }
        }
    }
}
