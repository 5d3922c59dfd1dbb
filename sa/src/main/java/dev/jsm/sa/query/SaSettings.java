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
 * @param mgidCreationValidation whether a create's requested MGID is checked: its prefix, flags and scope, and for
 *     an IPoIB MGID its partition's broadcast group ({@code ipoib_mcgroup_creation_validation})
 * @param joinValidation whether a join of an existing group must agree with the group's Q_Key, P_Key, SL,
 *     FlowLabel, TClass and HopLimit ({@code mcgroup_join_validation})
 * @param quirks whether OpenSM's device work-arounds apply ({@code enable_quirks}): a path with a Mellanox Tavor HCA
 *     at either end gets at most a 1024-byte MTU where the request allows it
 * @param maxQueueWaitMs {@code max_msg_fifo_timeout}: while more than one request waits for the agent thread and the
 *     last one it took had waited longer than this many milliseconds, new Get and GetTable requests are dropped
 *     (0: never)
 * @param singleThread {@code single_thread}: Set and Delete requests wait in the Gets' queue, so the
 *     {@code max_msg_fifo_timeout} drop applies to them too (else they have a queue of their own in OpenSM and are
 *     never dropped for it)
 * @param originalExtendedRatesOnly whether PathRecord, MultiPathRecord and MCMemberRecord rates stay among the
 *     codes up to 12x EDR ({@code use_original_extended_sa_rates_only}, {@link Rates#originalExtendedOnly})
 * @param smAssignedGuid the byte in the alias GUIDs the SA assigns ({@code sm_assigned_guid}, docs/routers.md)
 * @param router the PathRecords to GIDs behind a router ({@code prefix_routes_file}, {@code subnet_prefix} and the
 *     {@code rtr_pr_*} options)
 * @param virtHopLimit HopLimit of PathRecords that start or end at a virtual port ({@code virt_default_hop_limit},
 *     NVIDIA's OpenSM; docs/virtualization.md), 0..255
 */
public record SaSettings(long saKey, int subnetTimeout, int respTimeValue, boolean multicast, boolean qos,
                         boolean consolidateIpv6Snm, boolean mftTop, boolean dropEventSubscriptions,
                         boolean mgidCreationValidation, boolean joinValidation, boolean quirks,
                         long maxQueueWaitMs, boolean singleThread, boolean originalExtendedRatesOnly,
                         int smAssignedGuid, RouterPaths router, int virtHopLimit) {

    /** The OpenSM default of {@code max_msg_fifo_timeout}, milliseconds. */
    public static final long DEFAULT_MAX_QUEUE_WAIT_MS = 10_000;
    /** OpenSM's {@code sm_assigned_guid} default. */
    public static final int DEFAULT_SM_ASSIGNED_GUID = 0;
    /** NVIDIA's default {@code virt_default_hop_limit}. */
    public static final int DEFAULT_VIRT_HOP_LIMIT = 2;

    /**
     * The settings before the two multicast validations (both on, their defaults), the quirks (off), the queue
     * wait (OpenSM's default), {@code single_thread} (off), the rates ({@code use_original_extended_sa_rates_only}
     * off), the assigned alias GUIDs, the router paths (no prefix routes) and HopLimit 2 for paths of virtual ports.
     */
    public SaSettings(long saKey, int subnetTimeout, int respTimeValue, boolean multicast, boolean qos,
                      boolean consolidateIpv6Snm, boolean mftTop, boolean dropEventSubscriptions) {
        this(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop, dropEventSubscriptions,
                true, true, false, DEFAULT_MAX_QUEUE_WAIT_MS, false, false, DEFAULT_SM_ASSIGNED_GUID, RouterPaths.NONE,
                DEFAULT_VIRT_HOP_LIMIT);
    }

    /**
     * OpenSM's defaults: sa_key 1, subnet_timeout 18, RespTimeValue for 200 ms (16), multicast on, QoS off, IPv6
     * solicited-node groups not consolidated, MulticastFDBTop programmed, subscriptions kept, creates and joins
     * validated, no quirks, Gets dropped after 10 s in the queue; HopLimit 2 for paths of virtual ports.
     */
    public static SaSettings defaults() {
        return new SaSettings(1, 18, respTimeValue(200), true, false, false, true, false);
    }

    /** These settings with {@code consolidate_ipv6_snm_req} set to {@code on}. */
    public SaSettings withConsolidateIpv6Snm(boolean on) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, on, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, quirks, maxQueueWaitMs,
                singleThread, originalExtendedRatesOnly, smAssignedGuid, router, virtHopLimit);
    }

    /**
     * These settings with {@code ipoib_mcgroup_creation_validation} set to {@code creation} and
     * {@code mcgroup_join_validation} to {@code join}.
     */
    public SaSettings withMcastValidation(boolean creation, boolean join) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, creation, join, quirks, maxQueueWaitMs, singleThread,
                originalExtendedRatesOnly, smAssignedGuid, router, virtHopLimit);
    }

    /** These settings with {@code enable_quirks} set to {@code on}. */
    public SaSettings withQuirks(boolean on) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, on, maxQueueWaitMs, singleThread,
                originalExtendedRatesOnly, smAssignedGuid, router, virtHopLimit);
    }

    /** These settings with {@code max_msg_fifo_timeout} set to {@code ms}. */
    public SaSettings withMaxQueueWaitMs(long ms) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, quirks, ms, singleThread,
                originalExtendedRatesOnly, smAssignedGuid, router, virtHopLimit);
    }

    /** These settings with {@code single_thread} set to {@code on}. */
    public SaSettings withSingleThread(boolean on) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, quirks, maxQueueWaitMs, on,
                originalExtendedRatesOnly, smAssignedGuid, router, virtHopLimit);
    }

    /** These settings with other rate, alias GUID and router path settings. */
    public SaSettings withRouting(boolean originalRatesOnly, int assignedGuidByte, RouterPaths routerPaths) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, quirks, maxQueueWaitMs, singleThread,
                originalRatesOnly, assignedGuidByte, routerPaths, virtHopLimit);
    }

    /** These settings with {@code virt_default_hop_limit} set to {@code hopLimit}. */
    public SaSettings withVirtHopLimit(int hopLimit) {
        return new SaSettings(saKey, subnetTimeout, respTimeValue, multicast, qos, consolidateIpv6Snm, mftTop,
                dropEventSubscriptions, mgidCreationValidation, joinValidation, quirks, maxQueueWaitMs, singleThread,
                originalExtendedRatesOnly, smAssignedGuid, router, hopLimit);
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
