package dev.jsm.daemon.sweep;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.ResponseHandler;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Builds the SMPs the SM sends - all directed route with DrSLID = DrDLID = permissive, as OpenSM does (FACTS 1.4)
 * - and hands them to {@link MadTransactions}, which pipelines them through its window and reports each outcome on
 * the SM thread.
 *
 * <p>Thread-safe; used on the SM thread.
 */
public final class SmpSender {

    /** Writes a Set's attribute payload into the MAD at {@code offset} ({@link Smp#DATA_OFFSET}). */
    @FunctionalInterface
    public interface Payload {
        /** Writes the payload. */
        void writeTo(byte[] mad, int offset);
    }

    private static final Logger LOG = LogManager.getLogger(SmpSender.class);

    private final MadTransactions transactions;
    private final long mKey;
    private final BooleanSupplier master;
    private final AtomicLong refusedSets = new AtomicLong();
    private final AtomicLong sentSets = new AtomicLong();

    /** A sender presenting {@code mKey} (the {@code m_key} option) in every SMP, which may always send Sets. */
    public SmpSender(MadTransactions transactions, long mKey) {
        this(transactions, mKey, () -> true);
    }

    /**
     * A sender presenting {@code mKey} (the {@code m_key} option) in every SMP, which sends a Set only while
     * {@code master} says this SM is master: a standby configures nothing, whatever a stage asks.
     */
    public SmpSender(MadTransactions transactions, long mKey, BooleanSupplier master) {
        this.transactions = transactions;
        this.mKey = mKey;
        this.master = master;
    }

    /** Sends {@code Get(attr, modifier)} along {@code path}. */
    public void get(DrPath path, AttributeId attr, long modifier, ResponseHandler handler) {
        byte[] mad = Smp.directedRoute(Method.GET, 0, attr, modifier, path, mKey);
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), handler);
    }

    /**
     * Sends {@code Set(attr, modifier)} with the payload {@code payload} writes along {@code path} - only while this
     * SM is master: otherwise nothing is sent, the handler is never called, and the refusal is logged and counted.
     */
    public void set(DrPath path, AttributeId attr, long modifier, Payload payload, ResponseHandler handler) {
        if (!master.getAsBoolean()) {
            refusedSets.incrementAndGet();
            LOG.error("SM-0629 {} Set (modifier 0x{}) not sent: this SM is not master", attr,
                    Long.toHexString(modifier));
            return;
        }
        sentSets.incrementAndGet();
        byte[] mad = Smp.directedRoute(Method.SET, 0, attr, modifier, path, mKey);
        payload.writeTo(mad, Smp.DATA_OFFSET);
        OutboundMad request = OutboundMad.of(MadAddress.directedRoute(), mad);
        if (takesLong(attr, modifier)) {
            transactions.sendLong(request, handler);
        } else {
            transactions.send(request, handler);
        }
    }

    /**
     * Whether a Set takes the device long to carry out, so that it waits {@code long_transaction_timeout} for its
     * response: an optimized SLtoVLMappingTable Set (modifier bits 16-17 set: one Set writes the table of every input
     * or output port of a switch), as in OpenSM 3.3.23's QoS manager. Every other SMP waits
     * {@code transaction_timeout}.
     */
    static boolean takesLong(AttributeId attr, long modifier) {
        return attr.value() == AttributeId.SL_TO_VL_MAPPING_TABLE.value() && (modifier & 0x30000L) != 0;
    }

    /** Sets sent (every table block, PortInfo, SwitchInfo a sweep wrote; retries not counted; for the metrics). */
    public long sentSets() {
        return sentSets.get();
    }

    /** Sets not sent because this SM was not master (a bug if ever non-zero; for the metrics). */
    public long refusedSets() {
        return refusedSets.get();
    }
}
