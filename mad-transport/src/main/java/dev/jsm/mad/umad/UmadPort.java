package dev.jsm.mad.umad;

import dev.jsm.mad.channel.LocalPort;

/**
 * One port of a local CA as libibumad reports it ({@code umad_port_t}, read from sysfs), in host order.
 *
 * @param caName CA name ({@code mlx5_0}; {@code ibsim0} under umad2sim)
 * @param portNum port number (0 for a switch's management port)
 * @param baseLid base LID (0 until an SM assigns one)
 * @param lmc LID mask control
 * @param smLid LID of the master SM the port knows
 * @param smSl service level towards the SM
 * @param state PortInfo.PortState: 1 Down, 2 Init, 3 Armed, 4 Active
 * @param physState PortInfo.PortPhysicalState: 2 Polling, 3 Disabled, 5 LinkUp, ...
 * @param rate link rate in Gb/s as sysfs reports it
 * @param capabilityMask PortInfo.CapabilityMask
 * @param gidPrefix subnet prefix of GID 0
 * @param portGuid port GUID
 * @param linkLayer {@code "InfiniBand"} or {@code "IB"} (anything else is not usable by an SM)
 */
public record UmadPort(String caName, int portNum, int baseLid, int lmc, int smLid, int smSl, int state,
                       int physState, int rate, int capabilityMask, long gidPrefix, long portGuid,
                       String linkLayer) {

    /** PortState value of a port whose link is down. */
    public static final int STATE_DOWN = 1;

    /** The channel-level view of this port. */
    public LocalPort toLocalPort() {
        return new LocalPort(caName, portNum, portGuid, baseLid, smLid, state);
    }

    /** Whether the link layer is InfiniBand (RoCE ports carry no SMPs). */
    public boolean isInfiniBand() {
        return "InfiniBand".equals(linkLayer) || "IB".equals(linkLayer);
    }

    /** The PortPhysicalState name ({@code Polling}, {@code LinkUp}, ...) for messages. */
    public String physStateName() {
        return switch (physState) {
            case 1 -> "Sleep";
            case 2 -> "Polling";
            case 3 -> "Disabled";
            case 4 -> "PortConfigurationTraining";
            case 5 -> "LinkUp";
            case 6 -> "LinkErrorRecovery";
            case 7 -> "PhyTest";
            default -> String.valueOf(physState);
        };
    }

    /** {@code mlx5_0/1}: the notation OpenSM's logs use. */
    public String label() {
        return caName + "/" + portNum;
    }
}
