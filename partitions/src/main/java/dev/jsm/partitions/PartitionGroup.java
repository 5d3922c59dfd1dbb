package dev.jsm.partitions;

/**
 * A multicast group the SM creates when it sets up a partition, before any port joins: the IPoIB broadcast group of
 * an {@code ipoib} partition ({@code ff12:401b:<pkey|0x8000>::ffff:ffff}, scope from {@code scope=}) or a group of an
 * {@code mgid=} line. OpenSM marks these "well known": they stay while the partition exists, even without members.
 * The SA's MCMemberRecord work creates them with these values (MTU and rate with selector "exactly").
 *
 * <p>Immutable; safe to share.
 *
 * @param mgid the MGID, scope nibble included
 * @param pkey the partition's P_Key with the full-member bit (0x8000) set
 * @param qKey the Q_Key (0x0B1B for IP groups unless the file gives one)
 * @param mtu IBA MTU code
 * @param rate IBA rate code
 * @param sl service level (0 unless QoS is on or the {@code mgid=} line gives one)
 * @param tClass traffic class
 * @param flowLabel flow label
 * @param scope the scope nibble of {@code mgid}
 * @param hopLimit 0 for link-local scope (2), 0xFF otherwise
 */
public record PartitionGroup(Mgid mgid, int pkey, long qKey, int mtu, int rate, int sl, int tClass, int flowLabel,
                             int scope, int hopLimit) {

    /** Link-local multicast scope. */
    public static final int SCOPE_LINK_LOCAL = 2;

    /** {@code ff12:401b:8001::ffff:ffff pkey 0x8001 qkey 0x00000b1b mtu 4 rate 3 sl 0}. */
    @Override
    public String toString() {
        return String.format("%s pkey 0x%04x qkey 0x%08x mtu %d rate %d sl %d", mgid, pkey, qKey, mtu, rate, sl);
    }
}
