package dev.jsm.subnet;

/**
 * The SwitchInfo values (IBA 14.2.5.4) of one switch, in host order. The components are the MAD codec's
 * {@code SwitchInfo} components in the same order, so discovery maps one to the other field by field.
 *
 * <p>In detail: docs/design/subnet.md#switchattributes.
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
