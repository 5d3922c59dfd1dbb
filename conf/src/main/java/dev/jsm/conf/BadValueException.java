package dev.jsm.conf;

/**
 * A value text that its option's type does not accept. The message is {@code expected X, found 'y'}; callers put
 * {@code file:line: option 'name': } (or the command-line flag) in front of it. Not meant to reach a user as a stack
 * trace.
 *
 * <p>Immutable; safe to share.
 */
public final class BadValueException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * A rejected value.
     *
     * @param expected what an allowed value looks like (from {@link OptionType#expected()})
     * @param found the text that was given
     */
    public BadValueException(String expected, String found) {
        super("expected " + expected + ", found '" + found + "'", null, false, false);
    }
}
