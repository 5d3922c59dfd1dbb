package dev.jsm.sa.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.testing.MemoryNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ReportSender} over a {@link MemoryNetwork} with simulated time: the Report's bytes, retirement by
 * ReportResp, retransmission on the timeout and giving up after the retries.
 */
class ReportSenderTest {

    /** The SA MAD of a Report of trap 65 about H4's port, issued by the SM at LID 1. */
    static final byte[] REPORT = HexFixture.parse("""
            01 03 02 06         // BaseVersion 1, class SubnAdm, ClassVersion 2, method Report
            0000 0000           // Status, ClassSpecific
            0000000002da0000    // TransactionID: the sender's first
            0002 0000           // AttributeID Notice, reserved
            00000000            // AttributeModifier
            00 00 00 00         // RMPP: none
            00000000 00000000   // RMPP SegmentNumber, PayloadLength
            0000000000000000    // SM_Key 0
            000a 0000           // AttributeOffset 10 (80 bytes), reserved
            0000000000000000    // ComponentMask
            83 000004           // IsGeneric 1 | Type 3 (subnet management), ProducerType 4 (class manager)
            0041 0001           // TrapNumber 65, IssuerLID 1
            0000                // NoticeToggle 0 | NoticeCount 0
            000000000000        // DataDetails: 6 reserved bytes
            fe80000000000000 0002c90000004001   // DataDetails: the GID out of service
            00*32               // DataDetails: rest
            fe80000000000000 0002c90000000100   // IssuerGID: the SM's port
            00*120              // rest of the 256-byte MAD
            """);
    static final Gid H4 = new Gid(0xfe80000000000000L, 0x0002c90000004001L);
    static final Gid SM = new Gid(0xfe80000000000000L, 0x0002c90000000100L);

    private final MemoryNetwork net = new MemoryNetwork(1, 0);
    private final MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
    private final MemoryNetwork.Endpoint host = net.endpoint(8, 9);
    private final List<byte[]> received = new ArrayList<>();
    private final ReportSender sender = new ReportSender(sa, Duration.ofMillis(100), 2);

    ReportSenderTest() {
        host.setReceiver((from, mad, length) -> received.add(Arrays.copyOf(mad, length)));
    }

    private void sendOne() {
        sender.send(host.address(), SmNotices.of(SmNotices.GID_OUT_OF_SERVICE, H4, 1), SM, 0);
        net.pump();
    }

    @Test
    void theReportCarriesTheNoticeAndTheIssuerGid() {
        assertThat(REPORT).hasSize(MadHeader.MAD_SIZE);
        sendOne();
        assertThat(received).singleElement().isEqualTo(REPORT);
        Notice n = Notice.decode(received.get(0), SaHeader.DATA_OFFSET);
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(65);
        assertThat(Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0)).isEqualTo(H4);
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 0, 0, 0, 1));
    }

    @Test
    void aReportRespRetiresItAndALateOneIsRefused() {
        sendOne();
        byte[] resp = received.get(0).clone();
        resp[3] = (byte) 0x86;
        assertThat(sender.onResponse(resp)).isTrue();
        assertThat(sender.onResponse(resp)).as("already retired").isFalse();
        sender.poll(Duration.ofSeconds(10).toNanos());
        net.pump();
        assertThat(received).as("nothing resent").hasSize(1);
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 0, 1, 0, 0));
    }

    @Test
    void anUnansweredReportIsResentOnTheTimeoutThenGivenUp() {
        sendOne();
        sender.poll(Duration.ofMillis(99).toNanos());
        net.pump();
        assertThat(received).as("not yet due").hasSize(1);
        long now = 0;
        for (int i = 0; i < 3; i++) {
            now += Duration.ofMillis(100).toNanos();
            sender.poll(now);
            net.pump();
        }
        assertThat(received).as("first transmission and two retries, same bytes").hasSize(3)
                .allSatisfy(m -> assertThat(m).isEqualTo(REPORT));
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 2, 0, 1, 0));
        byte[] resp = received.get(0).clone();
        resp[3] = (byte) 0x86;
        assertThat(sender.onResponse(resp)).as("too late").isFalse();
    }

    @Test
    void eachReportHasItsOwnTid() {
        sendOne();
        sendOne();
        assertThat(MadHeader.TRANSACTION_ID.getLong(received.get(1), 0))
                .isNotEqualTo(MadHeader.TRANSACTION_ID.getLong(received.get(0), 0));
        assertThat(MadAddress.QP1_QKEY).isEqualTo(host.address().qkey());
    }
}
