package dev.jsm.sa.event;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import java.io.IOException;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sends SubnAdmReport(Notice) MADs (class 0x03, version 2, method 0x06, attribute 0x0002) to event subscribers and
 * keeps each until its ReportResp (0x86, same TransactionID) retires it; one unanswered for {@code timeout} is sent
 * again, same bytes and TID, up to {@code retries} times, then given up. The Report carries the 80-byte Notice of
 * the SA (the 64-byte Notice, then the IssuerGID at bytes 64..79) and AttributeOffset 10. TIDs come from a counter
 * of our own (never 0); the channel sends, nothing here blocks.
 *
 * <p>Confined to the SA agent's thread ({@link #poll} from its timer), except {@link #counters}, which any thread may
 * read.
 */
public final class ReportSender {

    private static final System.Logger LOG = System.getLogger(ReportSender.class.getName());
    /** Size of the Notice as an SA record: the Notice and the IssuerGID. */
    public static final int RECORD_SIZE = 80;
    /** The IssuerGID after the Notice, in record coordinates. */
    public static final Field ISSUER_GID = Field.bytes("IssuerGID", 64, Gid.SIZE);

    private final MadChannel channel;
    private final long timeoutNanos;
    private final int retries;
    private final Map<Integer, Pending> pending = new LinkedHashMap<>();
    private int nextTid = 0x02DA_0000;
    /** The counters: written by the agent's thread only, read by any. */
    private volatile long sent;
    private volatile long retried;
    private volatile long retired;
    private volatile long timedOut;
    private volatile int inFlight;

    /** A sender on {@code channel} waiting {@code timeout} per transmission, resending {@code retries} times. */
    public ReportSender(MadChannel channel, Duration timeout, int retries) {
        this.channel = channel;
        this.timeoutNanos = timeout.toNanos();
        this.retries = retries;
    }

    /** Sends a Report of {@code notice} from {@code issuerGid} to {@code to}. */
    public void send(MadAddress.LidRouted to, Notice notice, Gid issuerGid, long nowNanos) {
        int tid = nextTid();
        byte[] mad = report(tid, notice, issuerGid);
        Pending p = new Pending(to, mad, nowNanos + timeoutNanos);
        pending.put(tid, p);
        inFlight = pending.size();
        sent++;
        transmit(p);
    }

    /**
     * Takes a ReportResp: retires the Report with its TID.
     *
     * @return false if no Report waits for it (late, duplicate or foreign: the caller counts it as dropped)
     */
    public boolean onResponse(byte[] mad) {
        int tid = (int) MadHeader.TRANSACTION_ID.getLong(mad, 0);
        if (pending.remove(tid) == null) {
            return false;
        }
        inFlight = pending.size();
        retired++;
        return true;
    }

    /** Resends or gives up the Reports whose transmission timed out. */
    public void poll(long nowNanos) {
        for (Iterator<Pending> it = pending.values().iterator(); it.hasNext(); ) {
            Pending p = it.next();
            if (nowNanos - p.due < 0) {
                continue;
            }
            if (p.attempts > retries) {
                it.remove();
                inFlight = pending.size();
                timedOut++;
                LOG.log(System.Logger.Level.DEBUG, "Report to LID {0} QPN {1} unanswered after {2} transmissions",
                        p.to.lid(), p.to.qpn(), p.attempts);
            } else {
                p.due = nowNanos + timeoutNanos;
                retried++;
                transmit(p);
            }
        }
    }

    /** The counters now. */
    public ReportCounters counters() {
        return new ReportCounters(sent, retried, retired, timedOut, inFlight);
    }

    /** Forgets every waiting Report (the agent stops). */
    public void clear() {
        pending.clear();
        inFlight = 0;
    }

    /** The Report MAD: SA header, then the Notice and the IssuerGID. */
    static byte[] report(int tid, Notice notice, Gid issuerGid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_ADM.value(), SaHeader.CLASS_VERSION, Method.REPORT.value(), 0, 0,
                Integer.toUnsignedLong(tid), SaAttribute.NOTICE, 0).encodeTo(mad);
        new SaHeader(0, RECORD_SIZE / 8, 0).encodeTo(mad);
        notice.encodeTo(mad, SaHeader.DATA_OFFSET);
        issuerGid.write(ISSUER_GID, mad, SaHeader.DATA_OFFSET);
        return mad;
    }

    private void transmit(Pending p) {
        p.attempts++;
        try {
            channel.send(p.to, p.mad, p.mad.length);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "Report to LID {0} not sent: {1}", p.to.lid(), e.getMessage());
        }
    }

    private int nextTid() {
        int tid;
        do {
            tid = nextTid++;
        } while (tid == 0 || pending.containsKey(tid));
        return tid;
    }

    /** A Report waiting for its ReportResp. */
    private static final class Pending {
        final MadAddress.LidRouted to;
        final byte[] mad;
        long due;
        int attempts;

        Pending(MadAddress.LidRouted to, byte[] mad, long due) {
            this.to = to;
            this.mad = mad;
            this.due = due;
        }
    }
}
