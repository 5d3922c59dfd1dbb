package dev.jsm.daemon.sweep;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.SwitchAttributes;

/**
 * Conversions between the MAD codec's attributes and the model's: {@link PortInfo} to {@link PortAttributes} (the
 * model keeps a subset, in the same field order) and back, {@link SwitchInfo} to {@link SwitchAttributes} and back.
 * Going back, the fields the model does not keep are zero: read-only fields, the violation counters and the
 * write-only bits, which the link manager sets itself. And the PortInfo attribute modifier a port is asked with.
 *
 * <p>Stateless; thread-safe.
 */
public final class Attributes {

    private Attributes() {
    }

    /** The model's view of a PortInfo answer. */
    public static PortAttributes of(PortInfo p) {
        return new PortAttributes(p.mKey(), p.gidPrefix(), p.lid(), p.masterSmLid(), p.capabilityMask(),
                p.mKeyLeasePeriod(), p.linkWidthEnabled(), p.linkWidthSupported(), p.linkWidthActive(),
                p.linkSpeedSupported(), p.portState(), p.portPhysicalState(), p.mKeyProtectBits(), p.lmc(),
                p.linkSpeedActive(), p.linkSpeedEnabled(), p.neighborMtu(), p.masterSmSl(), p.vlCap(),
                p.vlHighLimit(), p.vlArbitrationHighCap(), p.vlArbitrationLowCap(), p.mtuCap(), p.vlStallCount(),
                p.hoqLife(), p.operationalVls(), p.partitionEnforcementInbound(), p.partitionEnforcementOutbound(),
                p.filterRawInbound(), p.filterRawOutbound(), p.guidCap(), p.subnetTimeout(), p.localPhyErrors(),
                p.overrunErrors(), p.capabilityMask2(), p.linkSpeedExtActive(), p.linkSpeedExtSupported(),
                p.linkSpeedExtEnabled(), p.localPortNum(), p.linkDownDefaultState(), p.respTimeValue(),
                p.linkSpeedExtActive2(), p.linkSpeedExtSupported2(), p.linkSpeedExtEnabled2());
    }

    /**
     * The attribute modifier of a PortInfo Get or Set of port {@code portNum} of {@code node}: the port number, with
     * bit 31 (SMSupportExtendedSpeeds) when {@link #hasExtendedSpeeds} says so or the port itself says
     * IsExtendedSpeedsSupported, so that a port of NDR or XDR reports and takes its extended speeds
     * (docs/link-speeds.md#the-attribute-modifier-bit). A port the model has not read yet gets the port number alone.
     */
    public static long portInfoModifier(Node node, int portNum) {
        PhysPort port = node.port(portNum);
        boolean extended = port != null && (hasExtendedSpeeds(port)
                || port.attributes().hasCapability(PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED));
        return extended ? portNum | PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS : portNum;
    }

    /**
     * Whether {@code port} has the extended speed fields as OpenSM's link manager decides it: by the
     * IsExtendedSpeedsSupported bit of the port, or of port 0 for a switch's external port (whose own CapabilityMask
     * may be 0).
     */
    public static boolean hasExtendedSpeeds(PhysPort port) {
        Node node = port.node();
        PhysPort capabilities = node.isSwitch() ? node.port(0) : port;
        return capabilities != null
                && capabilities.attributes().hasCapability(PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED);
    }

    /** A PortInfo with the model's values of port {@code portNum}, the base of a Set. */
    public static PortInfo toPortInfo(PortAttributes a, int portNum) {
        return new PortInfo(a.mKey(), a.gidPrefix(), a.lid(), a.masterSmLid(), a.capabilityMask(), 0,
                a.mKeyLeasePeriod(), portNum, a.linkWidthEnabled(), a.linkWidthSupported(), a.linkWidthActive(),
                a.linkSpeedSupported(), a.portState(), a.portPhysicalState(), 0, a.mKeyProtectBits(), a.lmc(),
                a.linkSpeedActive(), a.linkSpeedEnabled(), a.neighborMtu(), a.masterSmSl(), a.vlCap(), 0,
                a.vlHighLimit(), a.vlArbitrationHighCap(), a.vlArbitrationLowCap(), 0, a.mtuCap(), a.vlStallCount(),
                a.hoqLife(), a.operationalVls(), a.partitionEnforcementInbound(), a.partitionEnforcementOutbound(),
                a.filterRawInbound(), a.filterRawOutbound(), 0, 0, 0, a.guidCap(), 0, 0, a.subnetTimeout(),
                a.respTimeValue(), a.localPhyErrors(), a.overrunErrors(), 0, 0, a.capabilityMask2(),
                a.linkSpeedExtActive(), a.linkSpeedExtSupported(), a.linkSpeedExtEnabled(), a.linkSpeedExtActive2(),
                a.linkSpeedExtSupported2(), a.linkSpeedExtEnabled2());
    }

    /** The model's view of a SwitchInfo answer. */
    public static SwitchAttributes of(SwitchInfo s) {
        return new SwitchAttributes(s.linearFdbCap(), s.randomFdbCap(), s.multicastFdbCap(), s.linearFdbTop(),
                s.defaultPort(), s.defaultMulticastPrimaryPort(), s.defaultMulticastNotPrimaryPort(),
                s.lifeTimeValue(), s.portStateChange(), s.optimizedSlToVlMappingProgramming(), s.lidsPerPort(),
                s.partitionEnforcementCap(), s.inboundEnforcementCap(), s.outboundEnforcementCap(),
                s.filterRawInboundCap(), s.filterRawOutboundCap(), s.enhancedPort0(), s.multicastFdbTop());
    }

    /** A SwitchInfo with the model's values, the base of a Set. */
    public static SwitchInfo toSwitchInfo(SwitchAttributes a) {
        return new SwitchInfo(a.linearFdbCap(), a.randomFdbCap(), a.multicastFdbCap(), a.linearFdbTop(),
                a.defaultPort(), a.defaultMulticastPrimaryPort(), a.defaultMulticastNotPrimaryPort(),
                a.lifeTimeValue(), a.portStateChange(), a.optimizedSlToVlMappingProgramming(), a.lidsPerPort(),
                a.partitionEnforcementCap(), a.inboundEnforcementCap(), a.outboundEnforcementCap(),
                a.filterRawInboundCap(), a.filterRawOutboundCap(), a.enhancedPort0(), a.multicastFdbTop());
    }
}
