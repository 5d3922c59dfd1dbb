package dev.jsm.conf;

import dev.jsm.text.CNumber;

/**
 * 64-bit options written as {@code 0x} and 16 hex digits: GUIDs, the subnet prefix and the M_Key, SM_Key, SA_Key and
 * CC_Key. Read with C's base-0 rules like OpenSM ({@code 1} and {@code 0x1} are both one). All 64 bits are used; the
 * {@code long} value holds them unsigned.
 *
 * <p>Immutable; safe to share.
 */
public final class Hex64Type implements OptionType<Long> {

    /** The only instance. */
    public static final Hex64Type INSTANCE = new Hex64Type();

    private Hex64Type() {
    }

    @Override
    public Long parse(String text) throws BadValueException {
        try {
            return CNumber.parseUnsigned(text);
        } catch (NumberFormatException e) {
            throw bad(text);
        }
    }

    /**
     * Parses hex digits with an optional {@code 0x}, as OpenSM reads {@code -g}, {@code -k} and
     * {@code --subnet_prefix} on its command line.
     *
     * @param text the value text
     * @return the value
     * @throws BadValueException if the text is not 1 to 16 hex digits
     */
    public Long parseHex(String text) throws BadValueException {
        try {
            return CNumber.parseHex(text);
        } catch (NumberFormatException e) {
            throw new BadValueException("a 64-bit hex number (up to 16 hex digits, 0x optional)", text);
        }
    }

    @Override
    public String format(Long value) {
        return IntType.hex(value, 16, false);
    }

    @Override
    public boolean accepts(Long value) {
        return value != null;
    }

    @Override
    public String expected() {
        return "a 64-bit number (0x and up to 16 hex digits, or decimal)";
    }

    @Override
    public Class<Long> valueClass() {
        return Long.class;
    }
}
