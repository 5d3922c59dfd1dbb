package dev.jsm.daemon.sm;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import java.io.IOException;
import java.util.Arrays;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Answers SMInfo Gets addressed to this SM (another SM polling it, {@code sminfo} from infiniband-diags): GUID = the
 * SM port's GUID, ActCount = SMPs sent so far, the configured priority and the current state. SM_Key is returned as
 * 0: without M_Key checking the requester is not known to be allowed to see it. SMInfo Sets (handover, standby,
 * ...) are not answered: standby and handover are not implemented.
 *
 * <p>Runs on the SM thread (registered as an unsolicited handler); thread-safe.
 */
public final class SmInfoResponder {

    private static final Logger LOG = LogManager.getLogger(SmInfoResponder.class);

    private final MadTransactions transactions;
    private final SmStatus status;
    private final long portGuid;
    private volatile int priority;

    /** A responder for the SM on port {@code portGuid} with priority {@code priority}. */
    public SmInfoResponder(MadTransactions transactions, SmStatus status, long portGuid, int priority) {
        this.transactions = transactions;
        this.status = status;
        this.portGuid = portGuid;
        this.priority = priority;
    }

    /** The priority this SM reports (0..15). */
    public int priority() {
        return priority;
    }

    /** Changes the priority this SM reports from now on (the console's {@code priority N}). */
    public void setPriority(int priority) {
        if (priority < 0 || priority > 15) {
            throw new IllegalArgumentException("SM priority must be 0..15, not " + priority);
        }
        this.priority = priority;
    }

    /** The SMInfo this SM reports now. */
    public SmInfo current() {
        return new SmInfo(portGuid, 0, transactions.stats().sent() & 0xFFFF_FFFFL, priority,
                status.state().wireValue());
    }

    /** Answers one SMInfo Get (an unsolicited MAD). */
    public void onGet(MadAddress from, byte[] mad, int length) {
        byte[] resp = Arrays.copyOf(mad, Math.max(length, 256));
        resp[3] = (byte) Method.GET_RESP.value();
        resp[4] = 0;
        resp[5] = 0;
        if (Smp.isDirectedRoute(resp)) {
            Smp.D_BIT.put(resp, 0, 1);
        }
        Arrays.fill(resp, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE, (byte) 0);
        current().encodeTo(resp, Smp.DATA_OFFSET);
        try {
            transactions.post(new OutboundMad(from, resp, resp.length));
        } catch (IOException e) {
            LOG.error("SM-0602 cannot answer an SMInfo Get from {}: {}", from, e.getMessage());
        }
    }
}
