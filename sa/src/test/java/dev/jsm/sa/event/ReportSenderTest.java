package dev.jsm.sa.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.HexFixture;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ReportSender} through a {@link MadTransactions} requester on a channel that records what it sends and
 * delivers what the test injects: the Report's bytes, retirement by ReportResp, retransmission on the timeout and
 * giving up after the retries (the layer's timer, 100 ms a transmission).
 */
class ReportSenderTest {

    /** The SA MAD of a Report of trap 65 about H4's port, issued by the SM at LID 1. */
    static final byte[] REPORT = HexFixture.parse("""
            01 03 02 06         // BaseVersion 1, class SubnAdm, ClassVersion 2, method Report
            0000 0000           // Status, ClassSpecific
            0000000000000001    // TransactionID: the transactions layer's first
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
    private static final MadAddress.LidRouted HOST = MadAddress.gsi(8, 0, 0);
    private static final Duration TIMEOUT = Duration.ofMillis(100);
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Recording sa = new Recording();
    private final MadTransactions txns = new MadTransactions(sa, TransactionSettings.defaults(), Runnable::run);
    private final ReportSender sender = new ReportSender(txns.requester(TIMEOUT, 2, Runnable::run));

    @AfterEach
    void close() {
        txns.close();
    }

    private void sendOne() {
        sender.send(HOST, SmNotices.of(SmNotices.GID_OUT_OF_SERVICE, H4, 1), SM);
    }

    /** The first Report sent, answered: its bytes with the ReportResp method. */
    private byte[] reportResp() {
        byte[] resp = sa.sent().get(0).clone();
        resp[3] = (byte) 0x86;
        return resp;
    }

    @Test
    void theReportCarriesTheNoticeAndTheIssuerGid() {
        assertThat(REPORT).hasSize(MadHeader.MAD_SIZE);
        sendOne();
        assertThat(sa.sent()).singleElement().isEqualTo(REPORT);
        Notice n = Notice.decode(sa.sent().get(0), SaHeader.DATA_OFFSET);
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(65);
        assertThat(Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0)).isEqualTo(H4);
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 0, 0, 0, 1));
    }

    @Test
    void aReportRespRetiresItAndALateOneIsRefused() throws InterruptedException {
        sendOne();
        byte[] resp = reportResp();
        sa.deliver(resp);
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 0, 1, 0, 0));
        sa.deliver(resp);
        assertThat(txns.stats().droppedUnmatched()).as("already retired").isEqualTo(1);
        Thread.sleep(TIMEOUT.multipliedBy(3).toMillis());
        assertThat(sa.sent()).as("nothing resent").hasSize(1);
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 0, 1, 0, 0));
    }

    @Test
    void anUnansweredReportIsResentOnTheTimeoutThenGivenUp() throws InterruptedException {
        sendOne();
        assertThat(sa.sent()).as("not yet due").hasSize(1);
        waitFor(() -> sender.counters().timedOut() == 1);
        assertThat(sa.sent()).as("first transmission and two retries, same bytes").hasSize(3)
                .allSatisfy(m -> assertThat(m).isEqualTo(REPORT));
        assertThat(sender.counters()).isEqualTo(new ReportCounters(1, 2, 0, 1, 0));
        sa.deliver(reportResp());
        assertThat(txns.stats().droppedUnmatched()).as("too late").isEqualTo(1);
        assertThat(sender.counters().retired()).isZero();
    }

    @Test
    void eachReportHasItsOwnTid() {
        sendOne();
        sendOne();
        assertThat(MadHeader.TRANSACTION_ID.getLong(sa.sent().get(1), 0))
                .isNotEqualTo(MadHeader.TRANSACTION_ID.getLong(sa.sent().get(0), 0));
        assertThat(MadAddress.QP1_QKEY).isEqualTo(HOST.qkey());
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("condition within " + WAIT).isNegative();
            Thread.sleep(2);
        }
    }

    /** The SA's port: records every MAD sent (from the test thread or the layer's timer), delivers injected ones. */
    private static final class Recording implements MadChannel {

        private final List<byte[]> sent = new ArrayList<>();
        private volatile MadReceiver receiver;

        synchronized List<byte[]> sent() {
            return List.copyOf(sent);
        }

        void deliver(byte[] mad) {
            receiver.onMad(HOST, mad, mad.length);
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("memory", 1, 1, 1, 1, 4);
        }

        @Override
        public synchronized void send(MadAddress to, byte[] mad, int length) {
            sent.add(Arrays.copyOf(mad, length));
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
            this.receiver = receiver;
        }

        @Override
        public void close() {
        }
    }
}
