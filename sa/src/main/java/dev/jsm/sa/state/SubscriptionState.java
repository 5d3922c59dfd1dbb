package dev.jsm.sa.state;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.InformInfoRecord;

/**
 * One event subscription as the SA keeps it, for the dump file and the standby: the InformInfoRecord the SA lists
 * (subscriber GID, Enum, the InformInfo with the QPN of the subscriber's request) and where its Reports go.
 *
 * <p>Immutable; safe to share.
 *
 * @param record the subscription as InformInfoRecord lists it
 * @param reportTo the destination of its Reports (LID, QPN, Q_Key, SL, P_Key index)
 */
public record SubscriptionState(InformInfoRecord record, MadAddress.LidRouted reportTo) {

    /** The subscriber's port GUID (the interface ID of its GID). */
    public long portGuid() {
        return record.subscriberGid().interfaceId();
    }

    /** The subscription's identity. */
    public SubscriptionKey key() {
        return SubscriptionKey.of(reportTo, record.informInfo());
    }
}
