package dev.jsm.conf;

import java.util.List;

/**
 * Abstraction of the value type of one option: how its text in {@code opensm.conf} or on the command line is parsed
 * and checked, how a value is written back, and how the allowed values are described in error messages.
 *
 * <p>Implementations are immutable; safe to share.
 *
 * @param <T> the Java type of the option's values (values of text options may be {@code null}, meaning unset)
 */
public interface OptionType<T> {

    /**
     * Parses one value as written in the file (already trimmed, surrounding quotes removed).
     *
     * @param text the value text
     * @return the value
     * @throws BadValueException if the text is not an allowed value
     */
    T parse(String text) throws BadValueException;

    /**
     * Parses one more line of a multi-valued option onto the value collected so far. Single-valued types ignore
     * {@code current} (the last line wins); per-SL types set the one SL the line names.
     *
     * @param current the value collected so far (the default before the first line)
     * @param text the value text of this line
     * @return the new value
     * @throws BadValueException if the text is not an allowed value
     */
    default T parseOnto(T current, String text) throws BadValueException {
        return parse(text);
    }

    /**
     * Whether the option may appear on several lines that together make one value (the per-SL options). For other
     * options a repeated line replaces the earlier one and the reader warns.
     */
    default boolean multiValued() {
        return false;
    }

    /**
     * Writes a value the way {@link #parse} reads it back, in OpenSM's own spelling ({@code 0x12}, {@code (null)}).
     * Multi-valued types return a one-line summary for messages instead; {@link #formatLines} gives their lines.
     *
     * @param value the value
     * @return the value text
     */
    String format(T value);

    /**
     * The value texts to write for a value, one {@code name text} line each; one line for single-valued types.
     *
     * @param value the value
     * @return at least one value text
     */
    default List<String> formatLines(T value) {
        return List.of(format(value));
    }

    /** Whether a value set by code (not parsed) is allowed; {@link #parse} only ever returns allowed values. */
    boolean accepts(T value);

    /** What an allowed value looks like, for messages: {@code "an integer in 0..7"}, {@code "TRUE or FALSE"}. */
    String expected();

    /** The class of the values, for typed look-ups by name. */
    Class<T> valueClass();

    /** Builds the exception for a text that is not an allowed value of this type. */
    default BadValueException bad(String text) {
        return new BadValueException(expected(), text);
    }
}
