package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * SwitchInfo (attribute 0x0012, 20 bytes; IBA 14.2.5.4): forwarding-table capacities and switch-wide settings.
 * PortStateChange is cleared by writing 1 to it in a Set.
 *
 * @param linearFdbCap LFT capacity in LIDs
 * @param randomFdbCap random FDB capacity
 * @param multicastFdbCap MFT capacity in MLIDs
 * @param linearFdbTop highest valid LID in the LFT
 * @param defaultPort default port for unicast
 * @param defaultMulticastPrimaryPort default primary multicast port
 * @param defaultMulticastNotPrimaryPort default non-primary multicast port
 * @param lifeTimeValue packet lifetime in the switch (5 bits)
 * @param portStateChange set by the switch when a port changed state
 * @param optimizedSlToVlMappingProgramming OptimizedSLtoVLMappingProgramming (2 bits)
 * @param lidsPerPort LIDs per port
 * @param partitionEnforcementCap P_Key entries per external port
 * @param inboundEnforcementCap inbound partition enforcement supported
 * @param outboundEnforcementCap outbound partition enforcement supported
 * @param filterRawInboundCap raw inbound filtering supported
 * @param filterRawOutboundCap raw outbound filtering supported
 * @param enhancedPort0 port 0 is an enhanced port
 * @param multicastFdbTop highest valid MLID in the MFT
 */
public record SwitchInfo(int linearFdbCap, int randomFdbCap, int multicastFdbCap, int linearFdbTop, int defaultPort,
                         int defaultMulticastPrimaryPort, int defaultMulticastNotPrimaryPort, int lifeTimeValue,
                         int portStateChange, int optimizedSlToVlMappingProgramming, int lidsPerPort,
                         int partitionEnforcementCap, int inboundEnforcementCap, int outboundEnforcementCap,
                         int filterRawInboundCap, int filterRawOutboundCap, int enhancedPort0,
                         int multicastFdbTop) {

    public static final Field LINEAR_FDB_CAP = Field.u16("LinearFDBCap", 0);
    public static final Field RANDOM_FDB_CAP = Field.u16("RandomFDBCap", 2);
    public static final Field MULTICAST_FDB_CAP = Field.u16("MulticastFDBCap", 4);
    public static final Field LINEAR_FDB_TOP = Field.u16("LinearFDBTop", 6);
    public static final Field DEFAULT_PORT = Field.u8("DefaultPort", 8);
    public static final Field DEFAULT_MULTICAST_PRIMARY_PORT = Field.u8("DefaultMulticastPrimaryPort", 9);
    public static final Field DEFAULT_MULTICAST_NOT_PRIMARY_PORT = Field.u8("DefaultMulticastNotPrimaryPort", 10);
    public static final Field LIFE_TIME_VALUE = Field.bits("LifeTimeValue", 11, 7, 3);
    public static final Field PORT_STATE_CHANGE = Field.bits("PortStateChange", 11, 2, 2);
    public static final Field OPTIMIZED_SL_TO_VL_MAPPING_PROGRAMMING =
            Field.bits("OptimizedSLtoVLMappingProgramming", 11, 1, 0);
    public static final Field LIDS_PER_PORT = Field.u16("LIDsPerPort", 12);
    public static final Field PARTITION_ENFORCEMENT_CAP = Field.u16("PartitionEnforcementCap", 14);
    public static final Field INBOUND_ENFORCEMENT_CAP = Field.bits("InboundEnforcementCap", 16, 7, 7);
    public static final Field OUTBOUND_ENFORCEMENT_CAP = Field.bits("OutboundEnforcementCap", 16, 6, 6);
    public static final Field FILTER_RAW_INBOUND_CAP = Field.bits("FilterRawInboundCap", 16, 5, 5);
    public static final Field FILTER_RAW_OUTBOUND_CAP = Field.bits("FilterRawOutboundCap", 16, 4, 4);
    public static final Field ENHANCED_PORT0 = Field.bits("EnhancedPort0", 16, 3, 3);
    public static final Field MULTICAST_FDB_TOP = Field.u16("MulticastFDBTop", 18);

    public static final Layout LAYOUT = Layout.of("SwitchInfo", 20, LINEAR_FDB_CAP, RANDOM_FDB_CAP,
            MULTICAST_FDB_CAP, LINEAR_FDB_TOP, DEFAULT_PORT, DEFAULT_MULTICAST_PRIMARY_PORT,
            DEFAULT_MULTICAST_NOT_PRIMARY_PORT, LIFE_TIME_VALUE, PORT_STATE_CHANGE,
            OPTIMIZED_SL_TO_VL_MAPPING_PROGRAMMING, LIDS_PER_PORT, PARTITION_ENFORCEMENT_CAP,
            INBOUND_ENFORCEMENT_CAP, OUTBOUND_ENFORCEMENT_CAP, FILTER_RAW_INBOUND_CAP, FILTER_RAW_OUTBOUND_CAP,
            ENHANCED_PORT0, Field.reserved(16 * 8 + 5, 3), Field.reservedBytes(17, 1), MULTICAST_FDB_TOP);

    /** Decodes SwitchInfo at {@code off}. */
    public static SwitchInfo decode(byte[] b, int off) {
        return new SwitchInfo(LINEAR_FDB_CAP.getInt(b, off), RANDOM_FDB_CAP.getInt(b, off),
                MULTICAST_FDB_CAP.getInt(b, off), LINEAR_FDB_TOP.getInt(b, off), DEFAULT_PORT.getInt(b, off),
                DEFAULT_MULTICAST_PRIMARY_PORT.getInt(b, off), DEFAULT_MULTICAST_NOT_PRIMARY_PORT.getInt(b, off),
                LIFE_TIME_VALUE.getInt(b, off), PORT_STATE_CHANGE.getInt(b, off),
                OPTIMIZED_SL_TO_VL_MAPPING_PROGRAMMING.getInt(b, off), LIDS_PER_PORT.getInt(b, off),
                PARTITION_ENFORCEMENT_CAP.getInt(b, off), INBOUND_ENFORCEMENT_CAP.getInt(b, off),
                OUTBOUND_ENFORCEMENT_CAP.getInt(b, off), FILTER_RAW_INBOUND_CAP.getInt(b, off),
                FILTER_RAW_OUTBOUND_CAP.getInt(b, off), ENHANCED_PORT0.getInt(b, off),
                MULTICAST_FDB_TOP.getInt(b, off));
    }

    /** Encodes at {@code off}; reserved bits are written as zero. */
    public void encodeTo(byte[] b, int off) {
        b[off + 16] = 0;
        b[off + 17] = 0;
        LINEAR_FDB_CAP.put(b, off, linearFdbCap);
        RANDOM_FDB_CAP.put(b, off, randomFdbCap);
        MULTICAST_FDB_CAP.put(b, off, multicastFdbCap);
        LINEAR_FDB_TOP.put(b, off, linearFdbTop);
        DEFAULT_PORT.put(b, off, defaultPort);
        DEFAULT_MULTICAST_PRIMARY_PORT.put(b, off, defaultMulticastPrimaryPort);
        DEFAULT_MULTICAST_NOT_PRIMARY_PORT.put(b, off, defaultMulticastNotPrimaryPort);
        LIFE_TIME_VALUE.put(b, off, lifeTimeValue);
        PORT_STATE_CHANGE.put(b, off, portStateChange);
        OPTIMIZED_SL_TO_VL_MAPPING_PROGRAMMING.put(b, off, optimizedSlToVlMappingProgramming);
        LIDS_PER_PORT.put(b, off, lidsPerPort);
        PARTITION_ENFORCEMENT_CAP.put(b, off, partitionEnforcementCap);
        INBOUND_ENFORCEMENT_CAP.put(b, off, inboundEnforcementCap);
        OUTBOUND_ENFORCEMENT_CAP.put(b, off, outboundEnforcementCap);
        FILTER_RAW_INBOUND_CAP.put(b, off, filterRawInboundCap);
        FILTER_RAW_OUTBOUND_CAP.put(b, off, filterRawOutboundCap);
        ENHANCED_PORT0.put(b, off, enhancedPort0);
        MULTICAST_FDB_TOP.put(b, off, multicastFdbTop);
    }
}
