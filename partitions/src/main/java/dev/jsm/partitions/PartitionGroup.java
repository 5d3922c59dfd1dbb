package dev.jsm.partitions;

/**
 * A multicast group the SM creates when it sets up a partition, before any port joins: the IPoIB broadcast group of
 * an {@code ipoib} partition ({@code ff12:401b:<pkey|0x8000>::ffff:ffff}, scope from {@code scope=}) or a group of an
 * {@code mgid=} line. OpenSM marks these "well known": they stay while the partition exists, even without members.
 * The SA's MCMemberRecord work creates them with these values (MTU and rate with selector "exactly").
 *
 * <p>In detail: docs/design/partitions.md#partitiongroup.
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
