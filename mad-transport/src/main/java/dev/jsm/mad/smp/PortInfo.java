package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * PortInfo (attribute 0x0015, 64 bytes; IBA 14.2.5.6): a port's state, capabilities and the parameters the SM
 * writes. The attribute modifier is the port number (switches; port 0 is the switch management port); bit 31 of it
 * is SMSupportsExtendedSpeeds: a port that knows the bit reports its extended speeds (HDR and above, the second
 * extended speeds field of XDR in byte 56) only when the SM sets it ({@code docs/link-speeds.md}).
 *
 * <p>Every field of the spec, including the sub-byte ones, is a component; u8/u16 and sub-byte fields are
 * {@code int}, u32 and u64 fields are {@code long}. Sets are built from the last Get with the withers
 * ({@link #with(Field, long)} and the named ones), as OpenSM copies {@code ib_port_info_t}.
 *
 * <p>Immutable; safe to share.
 */
public record PortInfo(
        long mKey, long gidPrefix, int lid, int masterSmLid, long capabilityMask, int diagCode, int mKeyLeasePeriod,
        int localPortNum, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive, int linkSpeedSupported,
        int portState, int portPhysicalState, int linkDownDefaultState, int mKeyProtectBits, int lmc,
        int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap, int initType,
        int vlHighLimit, int vlArbitrationHighCap, int vlArbitrationLowCap, int initTypeReply, int mtuCap,
        int vlStallCount, int hoqLife, int operationalVls, int partitionEnforcementInbound,
        int partitionEnforcementOutbound, int filterRawInbound, int filterRawOutbound, int mKeyViolations,
        int pKeyViolations, int qKeyViolations, int guidCap, int clientReregister,
        int multicastPKeyTrapSuppressionEnabled, int subnetTimeout, int respTimeValue, int localPhyErrors,
        int overrunErrors, int maxCreditHint, int linkRoundTripLatency, int capabilityMask2, int linkSpeedExtActive,
        int linkSpeedExtSupported, int linkSpeedExtEnabled, int linkSpeedExtActive2, int linkSpeedExtSupported2,
        int linkSpeedExtEnabled2) {
    /** Attribute modifier bit 31: the SM supports extended speeds (PortInfo re-query of OpenSM PR #39). */
    public static final long AM_SM_SUPPORTS_EXTENDED_SPEEDS = 0x8000_0000L;

    /** PortState/PhysState 0: no change. */
    public static final int STATE_NO_CHANGE = 0;
    /** PortState Down. */
    public static final int STATE_DOWN = 1;
    /** PortState Init. */
    public static final int STATE_INIT = 2;
    /** PortState Armed. */
    public static final int STATE_ARMED = 3;
    /** PortState Active. */
    public static final int STATE_ACTIVE = 4;
    /** PortPhysicalState Disabled: written in a Set, it takes the link down until the port is enabled again. */
    public static final int PHYS_STATE_DISABLED = 3;

    public static final long CAP_IS_SM = 0x2L;
    public static final long CAP_IS_NOTICE_SUPPORTED = 0x4L;
    public static final long CAP_IS_TRAP_SUPPORTED = 0x8L;
    public static final long CAP_IS_SL_MAPPING_SUPPORTED = 0x40L;
    public static final long CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED = 0x800L;
    public static final long CAP_IS_EXTENDED_SPEEDS_SUPPORTED = 0x4000L;
    public static final long CAP_IS_CAP_MASK2_SUPPORTED = 0x8000L;
    public static final long CAP_IS_CLIENT_REREGISTRATION_SUPPORTED = 0x2000000L;
    public static final long CAP_IS_MULTICAST_FDB_TOP_SUPPORTED = 0x40000000L;
    /** CapabilityMask2 bit: the port supports the virtualization attributes ({@code docs/virtualization.md}). */
    public static final int CAP2_IS_VIRTUALIZATION_SUPPORTED = 0x0004;
    /** CapabilityMask2 bit: the port supports link width 2x. */
    public static final int CAP2_IS_LINK_WIDTH_2X_SUPPORTED = 0x0010;
    /** CapabilityMask2 bit: the port supports HDR ({@code docs/link-speeds.md}). */
    public static final int CAP2_IS_LINK_SPEED_HDR_SUPPORTED = 0x0020;
    /** CapabilityMask2 bit: the port supports NDR. */
    public static final int CAP2_IS_LINK_SPEED_NDR_SUPPORTED = 0x0400;
    /** CapabilityMask2 bit: the port has the second extended speeds field (byte 56). */
    public static final int CAP2_IS_EXT_SPEEDS_2_SUPPORTED = 0x0800;
    /** CapabilityMask2 bit: the port supports XDR. */
    public static final int CAP2_IS_LINK_SPEED_XDR_SUPPORTED = 0x1000;

    public static final Field M_KEY = Field.u64("M_Key", 0);
    public static final Field GID_PREFIX = Field.u64("GidPrefix", 8);
    public static final Field LID = Field.u16("LID", 16);
    public static final Field MASTER_SM_LID = Field.u16("MasterSMLID", 18);
    public static final Field CAPABILITY_MASK = Field.u32("CapabilityMask", 20);
    public static final Field DIAG_CODE = Field.u16("DiagCode", 24);
    public static final Field M_KEY_LEASE_PERIOD = Field.u16("M_KeyLeasePeriod", 26);
    public static final Field LOCAL_PORT_NUM = Field.u8("LocalPortNum", 28);
    public static final Field LINK_WIDTH_ENABLED = Field.u8("LinkWidthEnabled", 29);
    public static final Field LINK_WIDTH_SUPPORTED = Field.u8("LinkWidthSupported", 30);
    public static final Field LINK_WIDTH_ACTIVE = Field.u8("LinkWidthActive", 31);
    public static final Field LINK_SPEED_SUPPORTED = Field.bits("LinkSpeedSupported", 32, 7, 4);
    public static final Field PORT_STATE = Field.bits("PortState", 32, 3, 0);
    public static final Field PORT_PHYSICAL_STATE = Field.bits("PortPhysicalState", 33, 7, 4);
    public static final Field LINK_DOWN_DEFAULT_STATE = Field.bits("LinkDownDefaultState", 33, 3, 0);
    public static final Field M_KEY_PROTECT_BITS = Field.bits("M_KeyProtectBits", 34, 7, 6);
    public static final Field LMC = Field.bits("LMC", 34, 2, 0);
    public static final Field LINK_SPEED_ACTIVE = Field.bits("LinkSpeedActive", 35, 7, 4);
    public static final Field LINK_SPEED_ENABLED = Field.bits("LinkSpeedEnabled", 35, 3, 0);
    public static final Field NEIGHBOR_MTU = Field.bits("NeighborMTU", 36, 7, 4);
    public static final Field MASTER_SM_SL = Field.bits("MasterSMSL", 36, 3, 0);
    public static final Field VL_CAP = Field.bits("VLCap", 37, 7, 4);
    public static final Field INIT_TYPE = Field.bits("InitType", 37, 3, 0);
    public static final Field VL_HIGH_LIMIT = Field.u8("VLHighLimit", 38);
    public static final Field VL_ARBITRATION_HIGH_CAP = Field.u8("VLArbitrationHighCap", 39);
    public static final Field VL_ARBITRATION_LOW_CAP = Field.u8("VLArbitrationLowCap", 40);
    public static final Field INIT_TYPE_REPLY = Field.bits("InitTypeReply", 41, 7, 4);
    public static final Field MTU_CAP = Field.bits("MTUCap", 41, 3, 0);
    public static final Field VL_STALL_COUNT = Field.bits("VLStallCount", 42, 7, 5);
    public static final Field HOQ_LIFE = Field.bits("HOQLife", 42, 4, 0);
    public static final Field OPERATIONAL_VLS = Field.bits("OperationalVLs", 43, 7, 4);
    public static final Field PARTITION_ENFORCEMENT_INBOUND = Field.bits("PartitionEnforcementInbound", 43, 3, 3);
    public static final Field PARTITION_ENFORCEMENT_OUTBOUND = Field.bits("PartitionEnforcementOutbound", 43, 2, 2);
    public static final Field FILTER_RAW_INBOUND = Field.bits("FilterRawInbound", 43, 1, 1);
    public static final Field FILTER_RAW_OUTBOUND = Field.bits("FilterRawOutbound", 43, 0, 0);
    public static final Field M_KEY_VIOLATIONS = Field.u16("M_KeyViolations", 44);
    public static final Field P_KEY_VIOLATIONS = Field.u16("P_KeyViolations", 46);
    public static final Field Q_KEY_VIOLATIONS = Field.u16("Q_KeyViolations", 48);
    public static final Field GUID_CAP = Field.u8("GUIDCap", 50);
    public static final Field CLIENT_REREGISTER = Field.bits("ClientReregister", 51, 7, 7);
    public static final Field MULTICAST_PKEY_TRAP_SUPPRESSION_ENABLED =
            Field.bits("MulticastPKeyTrapSuppressionEnabled", 51, 6, 5);
    public static final Field SUBNET_TIMEOUT = Field.bits("SubnetTimeOut", 51, 4, 0);
    public static final Field RESP_TIME_VALUE = Field.bits("RespTimeValue", 52, 4, 0);
    public static final Field LOCAL_PHY_ERRORS = Field.bits("LocalPhyErrors", 53, 7, 4);
    public static final Field OVERRUN_ERRORS = Field.bits("OverrunErrors", 53, 3, 0);
    public static final Field MAX_CREDIT_HINT = Field.u16("MaxCreditHint", 54);
    public static final Field LINK_SPEED_EXT_ACTIVE2 = Field.bits("LinkSpeedExtActive2", 56, 6, 5);
    public static final Field LINK_SPEED_EXT_SUPPORTED2 = Field.bits("LinkSpeedExtSupported2", 56, 4, 3);
    public static final Field LINK_SPEED_EXT_ENABLED2 = Field.bits("LinkSpeedExtEnabled2", 56, 2, 0);
    public static final Field LINK_ROUND_TRIP_LATENCY = Field.bits("LinkRoundTripLatency", 57 * 8, 24);
    public static final Field CAPABILITY_MASK2 = Field.u16("CapabilityMask2", 60);
    public static final Field LINK_SPEED_EXT_ACTIVE = Field.bits("LinkSpeedExtActive", 62, 7, 4);
    public static final Field LINK_SPEED_EXT_SUPPORTED = Field.bits("LinkSpeedExtSupported", 62, 3, 0);
    public static final Field LINK_SPEED_EXT_ENABLED = Field.bits("LinkSpeedExtEnabled", 63, 4, 0);

    public static final Layout LAYOUT = Layout.of("PortInfo", 64,
            M_KEY, GID_PREFIX, LID, MASTER_SM_LID, CAPABILITY_MASK, DIAG_CODE, M_KEY_LEASE_PERIOD, LOCAL_PORT_NUM,
            LINK_WIDTH_ENABLED, LINK_WIDTH_SUPPORTED, LINK_WIDTH_ACTIVE, LINK_SPEED_SUPPORTED, PORT_STATE,
            PORT_PHYSICAL_STATE, LINK_DOWN_DEFAULT_STATE, M_KEY_PROTECT_BITS, Field.reserved(34 * 8 + 2, 3), LMC,
            LINK_SPEED_ACTIVE, LINK_SPEED_ENABLED, NEIGHBOR_MTU, MASTER_SM_SL, VL_CAP, INIT_TYPE, VL_HIGH_LIMIT,
            VL_ARBITRATION_HIGH_CAP, VL_ARBITRATION_LOW_CAP, INIT_TYPE_REPLY, MTU_CAP, VL_STALL_COUNT, HOQ_LIFE,
            OPERATIONAL_VLS, PARTITION_ENFORCEMENT_INBOUND, PARTITION_ENFORCEMENT_OUTBOUND, FILTER_RAW_INBOUND,
            FILTER_RAW_OUTBOUND, M_KEY_VIOLATIONS, P_KEY_VIOLATIONS, Q_KEY_VIOLATIONS, GUID_CAP, CLIENT_REREGISTER,
            MULTICAST_PKEY_TRAP_SUPPRESSION_ENABLED, SUBNET_TIMEOUT, Field.reserved(52 * 8, 3), RESP_TIME_VALUE,
            LOCAL_PHY_ERRORS, OVERRUN_ERRORS, MAX_CREDIT_HINT, Field.reserved(56 * 8, 1), LINK_SPEED_EXT_ACTIVE2,
            LINK_SPEED_EXT_SUPPORTED2, LINK_SPEED_EXT_ENABLED2, LINK_ROUND_TRIP_LATENCY,
            CAPABILITY_MASK2, LINK_SPEED_EXT_ACTIVE, LINK_SPEED_EXT_SUPPORTED, Field.reserved(63 * 8, 3),
            LINK_SPEED_EXT_ENABLED);

    /** Decodes PortInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static PortInfo decode(byte[] b, int off) {
        return new PortInfo(M_KEY.getLong(b, off), GID_PREFIX.getLong(b, off), LID.getInt(b, off),
                MASTER_SM_LID.getInt(b, off), CAPABILITY_MASK.getLong(b, off), DIAG_CODE.getInt(b, off),
                M_KEY_LEASE_PERIOD.getInt(b, off), LOCAL_PORT_NUM.getInt(b, off), LINK_WIDTH_ENABLED.getInt(b, off),
                LINK_WIDTH_SUPPORTED.getInt(b, off), LINK_WIDTH_ACTIVE.getInt(b, off),
                LINK_SPEED_SUPPORTED.getInt(b, off), PORT_STATE.getInt(b, off), PORT_PHYSICAL_STATE.getInt(b, off),
                LINK_DOWN_DEFAULT_STATE.getInt(b, off), M_KEY_PROTECT_BITS.getInt(b, off), LMC.getInt(b, off),
                LINK_SPEED_ACTIVE.getInt(b, off), LINK_SPEED_ENABLED.getInt(b, off), NEIGHBOR_MTU.getInt(b, off),
                MASTER_SM_SL.getInt(b, off), VL_CAP.getInt(b, off), INIT_TYPE.getInt(b, off),
                VL_HIGH_LIMIT.getInt(b, off), VL_ARBITRATION_HIGH_CAP.getInt(b, off),
                VL_ARBITRATION_LOW_CAP.getInt(b, off), INIT_TYPE_REPLY.getInt(b, off), MTU_CAP.getInt(b, off),
                VL_STALL_COUNT.getInt(b, off), HOQ_LIFE.getInt(b, off), OPERATIONAL_VLS.getInt(b, off),
                PARTITION_ENFORCEMENT_INBOUND.getInt(b, off), PARTITION_ENFORCEMENT_OUTBOUND.getInt(b, off),
                FILTER_RAW_INBOUND.getInt(b, off), FILTER_RAW_OUTBOUND.getInt(b, off),
                M_KEY_VIOLATIONS.getInt(b, off), P_KEY_VIOLATIONS.getInt(b, off), Q_KEY_VIOLATIONS.getInt(b, off),
                GUID_CAP.getInt(b, off), CLIENT_REREGISTER.getInt(b, off),
                MULTICAST_PKEY_TRAP_SUPPRESSION_ENABLED.getInt(b, off), SUBNET_TIMEOUT.getInt(b, off),
                RESP_TIME_VALUE.getInt(b, off), LOCAL_PHY_ERRORS.getInt(b, off), OVERRUN_ERRORS.getInt(b, off),
                MAX_CREDIT_HINT.getInt(b, off), LINK_ROUND_TRIP_LATENCY.getInt(b, off),
                CAPABILITY_MASK2.getInt(b, off), LINK_SPEED_EXT_ACTIVE.getInt(b, off),
                LINK_SPEED_EXT_SUPPORTED.getInt(b, off), LINK_SPEED_EXT_ENABLED.getInt(b, off),
                LINK_SPEED_EXT_ACTIVE2.getInt(b, off), LINK_SPEED_EXT_SUPPORTED2.getInt(b, off),
                LINK_SPEED_EXT_ENABLED2.getInt(b, off));
    }

    /** Encodes this record at {@code off}; reserved bits are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        M_KEY.put(b, off, mKey);
        GID_PREFIX.put(b, off, gidPrefix);
        LID.put(b, off, lid);
        MASTER_SM_LID.put(b, off, masterSmLid);
        CAPABILITY_MASK.put(b, off, capabilityMask);
        DIAG_CODE.put(b, off, diagCode);
        M_KEY_LEASE_PERIOD.put(b, off, mKeyLeasePeriod);
        LOCAL_PORT_NUM.put(b, off, localPortNum);
        LINK_WIDTH_ENABLED.put(b, off, linkWidthEnabled);
        LINK_WIDTH_SUPPORTED.put(b, off, linkWidthSupported);
        LINK_WIDTH_ACTIVE.put(b, off, linkWidthActive);
        LINK_SPEED_SUPPORTED.put(b, off, linkSpeedSupported);
        PORT_STATE.put(b, off, portState);
        PORT_PHYSICAL_STATE.put(b, off, portPhysicalState);
        LINK_DOWN_DEFAULT_STATE.put(b, off, linkDownDefaultState);
        M_KEY_PROTECT_BITS.put(b, off, mKeyProtectBits);
        LMC.put(b, off, lmc);
        LINK_SPEED_ACTIVE.put(b, off, linkSpeedActive);
        LINK_SPEED_ENABLED.put(b, off, linkSpeedEnabled);
        NEIGHBOR_MTU.put(b, off, neighborMtu);
        MASTER_SM_SL.put(b, off, masterSmSl);
        VL_CAP.put(b, off, vlCap);
        INIT_TYPE.put(b, off, initType);
        VL_HIGH_LIMIT.put(b, off, vlHighLimit);
        VL_ARBITRATION_HIGH_CAP.put(b, off, vlArbitrationHighCap);
        VL_ARBITRATION_LOW_CAP.put(b, off, vlArbitrationLowCap);
        INIT_TYPE_REPLY.put(b, off, initTypeReply);
        MTU_CAP.put(b, off, mtuCap);
        VL_STALL_COUNT.put(b, off, vlStallCount);
        HOQ_LIFE.put(b, off, hoqLife);
        OPERATIONAL_VLS.put(b, off, operationalVls);
        PARTITION_ENFORCEMENT_INBOUND.put(b, off, partitionEnforcementInbound);
        PARTITION_ENFORCEMENT_OUTBOUND.put(b, off, partitionEnforcementOutbound);
        FILTER_RAW_INBOUND.put(b, off, filterRawInbound);
        FILTER_RAW_OUTBOUND.put(b, off, filterRawOutbound);
        M_KEY_VIOLATIONS.put(b, off, mKeyViolations);
        P_KEY_VIOLATIONS.put(b, off, pKeyViolations);
        Q_KEY_VIOLATIONS.put(b, off, qKeyViolations);
        GUID_CAP.put(b, off, guidCap);
        CLIENT_REREGISTER.put(b, off, clientReregister);
        MULTICAST_PKEY_TRAP_SUPPRESSION_ENABLED.put(b, off, multicastPKeyTrapSuppressionEnabled);
        SUBNET_TIMEOUT.put(b, off, subnetTimeout);
        RESP_TIME_VALUE.put(b, off, respTimeValue);
        LOCAL_PHY_ERRORS.put(b, off, localPhyErrors);
        OVERRUN_ERRORS.put(b, off, overrunErrors);
        MAX_CREDIT_HINT.put(b, off, maxCreditHint);
        LINK_ROUND_TRIP_LATENCY.put(b, off, linkRoundTripLatency);
        CAPABILITY_MASK2.put(b, off, capabilityMask2);
        LINK_SPEED_EXT_ACTIVE.put(b, off, linkSpeedExtActive);
        LINK_SPEED_EXT_SUPPORTED.put(b, off, linkSpeedExtSupported);
        LINK_SPEED_EXT_ENABLED.put(b, off, linkSpeedExtEnabled);
        LINK_SPEED_EXT_ACTIVE2.put(b, off, linkSpeedExtActive2);
        LINK_SPEED_EXT_SUPPORTED2.put(b, off, linkSpeedExtSupported2);
        LINK_SPEED_EXT_ENABLED2.put(b, off, linkSpeedExtEnabled2);
    }

    /** A copy with one field replaced; the generic wither all named withers use. */
    public PortInfo with(Field field, long value) {
        byte[] b = new byte[LAYOUT.size()];
        encodeTo(b, 0);
        field.put(b, 0, value);
        return decode(b, 0);
    }

    /** A copy with another LID. */
    public PortInfo withLid(int newLid) {
        return with(LID, newLid);
    }

    /** A copy with another LMC. */
    public PortInfo withLmc(int newLmc) {
        return with(LMC, newLmc);
    }

    /** A copy with another PortState (use {@link #STATE_NO_CHANGE} to leave the state alone in a Set). */
    public PortInfo withPortState(int newState) {
        return with(PORT_STATE, newState);
    }

    /** A copy with another PortPhysicalState. */
    public PortInfo withPortPhysicalState(int newState) {
        return with(PORT_PHYSICAL_STATE, newState);
    }

    /** Whether a CapabilityMask2 bit ({@code CAP2_*}) is set. */
    public boolean hasCapability2(int cap) {
        return (capabilityMask2 & cap) != 0;
    }

    /** Whether a CapabilityMask bit ({@code CAP_*}) is set. */
    public boolean hasCapability(long cap) {
        return (capabilityMask & cap) != 0;
    }
}
