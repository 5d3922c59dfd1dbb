package dev.jsm.conf;

import dev.jsm.text.CNumber;
import java.math.BigInteger;
import java.util.Locale;

/**
 * 256-bit port masks of the switch congestion setting ({@code cc_sw_cong_setting_victim_mask},
 * {@code cc_sw_cong_setting_credit_mask}): bit n is port n. Read as {@code 0x} (optional) and 1 to 64 hex digits;
 * written as {@code 0x} and 64 upper-case digits, as OpenSM writes them. Values are non-negative {@link BigInteger}s
 * below 2^256.
 *
 * <p>Immutable; safe to share.
 */
public final class MaskType implements OptionType<BigInteger> {

    /** The only instance. */
    public static final MaskType INSTANCE = new MaskType();

    private static final int BITS = 256;
    private static final int DIGITS = BITS / 4;

    private MaskType() {
    }

    @Override
    public BigInteger parse(String text) throws BadValueException {
        try {
            return CNumber.parseBig(text, CNumber.Base.HEX, DIGITS);
        } catch (NumberFormatException notAMask) {
            throw bad(text);
        }
    }

    @Override
    public String format(BigInteger value) {
        String hex = value.toString(16).toUpperCase(Locale.ROOT);
        return "0x" + "0".repeat(DIGITS - hex.length()) + hex;
    }

    @Override
    public boolean accepts(BigInteger value) {
        return value != null && value.signum() >= 0 && value.bitLength() <= BITS;
    }

    @Override
    public String expected() {
        return "a 256-bit mask (0x and 1 to 64 hex digits)";
    }

    @Override
    public Class<BigInteger> valueClass() {
        return BigInteger.class;
    }
}
