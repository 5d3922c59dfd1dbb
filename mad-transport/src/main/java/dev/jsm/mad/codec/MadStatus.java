package dev.jsm.mad.codec;

/**
 * The status field of the common MAD header (IBA 13.4.7): bit 0 busy, bit 1 redirect, bits 4:2 the common code,
 * bits 15:8 class specific (SA status). For directed-route SMPs bit 15 is the D bit and is not part of the status;
 * callers pass the 15-bit value for those.
 *
 * <p>Immutable; safe to share.
 */
public final class MadStatus extends OpenCode {

    private static final Registry<MadStatus> REGISTRY = new Registry<>(MadStatus::new, "STATUS(0x%04x)");

    public static final MadStatus OK = REGISTRY.known(0x0000, "Ok");
    public static final MadStatus BUSY = REGISTRY.known(0x0001, "Busy");
    public static final MadStatus REDIRECT = REGISTRY.known(0x0002, "Redirect");
    /** Code 1: bad base or class version. */
    public static final MadStatus BAD_VERSION = REGISTRY.known(0x0004, "BadVersion");
    /** Code 2: method not supported. */
    public static final MadStatus METHOD_UNSUPPORTED = REGISTRY.known(0x0008, "MethodUnsupported");
    /** Code 3: method/attribute combination not supported. */
    public static final MadStatus METHOD_ATTR_UNSUPPORTED = REGISTRY.known(0x000C, "MethodAttrUnsupported");
    /** Code 7: invalid value in the attribute or attribute modifier. */
    public static final MadStatus INVALID_FIELD = REGISTRY.known(0x001C, "InvalidField");

    private MadStatus(int value, String name) {
        super(value, name);
    }

    /** The status for a wire value; never throws. */
    public static MadStatus valueOf(int value) {
        return REGISTRY.valueOf(value & 0xFFFF);
    }

    /** Whether the status reports success (no code, not busy, no redirect, no class-specific bits). */
    public boolean isOk() {
        return value() == 0;
    }
}
