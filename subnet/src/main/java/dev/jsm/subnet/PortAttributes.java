package dev.jsm.subnet;

/**
 * The PortInfo values (IBA 14.2.5.6) the SM keeps for one physical port, decoded to host order: u8/u16 and sub-byte
 * fields as {@code int}, u32/u64 as {@code long}. The components are a subset of the MAD codec's {@code PortInfo}
 * in the same order, so discovery maps one to the other field by field, with LocalPortNum, LinkDownDefaultState and
 * RespTimeValue at the end; counters, diagnostics and write-only bits (ClientReregister) are left out.
 *
 * <p>In detail: docs/design/subnet.md#portattributes.
 */
public record PortAttributes(
        long mKey, long gidPrefix, int lid, int masterSmLid, long capabilityMask,
        int mKeyLeasePeriod, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
        int linkSpeedSupported, int portState, int portPhysicalState, int mKeyProtectBits, int lmc,
        int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap, int vlHighLimit,
        int vlArbitrationHighCap, int vlArbitrationLowCap, int mtuCap, int vlStallCount, int hoqLife,
        int operationalVls, int partitionEnforcementInbound, int partitionEnforcementOutbound, int filterRawInbound,
        int filterRawOutbound, int guidCap, int subnetTimeout, int localPhyErrors, int overrunErrors,
        int capabilityMask2, int linkSpeedExtActive, int linkSpeedExtSupported, int linkSpeedExtEnabled,
        int localPortNum, int linkDownDefaultState, int respTimeValue, int linkSpeedExtActive2,
        int linkSpeedExtSupported2, int linkSpeedExtEnabled2) {

    /** CapabilityMask bit IsSLMappingSupported: the port has SLtoVLMappingTables to program. */
    public static final long CAP_IS_SL_MAPPING_SUPPORTED = 0x40L;

    /** PortState Down. */
    public static final int STATE_DOWN = 1;
    /** PortState Init. */
    public static final int STATE_INIT = 2;
    /** PortState Armed. */
    public static final int STATE_ARMED = 3;
    /** PortState Active. */
    public static final int STATE_ACTIVE = 4;

    /** All zeros: nothing known yet (PortState 0 = "no state"). */
    public static final PortAttributes NONE = new PortAttributes(0L, 0L, 0, 0, 0L, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * Attributes without the second extended speeds field (zero): a port that does not have it, or a caller that
     * does not read it.
     */
    public PortAttributes(
            long mKey, long gidPrefix, int lid, int masterSmLid, long capabilityMask,
            int mKeyLeasePeriod, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
            int linkSpeedSupported, int portState, int portPhysicalState, int mKeyProtectBits, int lmc,
            int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap, int vlHighLimit,
            int vlArbitrationHighCap, int vlArbitrationLowCap, int mtuCap, int vlStallCount, int hoqLife,
            int operationalVls, int partitionEnforcementInbound, int partitionEnforcementOutbound,
            int filterRawInbound, int filterRawOutbound, int guidCap, int subnetTimeout, int localPhyErrors,
            int overrunErrors, int capabilityMask2, int linkSpeedExtActive, int linkSpeedExtSupported,
            int linkSpeedExtEnabled, int localPortNum, int linkDownDefaultState, int respTimeValue) {
        this(mKey, gidPrefix, lid, masterSmLid, capabilityMask, mKeyLeasePeriod, linkWidthEnabled,
                linkWidthSupported, linkWidthActive, linkSpeedSupported, portState, portPhysicalState,
                mKeyProtectBits, lmc, linkSpeedActive, linkSpeedEnabled, neighborMtu, masterSmSl, vlCap, vlHighLimit,
                vlArbitrationHighCap, vlArbitrationLowCap, mtuCap, vlStallCount, hoqLife, operationalVls,
                partitionEnforcementInbound, partitionEnforcementOutbound, filterRawInbound, filterRawOutbound,
                guidCap, subnetTimeout, localPhyErrors, overrunErrors, capabilityMask2, linkSpeedExtActive,
                linkSpeedExtSupported, linkSpeedExtEnabled, localPortNum, linkDownDefaultState, respTimeValue, 0, 0,
                0);
    }

    /** Whether the logical link is up: PortState Init, Armed or Active. */
    public boolean isUp() {
        return portState >= STATE_INIT;
    }

    /** Whether a CapabilityMask bit is set. */
    public boolean hasCapability(long bit) {
        return (capabilityMask & bit) != 0;
    }

    /** A copy with another LID and LMC (what a PortInfo Set of the LID manager writes). */
    public PortAttributes withLid(int newLid, int newLmc) {
        return new PortAttributes(mKey, gidPrefix, newLid, masterSmLid, capabilityMask, mKeyLeasePeriod,
                linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedSupported, portState,
                portPhysicalState, mKeyProtectBits, newLmc, linkSpeedActive, linkSpeedEnabled, neighborMtu,
                masterSmSl, vlCap, vlHighLimit, vlArbitrationHighCap, vlArbitrationLowCap, mtuCap, vlStallCount,
                hoqLife, operationalVls, partitionEnforcementInbound, partitionEnforcementOutbound, filterRawInbound,
                filterRawOutbound, guidCap, subnetTimeout, localPhyErrors, overrunErrors, capabilityMask2,
                linkSpeedExtActive, linkSpeedExtSupported, linkSpeedExtEnabled, localPortNum, linkDownDefaultState,
                respTimeValue, linkSpeedExtActive2, linkSpeedExtSupported2, linkSpeedExtEnabled2);
    }

    /** A copy with another PortState. */
    public PortAttributes withPortState(int newState) {
        return new PortAttributes(mKey, gidPrefix, lid, masterSmLid, capabilityMask, mKeyLeasePeriod,
                linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedSupported, newState,
                portPhysicalState, mKeyProtectBits, lmc, linkSpeedActive, linkSpeedEnabled, neighborMtu, masterSmSl,
                vlCap, vlHighLimit, vlArbitrationHighCap, vlArbitrationLowCap, mtuCap, vlStallCount, hoqLife,
                operationalVls, partitionEnforcementInbound, partitionEnforcementOutbound, filterRawInbound,
                filterRawOutbound, guidCap, subnetTimeout, localPhyErrors, overrunErrors, capabilityMask2,
                linkSpeedExtActive, linkSpeedExtSupported, linkSpeedExtEnabled, localPortNum, linkDownDefaultState,
                respTimeValue, linkSpeedExtActive2, linkSpeedExtSupported2, linkSpeedExtEnabled2);
    }

    /** A copy with another M_Key and M_KeyProtectBits. */
    public PortAttributes withMKey(long newMKey, int newProtectBits) {
        return new PortAttributes(newMKey, gidPrefix, lid, masterSmLid, capabilityMask, mKeyLeasePeriod,
                linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedSupported, portState,
                portPhysicalState, newProtectBits, lmc, linkSpeedActive, linkSpeedEnabled, neighborMtu, masterSmSl,
                vlCap, vlHighLimit, vlArbitrationHighCap, vlArbitrationLowCap, mtuCap, vlStallCount, hoqLife,
                operationalVls, partitionEnforcementInbound, partitionEnforcementOutbound, filterRawInbound,
                filterRawOutbound, guidCap, subnetTimeout, localPhyErrors, overrunErrors, capabilityMask2,
                linkSpeedExtActive, linkSpeedExtSupported, linkSpeedExtEnabled, localPortNum, linkDownDefaultState,
                respTimeValue, linkSpeedExtActive2, linkSpeedExtSupported2, linkSpeedExtEnabled2);
    }
}
