package dev.jsm.daemon.sweep;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.ResponseHandler;

/**
 * Builds the SMPs the SM sends - all directed route with DrSLID = DrDLID = permissive, as OpenSM does (FACTS 1.4)
 * - and hands them to {@link MadTransactions}, which pipelines them through its window and reports each outcome on
 * the SM thread.
 *
 * <p>Thread-safe (stateless apart from the M_Key); used on the SM thread.
 */
public final class SmpSender {

    /** Writes a Set's attribute payload into the MAD at {@code offset} ({@link Smp#DATA_OFFSET}). */
    @FunctionalInterface
    public interface Payload {
        /** Writes the payload. */
        void writeTo(byte[] mad, int offset);
    }

    private final MadTransactions transactions;
    private final long mKey;

    /** A sender presenting {@code mKey} (the {@code m_key} option) in every SMP. */
    public SmpSender(MadTransactions transactions, long mKey) {
        this.transactions = transactions;
        this.mKey = mKey;
    }

    /** Sends {@code Get(attr, modifier)} along {@code path}. */
    public void get(DrPath path, AttributeId attr, long modifier, ResponseHandler handler) {
        byte[] mad = Smp.directedRoute(Method.GET, 0, attr, modifier, path, mKey);
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), handler);
    }

    /** Sends {@code Set(attr, modifier)} with the payload {@code payload} writes along {@code path}. */
    public void set(DrPath path, AttributeId attr, long modifier, Payload payload, ResponseHandler handler) {
        byte[] mad = Smp.directedRoute(Method.SET, 0, attr, modifier, path, mKey);
        payload.writeTo(mad, Smp.DATA_OFFSET);
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), handler);
    }
}
