package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import java.util.Objects;

/**
 * A MAD to send through {@link MadTransactions}: where it goes and its bytes (built with {@code Smp.directedRoute},
 * {@code Smp.lidRouted} or an SA encoder). The accessors read the common header (IBA 13.4.3) from the bytes.
 *
 * <p>Not immutable: the record only holds the array. From {@link MadTransactions#send} on, the bytes belong to the
 * transactions layer, which writes the TransactionID into them and re-sends them unchanged on every retry; the caller
 * must not change them until its handler has run. The outcome hands the same record back, so a handler can see what
 * it asked for.
 *
 * @param to destination ({@link MadAddress#directedRoute()} for directed-route SMPs)
 * @param mad the MAD bytes
 * @param length number of bytes to send, 24 up to {@code mad.length} (256 for a single MAD)
 */
public record OutboundMad(MadAddress to, byte[] mad, int length) {

    /**
     * @throws IllegalArgumentException if {@code length} is shorter than the common header or longer than the array
     */
    public OutboundMad {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(mad, "mad");
        if (length < MadHeader.SIZE || length > mad.length) {
            throw new IllegalArgumentException("MAD length " + length + " outside " + MadHeader.SIZE + ".."
                    + mad.length);
        }
    }

    /** The whole array as one MAD to {@code to}. */
    public static OutboundMad of(MadAddress to, byte[] mad) {
        return new OutboundMad(to, mad, mad.length);
    }

    /** The management class byte. */
    public int mgmtClass() {
        return mad[1] & 0xFF;
    }

    /** The method byte, response bit included. */
    public int method() {
        return mad[3] & 0xFF;
    }

    /** The attribute ID. */
    public int attributeId() {
        return ((mad[16] & 0xFF) << 8) | (mad[17] & 0xFF);
    }

    /** The attribute modifier (unsigned 32 bits). */
    public long attributeModifier() {
        return MadHeader.ATTRIBUTE_MODIFIER.getLong(mad, 0);
    }

    /** The TransactionID as it is in the bytes now (set by {@link MadTransactions#send}). */
    public long transactionId() {
        return MadHeader.TRANSACTION_ID.getLong(mad, 0);
    }

    /** For logs: {@code "Get NodeInfo mod 0x0 tid 0x12 to DR"}. */
    @Override
    public String toString() {
        return Method.valueOf(method()) + " " + AttributeId.valueOf(attributeId()) + " mod 0x"
                + Long.toHexString(attributeModifier()) + " (" + MgmtClass.valueOf(mgmtClass()) + ") tid 0x"
                + Long.toHexString(transactionId()) + " to " + to;
    }
}
