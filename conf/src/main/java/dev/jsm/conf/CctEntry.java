package dev.jsm.conf;

import dev.jsm.text.CNumber;

/**
 * One congestion control table entry, {@code shift:multiplier} in the option files: the injection delay is
 * {@code multiplier << shift} (IBA vol. 1, Annex A10 congestion control; CCT_Shift is 2 bits, CCT_Multiplier 14).
 *
 * <p>Immutable; safe to share.
 *
 * @param shift CCT_Shift, 0..3
 * @param multiplier CCT_Multiplier, 0..16383
 */
public record CctEntry(int shift, int multiplier) {

    /** The largest CCT_Shift. */
    public static final int MAX_SHIFT = 3;

    /** The largest CCT_Multiplier. */
    public static final int MAX_MULTIPLIER = 0x3FFF;

    /** Checks the field ranges. */
    public CctEntry {
        if (shift < 0 || shift > MAX_SHIFT || multiplier < 0 || multiplier > MAX_MULTIPLIER) {
            throw new IllegalArgumentException("CCT entry out of range: " + shift + ":" + multiplier);
        }
    }

    /**
     * Parses {@code shift:multiplier}; each number with C's base-0 rules.
     *
     * @param text the entry text
     * @return the entry, or {@code null} if the text is not a valid entry
     */
    static CctEntry parseOrNull(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            return null;
        }
        try {
            long shift = CNumber.parseUnsigned(text.substring(0, colon).strip());
            long multiplier = CNumber.parseUnsigned(text.substring(colon + 1).strip());
            if (shift < 0 || shift > MAX_SHIFT || multiplier < 0 || multiplier > MAX_MULTIPLIER) {
                return null;
            }
            return new CctEntry((int) shift, (int) multiplier);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The entry as {@code shift:multiplier}. */
    @Override
    public String toString() {
        return shift + ":" + multiplier;
    }
}
