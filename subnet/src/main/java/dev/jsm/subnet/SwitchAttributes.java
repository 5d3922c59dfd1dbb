package dev.jsm.subnet;

/**
 * The SwitchInfo values (IBA 14.2.5.4) of one switch, in host order. The components are the MAD codec's
 * {@code SwitchInfo} components in the same order, so discovery maps one to the other field by field.
 *
 * <p>Replaced as a whole with the SwitchInfo the switch last returned.
 *
 * <p>Immutable; safe to share.
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
public record SwitchAttributes(int linearFdbCap, int randomFdbCap, int multicastFdbCap, int linearFdbTop,
                               int defaultPort, int defaultMulticastPrimaryPort, int defaultMulticastNotPrimaryPort,
                               int lifeTimeValue, int portStateChange, int optimizedSlToVlMappingProgramming,
                               int lidsPerPort, int partitionEnforcementCap, int inboundEnforcementCap,
                               int outboundEnforcementCap, int filterRawInboundCap, int filterRawOutboundCap,
                               int enhancedPort0, int multicastFdbTop) {

    /** All zeros: nothing known yet. */
    public static final SwitchAttributes NONE =
            new SwitchAttributes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Whether port 0 is an enhanced switch port 0 (own PortInfo parameters, may take an LMC). */
    public boolean hasEnhancedPort0() {
        return enhancedPort0 != 0;
    }

    /** Whether the switch reported a port state change since the bit was last cleared (light-sweep trigger). */
    public boolean hasPortStateChange() {
        return portStateChange != 0;
    }
}
