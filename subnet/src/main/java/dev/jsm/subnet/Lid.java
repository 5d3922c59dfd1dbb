package dev.jsm.subnet;

import dev.jsm.text.CNumber;

/**
 * A local identifier (IBA 4.1.3): unicast {@code 0x0001-0xBFFF}, multicast {@code 0xC000-0xFFFE}, permissive
 * {@code 0xFFFF}; 0 is reserved and means "no LID" in PortInfo.
 *
 * <p>As with {@link Guid}, the model stores LIDs as plain {@code int}s; the static helpers work on those, the record
 * is for parsing, printing and typed APIs.
 *
 * <p>Immutable; safe to share.
 *
 * @param value the LID, {@code 0x0001-0xFFFF}
 */
public record Lid(int value) {

    /** Lowest unicast LID. */
    public static final int UNICAST_MIN = 0x0001;
    /** Highest unicast LID. */
    public static final int UNICAST_MAX = 0xBFFF;
    /** Lowest multicast LID (MLID). */
    public static final int MULTICAST_MIN = 0xC000;
    /** Highest multicast LID. */
    public static final int MULTICAST_MAX = 0xFFFE;
    /** The permissive LID (directed-route SMPs, "any port"). */
    public static final int PERMISSIVE = 0xFFFF;
    /** Largest LMC (LID mask control; IBA 7.11.1): 2^7 = 128 LIDs per port. */
    public static final int MAX_LMC = 7;

    /**
     * Validates the value.
     *
     * @throws IllegalArgumentException if outside {@code 0x0001-0xFFFF}
     */
    public Lid {
        if (value < UNICAST_MIN || value > PERMISSIVE) {
            throw new IllegalArgumentException(String.format(
                    "LID 0x%x out of range (expected 0x0001-0xffff)", value));
        }
    }

    /** The LID {@code value}; see the constructor for validation. */
    public static Lid of(int value) {
        return new Lid(value);
    }

    /**
     * Parses a LID in hex with a {@code 0x} prefix ({@code "0x1a"}, the OpenSM dump spelling) or in decimal
     * ({@code "26"}, the ibstat spelling); surrounding white space is ignored.
     *
     * @throws IllegalArgumentException naming the text and what was expected
     */
    public static Lid parse(String text) {
        long v;
        try {
            v = CNumber.parseUnsigned(text.strip(), CNumber.Base.HEX_OR_DECIMAL, 5);
        } catch (NumberFormatException e) {
            throw invalid(text);
        }
        if (v < UNICAST_MIN || v > PERMISSIVE) {
            throw invalid(text);
        }
        return new Lid((int) v);
    }

    /** Whether {@code lid} is a unicast LID ({@code 0x0001-0xBFFF}). */
    public static boolean isUnicast(int lid) {
        return lid >= UNICAST_MIN && lid <= UNICAST_MAX;
    }

    /** Whether {@code lid} is a multicast LID ({@code 0xC000-0xFFFE}). */
    public static boolean isMulticast(int lid) {
        return lid >= MULTICAST_MIN && lid <= MULTICAST_MAX;
    }

    /** The base LID of the LMC range {@code lid} falls in: {@code lid} with its low {@code lmc} bits cleared. */
    public static int baseLid(int lid, int lmc) {
        checkLmc(lmc);
        return lid & ~((1 << lmc) - 1);
    }

    /** {@code 0x%04x}: the spelling OpenSM uses in dumps and guid2lid. */
    public static String toString(int lid) {
        String h = Integer.toHexString(lid);
        return h.length() >= 4 ? "0x" + h : "0x" + "0000".substring(h.length()) + h;
    }

    /** Whether this is a unicast LID. */
    public boolean isUnicast() {
        return isUnicast(value);
    }

    /** Whether this is a multicast LID. */
    public boolean isMulticast() {
        return isMulticast(value);
    }

    /** Whether this is the permissive LID. */
    public boolean isPermissive() {
        return value == PERMISSIVE;
    }

    /** The base LID of this LID's LMC range. */
    public Lid baseLid(int lmc) {
        return new Lid(baseLid(value, lmc));
    }

    /**
     * The {@code 2^lmc} LIDs of the aligned range this unicast LID falls in.
     *
     * @throws IllegalArgumentException if this LID is not unicast or {@code lmc} is outside 0..7
     */
    public LidRange range(int lmc) {
        if (!isUnicast()) {
            throw new IllegalArgumentException(this + " is not a unicast LID; only unicast LIDs have LMC ranges");
        }
        return new LidRange(baseLid(value, lmc), lmc);
    }

    /** {@code 0x%04x}. */
    @Override
    public String toString() {
        return toString(value);
    }

    static void checkLmc(int lmc) {
        if (lmc < 0 || lmc > MAX_LMC) {
            throw new IllegalArgumentException("LMC " + lmc + " out of range (expected 0-7)");
        }
    }

    private static IllegalArgumentException invalid(String text) {
        return new IllegalArgumentException("not a LID: \"" + text
                + "\" (expected 0x0001-0xffff in hex with 0x prefix, or 1-65535 in decimal)");
    }
}
