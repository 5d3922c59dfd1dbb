package dev.jsm.conf;

/**
 * A single {@code shift:multiplier} CCT entry option ({@code cc_sw_cong_setting_credit_starvation_return_delay}).
 *
 * <p>Immutable; safe to share.
 */
public final class CctEntryType implements OptionType<CctEntry> {

    /** The only instance. */
    public static final CctEntryType INSTANCE = new CctEntryType();

    private CctEntryType() {
    }

    @Override
    public CctEntry parse(String text) throws BadValueException {
        CctEntry entry = CctEntry.parseOrNull(text);
        if (entry == null) {
            throw bad(text);
        }
        return entry;
    }

    @Override
    public String format(CctEntry value) {
        return value.toString();
    }

    @Override
    public boolean accepts(CctEntry value) {
        return value != null;
    }

    @Override
    public String expected() {
        return "shift:multiplier (shift 0..3, multiplier 0..16383)";
    }

    @Override
    public Class<CctEntry> valueClass() {
        return CctEntry.class;
    }
}
