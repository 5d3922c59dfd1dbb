package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.subnet.Guid;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Trap 144 (LocalChanges, IBA 14.2.5.1) from this SM's port to the master SM, LID-routed, as OpenSM sends it: when
 * this SM enters STANDBY (flags 0: "here is another SM"; not sent when the port's own SMA reports capability
 * changes, since it then sends its own), and with ChangeFlags "SM priority changed" (0x0008) and OtherLocalChanges
 * when a standby or waiting master finds the master lower than itself, so that the master sweeps, sees the higher SM
 * and hands over. It is sent once, outside the transactions' window and barrier (a master that just stopped being
 * one drops it unanswered, and a sweep must not wait on that); the TrapRepress a master answers with is taken and
 * dropped ({@link #ignoreRepress}).
 *
 * <p>A trap that cannot go yet because this SM's port or the master's has no LID is sent once both are known
 * ({@link #sendPending}, after a poll).
 *
 * <p>Thread-safe.
 */
public final class Trap144 {

    /** ChangeFlags bit: the SM's priority changed. */
    public static final int SM_PRIORITY_CHANGED = 0x0008;

    private static final Logger LOG = LogManager.getLogger(Trap144.class);
    private static final int TRAP_LOCAL_CHANGES = 144;
    private static final long CAP_IS_CAPABILITY_MASK_NOTICE = 0x0040_0000L;
    /** A bit above the ChangeFlags: a trap waits for the LIDs. */
    private static final int PENDING = 0x10000;
    /** TransactionIDs of the traps, in a range of their own (MadTransactions counts its own from 1). */
    private static final AtomicInteger TIDS = new AtomicInteger(0x7F00_0000);

    private final MadTransactions transactions;
    private final LocalSmPort port;
    private final int producerType;
    /** The ChangeFlags of a trap waiting for the LIDs, with {@link #PENDING}; 0 if none waits. */
    private final AtomicInteger pendingFlags = new AtomicInteger();

    /**
     * @param transactions where the Trap goes (the TrapRepress is its answer)
     * @param port this SM's port (LID, CapabilityMask)
     * @param producerType {@link Notice#PRODUCER_CA} for an SM on a CA, {@link Notice#PRODUCER_SWITCH} on a switch
     */
    public Trap144(MadTransactions transactions, LocalSmPort port, int producerType) {
        this.transactions = transactions;
        this.port = port;
        this.producerType = producerType;
    }

    /**
     * Sends the Trap 144 that had to wait because a LID was not known yet (this SM stood by before the master gave
     * the ports their LIDs), once both are known; nothing if none waits.
     */
    public void sendPending(RemoteSm master) {
        int flags = pendingFlags.get();
        if (flags != 0 && port.lid() != 0 && master.lid() != 0) {
            send(master, flags & ~PENDING);
        }
    }

    /** Takes the TrapRepress answers to these traps, so they are not counted as unmatched responses. */
    public static void ignoreRepress(MadTransactions transactions) {
        transactions.onForeignResponse(UnsolicitedFilter.of(MgmtClass.SUBN_LID_ROUTED, Method.TRAP,
                AttributeId.NOTICE), Runnable::run, (from, mad, length) -> LOG.debug("TrapRepress from {}", from));
    }

    /**
     * Sends Trap 144 to {@code master}.
     *
     * @param changeFlags 0 when entering STANDBY, {@link #SM_PRIORITY_CHANGED} when the master is lower
     */
    public void send(RemoteSm master, int changeFlags) {
        long cap = port.capabilityMask();
        if (changeFlags == 0 && (cap & (PortInfo.CAP_IS_TRAP_SUPPORTED | CAP_IS_CAPABILITY_MASK_NOTICE)) != 0) {
            return;
        }
        int lid = port.lid();
        if (lid == 0 || master.lid() == 0) {
            LOG.log(LogLevels.VERBOSE, "Trap 144 to SM {} waits: {} has no LID yet", Guid.toString(master.guid()),
                    lid == 0 ? "this SM's port" : "its port");
            pendingFlags.accumulateAndGet(changeFlags | PENDING, (a, b) -> a | b);
            return;
        }
        pendingFlags.set(0);
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        details[2] = (byte) (lid >> 8);
        details[3] = (byte) lid;
        details[5] = (byte) (changeFlags != 0 ? 1 : 0);
        for (int i = 0; i < 4; i++) {
            details[6 + i] = (byte) (cap >> (24 - 8 * i));
        }
        details[10] = (byte) (changeFlags >> 8);
        details[11] = (byte) changeFlags;
        byte[] mad = Smp.lidRouted(Method.TRAP, 0, AttributeId.NOTICE, 0, 0);
        new Notice(true, Notice.TYPE_INFORMATIONAL, producerType, TRAP_LOCAL_CHANGES, lid, 0, 0, details)
                .encodeTo(mad, Smp.DATA_OFFSET);
        LOG.debug("Trap 144 (flags 0x{}) to SM {} at LID {}", Integer.toHexString(changeFlags),
                Guid.toString(master.guid()), master.lid());
        MadHeader.TRANSACTION_ID.put(mad, 0, TIDS.incrementAndGet());
        try {
            transactions.post(OutboundMad.of(MadAddress.smi(master.lid()), mad));
        } catch (IOException e) {
            LOG.log(LogLevels.VERBOSE, "Trap 144 to SM {} not sent: {}", Guid.toString(master.guid()),
                    e.getMessage());
        }
    }
}
