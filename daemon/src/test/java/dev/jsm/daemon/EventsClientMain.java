package dev.jsm.daemon;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.event.ReportSender;
import dev.jsm.sa.event.SmNotices;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSettings;
import java.io.IOException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The event subscriber of {@link EventsIbsimIT}, run under umad2sim on its own host ({@code SIM_HOST}) with
 * {@code SIM_SET_ISSM=1}: ibsim hands a request addressed to a host's QP1 (such as an SA Report) only to a client
 * that holds the {@code issm} flag on that port, so without it the Reports would be dropped ("no one to handle
 * pkt"). Opens the port with the SA agent (class 0x03; umad2sim delivers every class 0x03 request to it), then:
 * <ol>
 *   <li>subscribes to generic traps 64 and 65 with SubnAdmSet(InformInfo), Subscribe 1, and prints
 *       {@code SET trap=N status=0x.... echo=true|false} (whether the answer's InformInfo equals the request's);</li>
 *   <li>asks SubnAdmGetTable(InformInfoRecord) untrusted (SM_Key 0) and prints one {@code IIR gid=.. trap=N
 *       subscribe=N qpn=N} line per record; then subscribes to trap 128 as well and prints {@code READY} (the
 *       table is read with two subscriptions: a third record would reach MAD bytes 184-247, and under umad2sim the
 *       tail of a full MAD arrives zeroed, see docs/sa-conformance.md "Limits of the arena");</li>
 *   <li>answers every Report with a ReportResp (same TID and Notice) and prints
 *       {@code REPORT trap=N gid=0x<interface id> issuerLid=N issuerGid=0x<interface id> tid=0x..} (gid: the port
 *       of a trap 64-67, {@code -} for others), until it has seen trap 65 and then trap 64 about the port
 *       {@code victim}; then closes the port, prints {@code DONE} and exits 0 ({@code TIMEOUT} and 3 when the time
 *       limit passes first).</li>
 * </ol>
 * Arguments: the SM's LID, the victim's port GUID (hex), the time limit in seconds.
 */
public final class EventsClientMain {

    private static final int GET_TABLE = 0x12;
    private static final int SET = 0x02;
    private static final int REPORT = 0x06;
    private static final int REPORT_RESP = 0x86;

    private EventsClientMain() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        int saLid = Integer.parseInt(args[0]);
        long victim = Long.parseUnsignedLong(args[1].replace("0x", ""), 16);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[2]));
        int rc;
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            LinkedBlockingQueue<Received> in = new LinkedBlockingQueue<>();
            channel.setReceiver((from, mad, length) -> in.add(new Received(from, mad.clone())));
            Session s = new Session(channel, saLid, in, end);
            s.subscribe(64);
            s.subscribe(65);
            byte[] table = s.table();
            for (int off = 0; off + InformInfoRecord.SIZE <= table.length; off += InformInfoRecord.SIZE) {
                InformInfoRecord r = InformInfoRecord.decode(table, off);
                System.out.printf("IIR gid=0x%016x trap=%d subscribe=%d qpn=%d%n", r.subscriberGid().interfaceId(),
                        r.informInfo().trapNumberOrDeviceId(), r.informInfo().subscribe(), r.informInfo().qpn());
            }
            s.subscribe(128);
            System.out.println("READY");
            System.out.flush();
            rc = s.awaitReports(victim) ? 0 : 3;
        }
        System.out.println(rc == 0 ? "DONE" : "TIMEOUT");
        System.out.flush();
        System.exit(rc);
    }

    /** A MAD and who sent it. */
    private record Received(MadAddress from, byte[] mad) {
    }

    /** The client's requests and Report handling; confined to the main thread. */
    private static final class Session {
        private final UmadChannel channel;
        private final int saLid;
        private final LinkedBlockingQueue<Received> in;
        private final long end;
        private final RmppReceiver rmpp;
        private long tid = 0x45490000L;

        Session(UmadChannel channel, int saLid, LinkedBlockingQueue<Received> in, long end) {
            this.channel = channel;
            this.saLid = saLid;
            this.in = in;
            this.end = end;
            this.rmpp = new RmppReceiver(channel, RmppSettings.defaults());
        }

        /** Subscribes to generic trap {@code trap} from every LID and prints the {@code SET} line. */
        void subscribe(int trap) throws Exception {
            InformInfo ii = new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, trap, 0,
                    0, 0xFFFFFF);
            byte[] answer = ask(SET, SaAttribute.INFORM_INFO, 0, m -> ii.encodeTo(m, SaHeader.DATA_OFFSET));
            boolean echo = InformInfo.decode(answer, SaHeader.DATA_OFFSET).equals(ii);
            System.out.printf("SET trap=%d status=0x%04x echo=%s%n", trap, MadHeader.STATUS.getInt(answer, 0), echo);
        }

        /** Sends one SA request and returns the single-MAD answer whose TID matches in its low 32 bits. */
        byte[] ask(int method, int attribute, long mask, Consumer<byte[]> body) throws Exception {
            long t = send(method, attribute, mask, body);
            while (true) {
                Received r = next();
                if (isAnswerTo(r.mad, t) && !RmppHeader.isActive(r.mad)) {
                    return r.mad;
                }
            }
        }

        /** InformInfoRecord GetTable with an empty mask: the records' bytes (RMPP reassembled and ACKed). */
        byte[] table() throws Exception {
            long t = send(GET_TABLE, SaAttribute.INFORM_INFO_RECORD, 0, m -> { });
            while (true) {
                Received r = next();
                if (!isAnswerTo(r.mad, t)) {
                    continue;
                }
                if (!RmppHeader.isActive(r.mad)) {
                    throw new IOException(String.format("GetTable answered without RMPP, status 0x%04x",
                            MadHeader.STATUS.getInt(r.mad, 0)));
                }
                if (RmppHeader.RMPP_TYPE.getInt(r.mad, 0) == RmppHeader.TYPE_DATA) {
                    RmppMessage m = rmpp.onData((MadAddress.LidRouted) r.from, r.mad, System.nanoTime());
                    if (m != null) {
                        return m.data();
                    }
                }
            }
        }

        /** Answers Reports until trap 65 and then trap 64 about {@code victim} came; false on timeout. */
        boolean awaitReports(long victim) throws Exception {
            boolean out = false;
            while (System.nanoTime() - end < 0) {
                Received r = in.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (r == null || (r.mad[1] & 0xFF) != 0x03 || (r.mad[3] & 0xFF) != REPORT) {
                    continue;
                }
                Notice n = answerReport(r);
                long about = Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0).interfaceId();
                if (about == victim && n.trapNumberOrDeviceId() == 65) {
                    out = true;
                } else if (about == victim && n.trapNumberOrDeviceId() == 64 && out) {
                    return true;
                }
            }
            return false;
        }

        /** Sends the ReportResp for {@code r} (same bytes, method 0x86) and prints the Report. */
        private Notice answerReport(Received r) throws IOException {
            byte[] resp = r.mad.clone();
            resp[3] = (byte) REPORT_RESP;
            channel.send(MadAddress.gsi(saLid, 0, 0), resp, resp.length);
            Notice n = Notice.decode(r.mad, SaHeader.DATA_OFFSET);
            int trap = n.trapNumberOrDeviceId();
            String gid = trap >= SmNotices.GID_IN_SERVICE && trap <= SmNotices.MCAST_GROUP_DELETED
                    ? String.format("0x%016x", Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0).interfaceId())
                    : "-";
            Gid issuer = Gid.read(ReportSender.ISSUER_GID, r.mad, SaHeader.DATA_OFFSET);
            System.out.printf("REPORT trap=%d gid=%s issuerLid=%d issuerGid=0x%016x tid=0x%016x from=%s%n",
                    trap, gid, n.issuerLid(), issuer.interfaceId(),
                    MadHeader.TRANSACTION_ID.getLong(r.mad, 0), r.from);
            System.out.flush();
            return n;
        }

        private long send(int method, int attribute, long mask, Consumer<byte[]> body)
                throws IOException {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            long t = ++tid;
            new MadHeader(1, 3, 2, method, 0, 0, t, attribute, 0).encodeTo(mad);
            new SaHeader(0, 0, mask).encodeTo(mad);
            body.accept(mad);
            channel.send(MadAddress.gsi(saLid, 0, 0), mad, mad.length);
            return t;
        }

        /** The next MAD (Reports arriving meanwhile are answered and printed too). */
        private Received next() throws Exception {
            while (true) {
                Received r = in.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (r == null) {
                    throw new IOException("no SA answer in time");
                }
                if ((r.mad[1] & 0xFF) == 0x03 && (r.mad[3] & 0xFF) == REPORT) {
                    answerReport(r);
                    continue;
                }
                return r;
            }
        }

        private static boolean isAnswerTo(byte[] mad, long t) {
            return (mad[1] & 0xFF) == 0x03 && (mad[3] & 0x80) != 0
                    && (int) MadHeader.TRANSACTION_ID.getLong(mad, 0) == (int) t;
        }
    }
}
