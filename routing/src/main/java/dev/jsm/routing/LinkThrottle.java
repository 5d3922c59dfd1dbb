package dev.jsm.routing;

import dev.jsm.subnet.PortAttributes;

/**
 * Whether a cable runs below what both its ends have enabled (OpenSM's {@code osm_link_is_throttled}): it is
 * throttled unless both ends report the same active speed and width and those are the highest speed and width both
 * ends enable. Speeds combine LinkSpeed (SDR 1, DDR 2, QDR 4) with LinkSpeedExt shifted by 4 (FDR 16, EDR 32, HDR
 * 64, NDR 128) where the node supports extended speeds (CapabilityMask IsExtendedSpeedsSupported, read from port 0
 * on switches); FDR10, which needs Mellanox's ExtendedPortInfo, is not modelled. Widths rank 1x, 2x, 4x, 8x, 12x.
 * Ports that reported nothing (all zeros) compare equal, so unknown cables are not throttled.
 *
 * <p>Stateless.
 */
final class LinkThrottle {

    /** CapabilityMask IsExtendedSpeedsSupported (IBA 14.2.5.6). */
    static final long CAP_EXTENDED_SPEEDS = 0x4000L;

    /** LinkWidth bits from narrowest to widest: 1x, 2x, 4x, 8x, 12x. */
    private static final int[] WIDTH_RANK = {1, 16, 2, 4, 8};

    private LinkThrottle() {
    }

    /**
     * Whether the cable between ports {@code a} and {@code b} is throttled; {@code aExt} and {@code bExt} say
     * whether each end's node supports extended speeds.
     */
    static boolean isThrottled(PortAttributes a, boolean aExt, PortAttributes b, boolean bExt) {
        int speedA = speedActive(a, aExt);
        int speedB = speedActive(b, bExt);
        int highestSpeed = Integer.highestOneBit(speedEnabled(a, aExt) & speedEnabled(b, bExt));
        int widthA = a.linkWidthActive();
        int highestWidth = widest(a.linkWidthEnabled() & b.linkWidthEnabled());
        return speedA != speedB || speedA != highestSpeed || widthA != b.linkWidthActive() || widthA != highestWidth;
    }

    private static int speedEnabled(PortAttributes p, boolean ext) {
        return (ext ? p.linkSpeedExtEnabled() << 4 : 0) + p.linkSpeedEnabled();
    }

    private static int speedActive(PortAttributes p, boolean ext) {
        return Integer.highestOneBit((ext ? p.linkSpeedExtActive() << 4 : 0) + p.linkSpeedActive());
    }

    private static int widest(int mask) {
        for (int i = WIDTH_RANK.length - 1; i >= 0; i--) {
            if ((mask & WIDTH_RANK[i]) != 0) {
                return WIDTH_RANK[i];
            }
        }
        return 0;
    }
}
