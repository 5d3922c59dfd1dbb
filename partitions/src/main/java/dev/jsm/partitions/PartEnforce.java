package dev.jsm.partitions;

import java.util.Locale;

/**
 * The {@code part_enforce} option: which directions a switch port facing a CA or router checks P_Keys in, as the
 * PortInfo PartitionEnforcementInbound (0x8 of byte 43) and PartitionEnforcementOutbound (0x4) bits.
 */
public enum PartEnforce {
    /** Check both directions (the default): bits 0xC. */
    BOTH(true, true),
    /** Check packets entering the switch: bit 0x8. */
    IN(true, false),
    /** Check packets leaving the switch: bit 0x4. */
    OUT(false, true),
    /** No checking; also what switch-to-switch links get. */
    OFF(false, false);

    private final boolean inbound;
    private final boolean outbound;

    PartEnforce(boolean inbound, boolean outbound) {
        this.inbound = inbound;
        this.outbound = outbound;
    }

    /** PortInfo.PartitionEnforcementInbound. */
    public boolean inbound() {
        return inbound;
    }

    /** PortInfo.PartitionEnforcementOutbound. */
    public boolean outbound() {
        return outbound;
    }

    /**
     * The value of the {@code part_enforce} option, {@link #OFF} when the deprecated
     * {@code no_partition_enforcement} is TRUE.
     *
     * @throws IllegalArgumentException for words other than both, in, out, off
     */
    public static PartEnforce fromOptions(String partEnforce, boolean noPartitionEnforcement) {
        if (noPartitionEnforcement) {
            return OFF;
        }
        return switch (partEnforce.toLowerCase(Locale.ROOT)) {
            case "both" -> BOTH;
            case "in" -> IN;
            case "out" -> OUT;
            case "off" -> OFF;
            default -> throw new IllegalArgumentException("part_enforce is '" + partEnforce
                    + "', expected both, in, out or off");
        };
    }

    /** The value with these two bits. */
    public static PartEnforce of(boolean inbound, boolean outbound) {
        return inbound ? (outbound ? BOTH : IN) : (outbound ? OUT : OFF);
    }

    /**
     * This value without the directions a switch cannot enforce (SwitchInfo.InboundEnforcementCap and
     * OutboundEnforcementCap): asking for them would be ignored and re-asked every sweep.
     */
    public PartEnforce supportedBy(int inboundEnforcementCap, int outboundEnforcementCap) {
        return of(inbound && inboundEnforcementCap != 0, outbound && outboundEnforcementCap != 0);
    }

    /** Whether a port's current PortInfo bits already say this. */
    public boolean matches(int partitionEnforcementInbound, int partitionEnforcementOutbound) {
        return (partitionEnforcementInbound != 0) == inbound && (partitionEnforcementOutbound != 0) == outbound;
    }
}
