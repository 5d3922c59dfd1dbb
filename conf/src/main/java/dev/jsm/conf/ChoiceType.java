package dev.jsm.conf;

import java.util.List;

/**
 * Options whose value is one word from a fixed set, such as {@code part_enforce both|in|out|off} or
 * {@code console off|local|loopback|socket}. Matched exactly (case-sensitive), as OpenSM does.
 *
 * <p>Immutable; safe to share.
 */
public final class ChoiceType implements OptionType<String> {

    private final List<String> choices;

    private ChoiceType(List<String> choices) {
        this.choices = choices;
    }

    /** The words allowed, in the order they are listed in messages. */
    public static ChoiceType of(String... choices) {
        return new ChoiceType(List.of(choices));
    }

    @Override
    public String parse(String text) throws BadValueException {
        if (!choices.contains(text)) {
            throw bad(text);
        }
        return text;
    }

    @Override
    public String format(String value) {
        return value;
    }

    @Override
    public boolean accepts(String value) {
        return value != null && choices.contains(value);
    }

    @Override
    public String expected() {
        return "one of " + String.join(", ", choices);
    }

    @Override
    public Class<String> valueClass() {
        return String.class;
    }
}
