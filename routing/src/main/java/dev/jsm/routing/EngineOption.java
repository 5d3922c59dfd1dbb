package dev.jsm.routing;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * One option a routing engine reads: its OpenSM name and how its text becomes a value of type {@code T} (with the
 * default when it is not set), so that an engine reads {@code options.get(EngineOptions.PORT_SHIFTING)} and gets a
 * {@code Boolean}, and a misspelt option does not compile. The text itself stays in {@link EngineOptions}, keyed by
 * {@link #name()}, as the configuration files hold it (a routing chain step's file is layered over the main one by
 * name); the constants are in {@link EngineOptions} for the options several engines read and in each engine's
 * options class for its own.
 *
 * <p>Immutable; safe to share. Keys are compared by identity.
 *
 * @param <T> the value type
 */
public final class EngineOption<T> {

    private final String name;
    private final BiFunction<EngineOptions, String, T> reader;

    private EngineOption(String name, BiFunction<EngineOptions, String, T> reader) {
        this.name = Objects.requireNonNull(name, "name");
        this.reader = reader;
    }

    /** A {@code TRUE}/{@code FALSE} option (any case, as in {@code opensm.conf}), {@code defaultValue} when unset. */
    public static EngineOption<Boolean> flag(String name, boolean defaultValue) {
        return new EngineOption<>(name, (o, key) -> o.flag(key, defaultValue));
    }

    /** A number option, decimal or {@code 0x} hexadecimal, {@code defaultValue} when unset. */
    public static EngineOption<Long> number(String name, long defaultValue) {
        return new EngineOption<>(name, (o, key) -> o.number(key, defaultValue));
    }

    /** A file option: its path, empty when unset, blank or {@code (null)}. */
    public static EngineOption<Optional<Path>> file(String name) {
        return new EngineOption<>(name, EngineOptions::file);
    }

    /** A text option, without surrounding blanks: empty when unset, blank or {@code (null)}. */
    public static EngineOption<Optional<String>> text(String name) {
        return new EngineOption<>(name, EngineOptions::textIfSet);
    }

    /** The option's OpenSM name, as in {@code opensm.conf}. */
    public String name() {
        return name;
    }

    /** The value in {@code options}; see {@link EngineOptions#get}. */
    T read(EngineOptions options) {
        return reader.apply(options, name);
    }

    /** The option's name. */
    @Override
    public String toString() {
        return name;
    }
}
