package dev.jsm.sa.query;

/**
 * The options the SA answers with (OpenSM names in parentheses).
 *
 * <p>Immutable; safe to share.
 *
 * <p>In detail: docs/design/sa.md#sasettings.
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
