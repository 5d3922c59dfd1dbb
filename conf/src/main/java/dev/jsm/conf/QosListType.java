package dev.jsm.conf;

import dev.jsm.text.CNumber;

/**
 * The QoS table options, kept as the text given after checking every entry: {@code qos_*vlarb_high/low} (up to 64
 * {@code VL:weight} pairs, VL 0..14, weight 0..255) and {@code qos_*sl2vl} (16 VLs 0..15, one per SL). Entries are
 * comma-separated; blanks around an entry and empty entries are ignored, as OpenSM's tokenizer does. {@code (null)}
 * means "use the built-in default table". OpenSM only warns about bad entries; here they are errors.
 *
 * <p>Immutable; safe to share.
 */
public final class QosListType implements OptionType<String> {

    /** {@code qos_*vlarb_high} and {@code qos_*vlarb_low}. */
    public static final QosListType VL_ARB = new QosListType(true);

    /** {@code qos_*sl2vl}. */
    public static final QosListType SL2VL = new QosListType(false);

    private static final int MAX_VL_ARB_PAIRS = 64;
    private static final int SL_COUNT = 16;

    private final boolean vlArb;

    private QosListType(boolean vlArb) {
        this.vlArb = vlArb;
    }

    @Override
    public String parse(String text) throws BadValueException {
        if (TextType.NULL_TEXT.equals(text)) {
            return null;
        }
        if (!valid(text)) {
            throw bad(text);
        }
        return text;
    }

    private boolean valid(String text) {
        int count = 0;
        for (String entry : text.split(",", -1)) {
            String e = entry.strip();
            if (e.isEmpty()) {
                continue;
            }
            count++;
            if (vlArb ? !validPair(e) : !inRange(e, 15)) {
                return false;
            }
        }
        return vlArb ? count >= 1 && count <= MAX_VL_ARB_PAIRS : count == SL_COUNT;
    }

    private static boolean validPair(String pair) {
        int colon = pair.indexOf(':');
        return colon > 0 && inRange(pair.substring(0, colon).strip(), 14)
                && inRange(pair.substring(colon + 1).strip(), 255);
    }

    private static boolean inRange(String number, long max) {
        try {
            long v = CNumber.parseUnsigned(number);
            return v >= 0 && v <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Override
    public String format(String value) {
        return value == null ? TextType.NULL_TEXT : value;
    }

    @Override
    public boolean accepts(String value) {
        return value == null || value.indexOf('#') < 0 && value.strip().equals(value) && valid(value);
    }

    @Override
    public String expected() {
        return vlArb
                ? "(null) or up to 64 comma-separated VL:weight pairs (VL 0..14, weight 0..255)"
                : "(null) or 16 comma-separated VLs (0..15), one per SL";
    }

    @Override
    public Class<String> valueClass() {
        return String.class;
    }
}
