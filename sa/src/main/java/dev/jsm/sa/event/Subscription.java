package dev.jsm.sa.event;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.InformInfoRecord;

/**
 * One event subscription: the InformInfoRecord the SA lists for it (subscriber GID, Enum, the InformInfo with the
 * QPN of the subscriber's request) and where its Reports go - the source address of the SubnAdmSet(InformInfo)
 * (C13-32.1.2: LID, QPN, P_Key index).
 *
 * <p>Immutable; safe to share.
 *
 * @param record the subscription as InformInfoRecord lists it
 * @param portGuid the subscriber's port GUID (the interface ID of its GID)
 * @param reportTo the destination of its Reports
 */
public record Subscription(InformInfoRecord record, long portGuid, MadAddress.LidRouted reportTo) {
}
