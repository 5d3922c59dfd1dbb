package dev.jsm.conf;

import java.util.ArrayList;
import java.util.List;

/**
 * One command-line flag: OpenSM's spellings of it, any extra spellings we accept, whether it takes a value, its help
 * line and what it does to the {@link CliState}.
 *
 * <p>Immutable; safe to share.
 */
final class CliFlag {

    /** What a flag does when it is given. */
    @FunctionalInterface
    interface Action {
        /**
         * Applies the flag.
         *
         * @param state the command line's state so far
         * @param value the flag's value, or {@code null} for a flag without one
         * @throws BadValueException if the value is not allowed
         */
        void apply(CliState state, String value) throws BadValueException;
    }

    /**
     * An action that sets one option, so the help can say what jsm does of that option.
     *
     * @param option the option the flag sets
     * @param how how the flag's value becomes the option's
     */
    record SetsOption(Option<?> option, Action how) implements Action {
        @Override
        public void apply(CliState state, String value) throws BadValueException {
            how.apply(state, value);
        }
    }

    private final List<String> names;
    private final List<String> aliases;
    private final String param;
    private final String help;
    private final Action action;

    /**
     * A flag.
     *
     * @param names OpenSM's spellings, e.g. {@code -l --lmc} (space-separated; short ones first)
     * @param param the value's label in the help, or {@code null} for a flag without a value
     * @param help the help line
     * @param action what the flag does
     */
    CliFlag(String names, String param, String help, Action action) {
        this(List.of(names.split(" ")), List.of(), param, help, action);
    }

    private CliFlag(List<String> names, List<String> extra, String param, String help, Action action) {
        this.names = names;
        this.param = param;
        this.help = help;
        this.action = action;
        List<String> all = new ArrayList<>(extra);
        for (String n : names) {
            if (n.startsWith("--")) {
                String other = "--" + (n.indexOf('_') >= 0 ? n.substring(2).replace('_', '-')
                        : n.substring(2).replace('-', '_'));
                if (!other.equals(n) && !names.contains(other) && !all.contains(other)) {
                    all.add(other);
                }
            }
        }
        this.aliases = List.copyOf(all);
    }

    /** The same flag, also accepted under more long spellings of our own (matched exactly, never as prefixes). */
    CliFlag alias(String... more) {
        List<String> extra = new ArrayList<>(aliases);
        extra.addAll(List.of(more));
        return new CliFlag(names, extra, param, help, action);
    }

    /** OpenSM's spellings, with dashes. */
    List<String> names() {
        return names;
    }

    /** The extra spellings, with dashes: the {@code _}/{@code -} variants of the long names and any added. */
    List<String> aliases() {
        return aliases;
    }

    /** The flag's canonical name: its first long name. */
    String canonical() {
        for (String n : names) {
            if (n.startsWith("--")) {
                return n;
            }
        }
        throw new IllegalStateException("flag without a long name: " + names);
    }

    /** The flag as shown in messages, e.g. {@code -l/--lmc}. */
    String display() {
        return String.join("/", names);
    }

    /** Whether the flag takes a value. */
    boolean takesValue() {
        return param != null;
    }

    /** The value's label in the help, or {@code null}. */
    String param() {
        return param;
    }

    /** The help line. */
    String help() {
        return help;
    }

    /** What the flag does. */
    Action action() {
        return action;
    }

    /** The one option the flag sets, or {@code null} for a flag that sets none or several. */
    Option<?> option() {
        return action instanceof SetsOption s ? s.option() : null;
    }
}
