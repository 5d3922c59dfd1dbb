package dev.jsm.subnet;

/**
 * The {@code 2^lmc} consecutive unicast LIDs of one end port (IBA 7.11.1): LMC-aligned, starting at the base LID.
 * A switch's base port 0 has LMC 0, a single LID.
 *
 * <p>Immutable; safe to share.
 *
 * @param base the base LID, a multiple of {@code 2^lmc}
 * @param lmc the LID mask control, 0..7
 */
public record LidRange(int base, int lmc) {

    /**
     * Validates the range.
     *
     * @throws IllegalArgumentException if {@code lmc} is outside 0..7, or {@code base} is not unicast or not a
     *     multiple of {@code 2^lmc} (an aligned range never runs past {@code 0xBFFF}: 0xC000 is aligned to 128)
     */
    public LidRange {
        Lid.checkLmc(lmc);
        if (!Lid.isUnicast(base)) {
            throw new IllegalArgumentException(String.format(
                    "base LID 0x%x is not unicast (expected 0x0001-0xbfff)", base));
        }
        if ((base & ((1 << lmc) - 1)) != 0) {
            throw new IllegalArgumentException(String.format(
                    "base LID 0x%04x is not aligned to LMC %d (expected a multiple of %d)", base, lmc, 1 << lmc));
        }
    }

    /** The range of {@code 2^lmc} LIDs starting at {@code base}; see the constructor for validation. */
    public static LidRange of(int base, int lmc) {
        return new LidRange(base, lmc);
    }

    /** The single-LID range {@code lid} (LMC 0). */
    public static LidRange single(int lid) {
        return new LidRange(lid, 0);
    }

    /** Number of LIDs, {@code 2^lmc}. */
    public int count() {
        return 1 << lmc;
    }

    /** The base LID. */
    public int first() {
        return base;
    }

    /** The highest LID of the range. */
    public int last() {
        return base + (1 << lmc) - 1;
    }

    /** Whether {@code lid} is in the range. */
    public boolean contains(int lid) {
        return lid >= base && lid <= last();
    }

    /** Whether the two ranges share at least one LID. */
    public boolean overlaps(LidRange other) {
        return base <= other.last() && other.base <= last();
    }

    /** {@code 0x0008-0x000b}, or {@code 0x0008} for a single LID. */
    @Override
    public String toString() {
        return lmc == 0 ? Lid.toString(base) : Lid.toString(base) + "-" + Lid.toString(last());
    }

    // equals and hashCode written out: a record's generated ones are linked through method handles at their first
    // call, and the first such link in a JVM costs the daemon's first sweep about 25 ms.
    @Override
    public boolean equals(Object o) {
        return o instanceof LidRange r && r.base == base && r.lmc == lmc;
    }

    @Override
    public int hashCode() {
        return base * 31 + lmc;
    }
}
