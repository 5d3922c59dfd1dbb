package dev.jsm.sa.event;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.RequesterStats;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;

/**
 * Sends SubnAdmReport(Notice) MADs (class 0x03, version 2, method 0x06, attribute 0x0002) to event subscribers as
 * requests of the SA's own {@link Requester}: the transactions layer gives each its TransactionID, keeps it until its
 * ReportResp (0x86, same TransactionID) retires it, sends one unanswered for the requester's timeout again, same
 * bytes and TID, up to its retries, then gives it up - outside the SM's window and barrier, so that no sweep waits
 * for a subscriber. The Report carries the 80-byte Notice of the SA (the 64-byte Notice, then the IssuerGID at bytes
 * 64..79) and AttributeOffset 10. Nothing here blocks.
 *
 * <p>Thread-safe: {@link #send} runs on the SA agent's thread, the outcomes (a debug line for a Report given up) on
 * the requester's executor, {@link #counters} on any thread.
 */
public final class ReportSender {

    private static final System.Logger LOG = System.getLogger(ReportSender.class.getName());
    /** Size of the Notice as an SA record: the Notice and the IssuerGID. */
    public static final int RECORD_SIZE = 80;
    /** The IssuerGID after the Notice, in record coordinates. */
    public static final Field ISSUER_GID = Field.bytes("IssuerGID", 64, Gid.SIZE);

    private final Requester requester;

    /** A sender through {@code requester}, whose timeout and retries the Reports get. */
    public ReportSender(Requester requester) {
        this.requester = requester;
    }

    /** Sends a Report of {@code notice} from {@code issuerGid} to {@code to}. */
    public void send(MadAddress.LidRouted to, Notice notice, Gid issuerGid) {
        requester.send(OutboundMad.of(to, report(notice, issuerGid)), outcome -> {
            if (outcome instanceof TransactionOutcome.TimedOut t) {
                LOG.log(System.Logger.Level.DEBUG, "Report to LID {0} QPN {1} unanswered after {2} transmissions",
                        to.lid(), to.qpn(), t.attempts());
            } else if (outcome instanceof TransactionOutcome.SendFailed f) {
                LOG.log(System.Logger.Level.DEBUG, "Report to LID {0} not sent: {1}", to.lid(), f.reason());
            }
        });
    }

    /** The counters now: a Report the transport refused counts as given up. */
    public ReportCounters counters() {
        RequesterStats s = requester.stats();
        return new ReportCounters(s.sent(), s.retries(), s.responses(), s.timeouts() + s.sendFailures(),
                s.outstanding());
    }

    /** Forgets every waiting Report (the agent stops). */
    public void clear() {
        requester.cancelAll();
    }

    /** The Report MAD: SA header (TransactionID 0: the transactions layer sets it), then the Notice and IssuerGID. */
    static byte[] report(Notice notice, Gid issuerGid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_ADM.value(), SaHeader.CLASS_VERSION, Method.REPORT.value(), 0, 0, 0,
                SaAttribute.NOTICE, 0).encodeTo(mad);
        new SaHeader(0, RECORD_SIZE / 8, 0).encodeTo(mad);
        notice.encodeTo(mad, SaHeader.DATA_OFFSET);
        issuerGid.write(ISSUER_GID, mad, SaHeader.DATA_OFFSET);
        return mad;
    }
}
