package dev.jsm.conf;

import java.util.Objects;

/**
 * What jsm does with one option: all of what its description says ({@link Level#IMPLEMENTED}), part of it
 * ({@link Level#PARTIAL}: {@link #note()} says what is missing), or nothing ({@link Level#NOT_IMPLEMENTED}: the value
 * is read, checked and kept, nothing acts on it, and {@link #note()} says what jsm does instead). Some options jsm
 * does not read behave as if they always had one value ({@link #actsAs()}; {@code single_thread} is always TRUE in
 * effect). {@link OptionStatusTable} holds one for every option.
 *
 * <p>In detail: docs/design/conf.md#optionstatus.
 */
public record OptionStatus(Option<?> option, Level level, String note, String actsAs, String honoured) {

    /** How much of an option jsm implements. */
    public enum Level {
        /** It does what its description says. */
        IMPLEMENTED("implemented"),
        /** It does part of it. */
        PARTIAL("partly implemented"),
        /** Nothing reads it. */
        NOT_IMPLEMENTED("not implemented");

        private final String words;

        Level(String words) {
            this.words = words;
        }

        /** The level in words: {@code implemented}, {@code partly implemented}, {@code not implemented}. */
        public String words() {
            return words;
        }
    }

    /**
     * Checks the parts against each other.
     *
     * @throws IllegalArgumentException if an implemented option has a note, another has none, or {@code actsAs} is
     *     given for an option jsm reads or is not a value of the option
     */
    public OptionStatus {
        Objects.requireNonNull(option, "option");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(note, "note");
        if ((level == Level.IMPLEMENTED) != note.isEmpty()) {
            throw new IllegalArgumentException(option + ": a note is for partial and unimplemented options only");
        }
        if (note.contains("\n") || note.contains("#")) {
            throw new IllegalArgumentException(option + ": the note must be one line without '#'");
        }
        if (actsAs != null && level != Level.NOT_IMPLEMENTED) {
            throw new IllegalArgumentException(option + ": only an option jsm does not read acts as a fixed value");
        }
        if (actsAs != null && !canonical(option, actsAs)) {
            throw new IllegalArgumentException(option + ": " + actsAs + " is not a value as the file writes it");
        }
        if (honoured != null && (level != Level.PARTIAL || !canonical(option, honoured))) {
            throw new IllegalArgumentException(option + ": only a partly implemented option has a value honoured in "
                    + "full, as the file writes it");
        }
    }

    /** A status without a value honoured in full. */
    public OptionStatus(Option<?> option, Level level, String note, String actsAs) {
        this(option, level, note, actsAs, null);
    }

    /**
     * Whether a changed option reaches what reads it at the next heavy sweep: the option is reloadable and jsm reads
     * it. False for every option jsm does not implement.
     */
    public boolean reloadable() {
        return level != Level.NOT_IMPLEMENTED && option.reloadable();
    }

    /**
     * Whether a value asks for something jsm does not do, and so deserves a warning: the option is not fully
     * implemented and the value is neither the default (an operator who never set it expects nothing) nor the value
     * jsm acts as anyway nor one it honours in full.
     *
     * @param valueText the value as written in the file ({@link SmOptions#format})
     */
    public boolean unhonoured(String valueText) {
        return level != Level.IMPLEMENTED && !valueText.equals(option.defaultText()) && !valueText.equals(actsAs)
                && !valueText.equals(honoured);
    }

    /**
     * The warning for a value that is {@link #unhonoured}: {@code option perfmgr TRUE is not implemented in jsm: ...}
     * or {@code option connect_roots TRUE is partly implemented in jsm: ...}.
     *
     * @param valueText the value as written in the file
     */
    public String warning(String valueText) {
        return "option " + option.name() + " " + valueText + " is " + level.words() + " in jsm: " + note;
    }

    /** Whether {@code text} is a value of the option, spelt as {@link SmOptions#format} spells it. */
    private static <T> boolean canonical(Option<T> option, String text) {
        try {
            return option.type().format(option.type().parse(text)).equals(text);
        } catch (BadValueException e) {
            return false;
        }
    }
}
