package dev.jsm.sa.event;

import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;

/**
 * Whether a notice matches a subscription (IBA 13.4.8.3, OpenSM's rules): a non-zero InformInfo GID must equal the
 * notice's IssuerGID, else a LIDRangeBegin other than 0xFFFF asks for LIDRangeBegin <= IssuerLID <= LIDRangeEnd;
 * IsGeneric must agree; Type (0xFFFF = any) must equal; for generic notices TrapNumber (0xFFFF = any) and
 * ProducerType (0xFFFFFF = any), for vendor notices DeviceID and VendorID the same way. The QPN plays no part.
 *
 * <p>Stateless.
 */
public final class NoticeMatch {

    private static final int ANY_16 = 0xFFFF;
    private static final int ANY_24 = 0xFFFFFF;

    private NoticeMatch() {
    }

    /** Whether {@code notice}, issued by {@code issuerGid}, matches subscription {@code ii}. */
    public static boolean matches(InformInfo ii, Notice notice, Gid issuerGid) {
        if (!ii.gid().equals(Gid.ZERO)) {
            if (!ii.gid().equals(issuerGid)) {
                return false;
            }
        } else if (ii.lidRangeBegin() != InformInfo.LID_RANGE_ALL
                && (notice.issuerLid() < ii.lidRangeBegin() || notice.issuerLid() > ii.lidRangeEnd())) {
            return false;
        }
        if ((ii.isGeneric() != 0) != notice.generic()) {
            return false;
        }
        if (ii.type() != InformInfo.TYPE_ALL && ii.type() != notice.type()) {
            return false;
        }
        return (ii.trapNumberOrDeviceId() == ANY_16 || ii.trapNumberOrDeviceId() == notice.trapNumberOrDeviceId())
                && (ii.producerTypeOrVendorId() == ANY_24
                    || ii.producerTypeOrVendorId() == notice.producerTypeOrVendorId());
    }
}
