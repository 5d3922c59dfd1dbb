package dev.jsm.daemon.mgmt;

import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.PortView;
import java.util.Locale;

/**
 * What the web console's map and pages colour a link by, worst first: missing (gone since an earlier SUBNET UP),
 * unhealthy (the SM marked a port unhealthy, or a port is disabled), errors (an error counter rose between the
 * performance manager's last two readings), not active (INIT or ARMED), degraded (width or speed below what both
 * ends have enabled and support), ok.
 *
 * <p>Stateless.
 */
enum LinkHealth {
    OK, DEGRADED, NOT_ACTIVE, ERRORS, UNHEALTHY, MISSING;

    /** PortPhysicalState Disabled. */
    private static final int PHYS_DISABLED = 3;

    /** The worse of the two. */
    LinkHealth worse(LinkHealth other) {
        return other.ordinal() > ordinal() ? other : this;
    }

    /** A cabled link's health from both ends' PortInfo and their error rates. */
    static LinkHealth of(PortView a, PortView b, double errorRate) {
        PortAttributes x = a.attributes();
        PortAttributes y = b.attributes();
        if (!a.healthy() || !b.healthy() || x.portPhysicalState() == PHYS_DISABLED
                || y.portPhysicalState() == PHYS_DISABLED) {
            return UNHEALTHY;
        }
        if (errorRate > 0) {
            return ERRORS;
        }
        if (x.portState() != PortAttributes.STATE_ACTIVE || y.portState() != PortAttributes.STATE_ACTIVE) {
            return NOT_ACTIVE;
        }
        return belowCapability(x, y) ? DEGRADED : OK;
    }

    /**
     * Whether the link runs narrower or slower than both ends could train to as enabled: the best width and speed in
     * both ends' LinkWidthEnabled, LinkSpeedEnabled and LinkSpeedExtEnabled (each within what the port supports; 255,
     * 15 and 31 mean all supported, 30 no extended speed), as the sim's link training and a real link's choose.
     */
    static boolean belowCapability(PortAttributes x, PortAttributes y) {
        int widths = usable(x.linkWidthEnabled(), 255, x.linkWidthSupported())
                & usable(y.linkWidthEnabled(), 255, y.linkWidthSupported());
        if (widths != 0 && lanes(x.linkWidthActive()) < bestLanes(widths)) {
            return true;
        }
        int ext = extUsable(x) & extUsable(y);
        if (ext != 0) {
            return x.linkSpeedExtActive() < Integer.highestOneBit(ext);
        }
        int speeds = usable(x.linkSpeedEnabled(), 15, x.linkSpeedSupported())
                & usable(y.linkSpeedEnabled(), 15, y.linkSpeedSupported());
        return speeds != 0 && x.linkSpeedActive() < Integer.highestOneBit(speeds);
    }

    private static int usable(int enabled, int allSupported, int supported) {
        return enabled == allSupported ? supported : enabled & supported;
    }

    private static int extUsable(PortAttributes a) {
        return a.linkSpeedExtEnabled() == 30 ? 0 : usable(a.linkSpeedExtEnabled(), 31, a.linkSpeedExtSupported());
    }

    /** Lanes of a LinkWidthActive value: 1 = 1x, 16 = 2x, 2 = 4x, 4 = 8x, 8 = 12x. */
    static int lanes(int widthBit) {
        return switch (widthBit) {
            case 1 -> 1;
            case 16 -> 2;
            case 2 -> 4;
            case 4 -> 8;
            case 8 -> 12;
            default -> 0;
        };
    }

    private static int bestLanes(int widthBits) {
        int best = 0;
        for (int bit = 1; bit <= 16; bit <<= 1) {
            if ((widthBits & bit) != 0) {
                best = Math.max(best, lanes(bit));
            }
        }
        return best;
    }

    /** The name the pages show: {@code ok}, {@code degraded}, ... */
    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
