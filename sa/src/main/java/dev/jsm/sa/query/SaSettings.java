package dev.jsm.sa.query;

/**
 * The options the SA answers with (OpenSM names in parentheses).
 *
 * <p>Immutable; safe to share.
 *
 * @param saKey the SA's SM_Key ({@code sa_key}): requests carrying it are trusted, others must carry 0
 * @param subnetTimeout PacketLifeTime of PathRecords ({@code subnet_timeout}), 0..31
 * @param respTimeValue ClassPortInfo.RespTimeValue (smallest n with 4.096 us * 2^n >= transaction_timeout)
 * @param multicast whether multicast is served ({@code disable_multicast} off): ClassPortInfo IsUDMulticast
 * @param qos whether QoS is on ({@code qos}): ClassPortInfo CapabilityMask2 IsQoSSupported
 * @param consolidateIpv6Snm whether IPv6 solicited-node multicast groups of one scope and P_Key share one MLID
 *     ({@code consolidate_ipv6_snm_req})
 * @param mftTop whether the SM programs SwitchInfo.MulticastFDBTop ({@code use_mfttop}): ClassPortInfo
 *     CapabilityMask2 IsMcastTopSupported
 * @param dropEventSubscriptions whether the event subscriptions and ServiceRecords of ports that disappeared are
 *     removed at SUBNET UP ({@code drop_event_subscriptions})
 * @param virtHopLimit HopLimit of PathRecords that start or end at a virtual port ({@code virt_default_hop_limit},
 *     NVIDIA's OpenSM; docs/virtualization.md), 0..255
 */
public record SaSettings(long saKey, int subnetTimeout, int respTimeValue, boolean multicast, boolean qos,
                         boolean consolidateIpv6Snm, boolean mftTop, boolean dropEventSubscriptions,
                         int virtHopLimit) {

    /** NVIDIA's default {@code virt_default_hop_limit}. */
    public static final int DEFAULT_VIRT_HOP_LIMIT = 2;

    /** Settings with the default {@code virt_default_hop_limit}. */
    public SaSettings(long saKey, int subnetTimeout, int respTimeValue, boolean multicast, boolean qos,
                      boolean consolidateIpv6Snm, boolean mftTop, boolean dropEventSubscriptions) {
        this(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop, dropEventSubscriptions,
                DEFAULT_VIRT_HOP_LIMIT);
    }

    /**
     * OpenSM's defaults: sa_key 1, subnet_timeout 18, RespTimeValue for 200 ms (16), multicast on, QoS off, IPv6
     * solicited-node groups not consolidated, MulticastFDBTop programmed, subscriptions kept; HopLimit 2 for paths of
     * virtual ports.
     */
    public static SaSettings defaults() {
        return new SaSettings(1, 18, respTimeValue(200), true, false, false, true, false);
    }

    /** These settings with {@code consolidate_ipv6_snm_req} set to {@code on}. */
    public SaSettings withConsolidateIpv6Snm(boolean on) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, on, mftTop,
                dropEventSubscriptions, virtHopLimit);
    }

    /** These settings with {@code virt_default_hop_limit} set to {@code hopLimit}. */
    public SaSettings withVirtHopLimit(int hopLimit) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, hopLimit);
    }

    /** RespTimeValue for a transaction timeout: the smallest n >= 8 with 4.096 us * 2^n >= the timeout. */
    public static int respTimeValue(long transactionTimeoutMs) {
        int n = 8;
        while (n < 31 && 4096L * (1L << n) < transactionTimeoutMs * 1_000_000L) {
            n++;
        }
        return n;
    }
}
