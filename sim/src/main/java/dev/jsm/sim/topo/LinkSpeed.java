package dev.jsm.sim.topo;

import java.util.Locale;

/**
 * The link speeds a simulated port can have, slowest first, with what a port of that speed supports in PortInfo and
 * in Mellanox's ExtendedPortInfo ({@code docs/link-speeds.md}): a port supports its own speed and every slower one of
 * the same family, as the hardware does (an NDR port trains at HDR, EDR or FDR with an older peer, and at QDR with a
 * port without extended speeds).
 *
 * <ul>
 *   <li>LinkSpeedSupported (SDR 1, DDR 2, QDR 4): SDR 1, DDR 3, QDR and faster 7;</li>
 *   <li>LinkSpeedExtSupported (FDR 1, EDR 2, HDR 4, NDR 8): FDR 1, EDR 3, HDR 7, NDR and XDR 15;</li>
 *   <li>LinkSpeedExtSupported2 (XDR 1): XDR only;</li>
 *   <li>ExtendedPortInfo FDR10: FDR10 and every speed from FDR up (as ibsim gives it).</li>
 * </ul>
 */
public enum LinkSpeed {
    SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR;

    /** LinkSpeedSupported: the legacy speeds. */
    public int legacyMask() {
        return switch (this) {
            case SDR -> 1;
            case DDR -> 3;
            default -> 7;
        };
    }

    /** LinkSpeedExtSupported: the extended speeds. */
    public int extendedMask() {
        return switch (this) {
            case FDR -> 1;
            case EDR -> 3;
            case HDR -> 7;
            case NDR, XDR -> 15;
            default -> 0;
        };
    }

    /** LinkSpeedExtSupported2: the speeds of the second extended field. */
    public int extended2Mask() {
        return this == XDR ? 1 : 0;
    }

    /** Whether the port supports FDR10 (ExtendedPortInfo LinkSpeedSupported bit 0). */
    public boolean fdr10() {
        return compareTo(FDR10) >= 0;
    }

    /** Whether the port has extended speeds (CapabilityMask.IsExtendedSpeedsSupported). */
    public boolean extended() {
        return compareTo(FDR) >= 0;
    }

    /**
     * Whether the port follows the SMSupportExtendedSpeeds bit of the PortInfo attribute modifier: without it, it
     * reports no extended speeds data ({@code docs/link-speeds.md#the-attribute-modifier-bit}).
     */
    public boolean needsExtendedSpeedsBit() {
        return compareTo(NDR) >= 0;
    }

    /** The name in a net file or a shape: the lower-case name. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The speed a net file or shape names (case ignored).
     *
     * @throws IllegalArgumentException naming the known speeds
     */
    public static LinkSpeed of(String text) {
        for (LinkSpeed s : values()) {
            if (s.name().equalsIgnoreCase(text)) {
                return s;
            }
        }
        throw new IllegalArgumentException("expected a link speed (sdr, ddr, qdr, fdr10, fdr, edr, hdr, ndr, xdr),"
                + " found '" + text + "'");
    }
}
