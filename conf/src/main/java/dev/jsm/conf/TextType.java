package dev.jsm.conf;

/**
 * Free-text options: file names, directories, engine lists, plug-in names. {@code (null)} means unset and is held
 * as {@code null}, as in OpenSM. An empty value is rejected (OpenSM would store an empty string).
 *
 * <p>Immutable; safe to share.
 */
public final class TextType implements OptionType<String> {

    /** The text OpenSM writes for an unset string option. */
    public static final String NULL_TEXT = "(null)";

    /** A file or directory name, or {@code (null)}. */
    public static final TextType PATH = new TextType("a file name or (null)");

    /** Any non-empty text, or {@code (null)}. */
    public static final TextType TEXT = new TextType("text or (null)");

    private final String expected;

    private TextType(String expected) {
        this.expected = expected;
    }

    @Override
    public String parse(String text) throws BadValueException {
        if (text.isEmpty()) {
            throw bad(text);
        }
        return NULL_TEXT.equals(text) ? null : text;
    }

    @Override
    public String format(String value) {
        return value == null ? NULL_TEXT : value;
    }

    @Override
    public boolean accepts(String value) {
        return value == null || !value.isEmpty() && !value.equals(NULL_TEXT) && value.strip().equals(value)
                && value.indexOf('#') < 0 && value.indexOf('\n') < 0;
    }

    @Override
    public String expected() {
        return expected;
    }

    @Override
    public Class<String> valueClass() {
        return String.class;
    }
}
