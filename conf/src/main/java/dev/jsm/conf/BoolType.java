package dev.jsm.conf;

import java.util.Locale;

/**
 * {@code TRUE}/{@code FALSE} options. Written in upper case as OpenSM writes them; read in any case. OpenSM itself
 * takes every text other than exactly {@code TRUE} as false (so its {@code true} silently means FALSE); here any
 * other text is an error.
 *
 * <p>Immutable; safe to share.
 */
public final class BoolType implements OptionType<Boolean> {

    /** The only instance. */
    public static final BoolType INSTANCE = new BoolType();

    private BoolType() {
    }

    @Override
    public Boolean parse(String text) throws BadValueException {
        return switch (text.toUpperCase(Locale.ROOT)) {
            case "TRUE" -> Boolean.TRUE;
            case "FALSE" -> Boolean.FALSE;
            default -> throw bad(text);
        };
    }

    @Override
    public String format(Boolean value) {
        return value ? "TRUE" : "FALSE";
    }

    @Override
    public boolean accepts(Boolean value) {
        return value != null;
    }

    @Override
    public String expected() {
        return "TRUE or FALSE";
    }

    @Override
    public Class<Boolean> valueClass() {
        return Boolean.class;
    }
}
