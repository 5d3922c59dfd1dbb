package dev.jsm.sa.state;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.InformInfo;

/**
 * An event subscription's identity: where its Reports go (LID, QPN, P_Key index) and its InformInfo but Subscribe
 * (a withdrawal, Subscribe 0, names the subscription it ends).
 *
 * <p>Immutable; safe to share.
 *
 * @param lid the Report LID
 * @param qpn the Report QPN
 * @param pkeyIndex the P_Key index Reports go out with
 * @param informInfo the InformInfo, Subscribe 0
 */
public record SubscriptionKey(int lid, int qpn, int pkeyIndex, InformInfo informInfo) {

    /** The identity of a subscription with Reports to {@code to} and InformInfo {@code ii} (Subscribe ignored). */
    public static SubscriptionKey of(MadAddress.LidRouted to, InformInfo ii) {
        return new SubscriptionKey(to.lid(), to.qpn(), to.pkeyIndex(), new InformInfo(ii.gid(), ii.lidRangeBegin(),
                ii.lidRangeEnd(), ii.isGeneric(), 0, ii.type(), ii.trapNumberOrDeviceId(), ii.qpn(),
                ii.respTimeValue(), ii.producerTypeOrVendorId()));
    }
}
