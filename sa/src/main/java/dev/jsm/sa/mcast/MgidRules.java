package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;

/**
 * Multicast GID rules of the SA (IBA 4.1.1, o15-0.1.5, as OpenSM checks them with
 * {@code ipoib_mcgroup_creation_validation}): which MGIDs a host may create, the IPoIB broadcast group an IPoIB
 * MGID belongs to, and the MGIDs the SA assigns when a create asks for MGID 0.
 *
 * <p>Stateless; thread-safe.
 */
final class MgidRules {

    /** IPv4 over IB signature (bytes 2-3). */
    static final int IPV4_SIGNATURE = 0x401B;
    /** IPv6 over IB signature. */
    static final int IPV6_SIGNATURE = 0x601B;
    /** Signature of SA-assigned MGIDs. */
    static final int SA_SIGNATURE = 0xA01B;
    /** Link-local scope. */
    static final int LINK_LOCAL = 2;

    private MgidRules() {
    }

    /** The signature (bytes 2-3) of a multicast GID. */
    static int signature(Gid mgid) {
        return (int) (mgid.prefix() >>> 32) & 0xFFFF;
    }

    /** The scope nibble (byte 1, low half) of a multicast GID. */
    static int scope(Gid mgid) {
        return (int) (mgid.prefix() >>> 48) & 0xF;
    }

    /** Whether the MGID carries an IPoIB signature (IPv4 or IPv6). */
    static boolean isIpoib(Gid mgid) {
        int s = signature(mgid);
        return s == IPV4_SIGNATURE || s == IPV6_SIGNATURE;
    }

    /**
     * Whether a host may create a group with this MGID: first byte 0xFF; unless it is an IPoIB MGID, no reserved
     * flag bit set and no SA signature with link-local scope (those MGIDs are the SA's own).
     */
    static boolean creatable(Gid mgid) {
        if (!mgid.isMulticast()) {
            return false;
        }
        if (isIpoib(mgid)) {
            return true;
        }
        int flags = (int) (mgid.prefix() >>> 52) & 0xF;
        return (flags & 0xE) == 0 && !(signature(mgid) == SA_SIGNATURE && scope(mgid) == LINK_LOCAL);
    }

    /**
     * The IPv4 broadcast MGID {@code ff1<scope>:401b:<pkey>::ffff:ffff} of an IPoIB MGID's scope and P_Key (bytes
     * 4-5).
     */
    static Gid broadcastOf(Gid ipoib) {
        long pKey = (ipoib.prefix() >>> 16) & 0xFFFF;
        return new Gid(0xFF10_0000_0000_0000L | (long) scope(ipoib) << 48 | (long) IPV4_SIGNATURE << 32 | pKey << 16,
                0xFFFF_FFFFL);
    }

    /**
     * Whether the MGID is an IPv6 solicited-node multicast address over IB, {@code ff1Z:601b:PPPP::1:ffXX:XXXX}
     * (scope Z, P_Key PPPP, the port's last 24 GUID bits), by OpenSM's masks: prefix & ff10:ffff:0000:ffff =
     * ff10:601b:0000:0000 and interface ID & ffff:fff1:ff00:0000 = 0000:0001:ff00:0000.
     */
    static boolean isIpv6SolicitedNode(Gid mgid) {
        return (mgid.prefix() & 0xFF10_FFFF_0000_FFFFL) == 0xFF10_601B_0000_0000L
                && (mgid.interfaceId() & 0xFFFF_FFF1_FF00_0000L) == 0x0000_0001_FF00_0000L;
    }

    /**
     * Whether two solicited-node MGIDs fold into one group under {@code consolidate_ipv6_snm_req}: equal but for
     * their last 24 bits (same flags, scope and P_Key; OpenSM compares the first 13 bytes).
     */
    static boolean sameSolicitedNodeGroup(Gid a, Gid b) {
        return a.prefix() == b.prefix() && a.interfaceId() >>> 24 == b.interfaceId() >>> 24;
    }

    /**
     * The SA-assigned MGID number {@code n} in {@code scope}: {@code ff1<scope>:a01b}, then the subnet prefix's
     * first six bytes, the 32-bit number least significant byte first and the prefix's last two bytes (OpenSM's
     * layout on x86: its 4th MGID on the default prefix is {@code ff12:a01b:fe80::300:0:0}).
     */
    static Gid assigned(int scope, long subnetPrefix, int n) {
        long high = 0xFF10_0000_0000_0000L | (long) (scope & 0xF) << 48 | (long) SA_SIGNATURE << 32
                | subnetPrefix >>> 32;
        long low = (subnetPrefix >>> 16 & 0xFFFF) << 48 | (Integer.reverseBytes(n) & 0xFFFF_FFFFL) << 16
                | subnetPrefix & 0xFFFF;
        return new Gid(high, low);
    }
}
