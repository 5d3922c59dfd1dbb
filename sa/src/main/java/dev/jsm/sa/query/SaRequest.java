package dev.jsm.sa.query;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.SaHeader;

/**
 * One SA request as the query engine sees it: method, attribute, the SA header and the template record (the bytes
 * at {@link SaHeader#DATA_OFFSET} of the request, or of its reassembled RMPP message).
 *
 * <p>Immutable by convention ({@code data} is not copied and must not be changed).
 *
 * @param from the requester's address
 * @param method the method (Get 0x01, GetTable 0x12, ...)
 * @param attributeId the SA attribute ID
 * @param attributeModifier the attribute modifier
 * @param transactionId the TID
 * @param header the SA header (SM_Key, ComponentMask)
 * @param data the template record bytes (at least the record's size, zero padded)
 * @param trusted whether SM_Key equalled the SA key (sensitive fields are shown only to trusted requesters)
 */
public record SaRequest(MadAddress.LidRouted from, int method, int attributeId, long attributeModifier,
                        long transactionId, SaHeader header, byte[] data, boolean trusted) {

    /** The component mask. */
    public long componentMask() {
        return header.componentMask();
    }

    /** Whether component {@code bit} is set. */
    public boolean has(int bit) {
        return header.hasComponent(bit);
    }
}
