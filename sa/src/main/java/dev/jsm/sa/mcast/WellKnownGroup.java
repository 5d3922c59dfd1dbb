package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import java.util.Objects;

/**
 * A multicast group the SA creates before anyone joins and keeps while it is configured, whatever its membership:
 * the IPoIB broadcast group of each partition ({@code ff12:401b:<pkey>::ffff:ffff}) and the partitions' other
 * {@code mgid=} groups. Hosts join them with the group's parameters (IPoIB reads Q_Key, MTU and rate back from its
 * join of the broadcast group).
 *
 * <p>Immutable; safe to share.
 *
 * @param mgid the MGID (its scope nibble is the group's Scope)
 * @param pKey the P_Key, full-member bit set
 * @param qKey the Q_Key
 * @param mtu IBA MTU code
 * @param rate IBA rate code
 * @param sl service level
 * @param tClass traffic class
 * @param flowLabel flow label (20 bits)
 * @param hopLimit hop limit
 */
public record WellKnownGroup(Gid mgid, int pKey, long qKey, int mtu, int rate, int sl, int tClass, int flowLabel,
                             int hopLimit) {

    /** Checks that {@code mgid} is a multicast GID. */
    public WellKnownGroup {
        Objects.requireNonNull(mgid, "mgid");
        if (!mgid.isMulticast()) {
            throw new IllegalArgumentException("well-known group " + mgid + " is not a multicast GID");
        }
    }

    /** The scope nibble of the MGID. */
    public int scope() {
        return (int) (mgid.prefix() >>> 48) & 0xF;
    }
}
