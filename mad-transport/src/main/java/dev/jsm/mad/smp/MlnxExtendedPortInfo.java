package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * Mellanox ExtendedPortInfo (vendor SMP attribute 0xFF90, 64 bytes; {@code docs/link-speeds.md}): the FDR10 speed of
 * ports of Mellanox devices, which PortInfo cannot express (FDR10 runs at the QDR signalling rate with 64b/66b
 * encoding, so PortInfo shows QDR). The attribute modifier is the port number; an SM programs FDR10 by writing
 * LinkSpeedEnabled, which takes effect the next time the link trains. Speed bit 0 is FDR10.
 *
 * <p>Immutable; safe to share.
 *
 * @param stateChangeEnable StateChangeEnable
 * @param linkSpeedSupported LinkSpeedSupported (bit 0 FDR10)
 * @param linkSpeedEnabled LinkSpeedEnabled (bit 0 FDR10)
 * @param linkSpeedActive LinkSpeedActive (bit 0 FDR10)
 */
public record MlnxExtendedPortInfo(int stateChangeEnable, int linkSpeedSupported, int linkSpeedEnabled,
                                   int linkSpeedActive) {

    /** The speed bit of FDR10 in the three speed fields. */
    public static final int FDR10 = 0x01;

    public static final Field STATE_CHANGE_ENABLE = Field.u8("StateChangeEnable", 3);
    public static final Field LINK_SPEED_SUPPORTED = Field.u8("LinkSpeedSupported", 7);
    public static final Field LINK_SPEED_ENABLED = Field.u8("LinkSpeedEnabled", 11);
    public static final Field LINK_SPEED_ACTIVE = Field.u8("LinkSpeedActive", 15);

    public static final Layout LAYOUT = Layout.of("MlnxExtendedPortInfo", 64,
            Field.reservedBytes(0, 3), STATE_CHANGE_ENABLE, Field.reservedBytes(4, 3), LINK_SPEED_SUPPORTED,
            Field.reservedBytes(8, 3), LINK_SPEED_ENABLED, Field.reservedBytes(12, 3), LINK_SPEED_ACTIVE,
            Field.reservedBytes(16, 48));

    /** Decodes the attribute at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static MlnxExtendedPortInfo decode(byte[] b, int off) {
        return new MlnxExtendedPortInfo(STATE_CHANGE_ENABLE.getInt(b, off), LINK_SPEED_SUPPORTED.getInt(b, off),
                LINK_SPEED_ENABLED.getInt(b, off), LINK_SPEED_ACTIVE.getInt(b, off));
    }

    /** Encodes this record at {@code off}; reserved bytes are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        STATE_CHANGE_ENABLE.put(b, off, stateChangeEnable);
        LINK_SPEED_SUPPORTED.put(b, off, linkSpeedSupported);
        LINK_SPEED_ENABLED.put(b, off, linkSpeedEnabled);
        LINK_SPEED_ACTIVE.put(b, off, linkSpeedActive);
    }

    /** Whether FDR10 is the active speed. */
    public boolean fdr10Active() {
        return (linkSpeedActive & FDR10) != 0;
    }
}
