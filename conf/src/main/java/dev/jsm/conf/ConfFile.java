package dev.jsm.conf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link OpenSmConfReader} found in one {@code opensm.conf}: the values of the options the file sets (lines
 * with errors are left out), the options named on lines with errors, and all warnings and errors in line order.
 *
 * <p>Immutable; safe to share.
 */
public final class ConfFile {

    private final String source;
    private final Map<Option<?>, Object> values;
    private final Set<Option<?>> rejected;
    private final List<ConfProblem> warnings;
    private final List<ConfProblem> errors;

    ConfFile(String source, Map<Option<?>, Object> values, Set<Option<?>> rejected, List<ConfProblem> warnings,
            List<ConfProblem> errors) {
        this.source = source;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.rejected = Set.copyOf(rejected);
        this.warnings = List.copyOf(warnings);
        this.errors = List.copyOf(errors);
    }

    /** The file name as the caller gave it. */
    public String source() {
        return source;
    }

    /** The options the file sets and their values, in the order they first appear (values may be {@code null}). */
    public Map<Option<?>, Object> values() {
        return values;
    }

    /** Whether the file sets an option (on a line without errors). */
    public boolean sets(Option<?> option) {
        return values.containsKey(option);
    }

    /**
     * The value the file gives an option.
     *
     * @param option an option the file {@link #sets}
     * @param <T> the value type
     * @return the value ({@code null} for an unset text option)
     */
    public <T> T value(Option<T> option) {
        if (!values.containsKey(option)) {
            throw new IllegalArgumentException(source + " does not set " + option.name());
        }
        return option.cast(values.get(option));
    }

    /** The options named on lines with a bad value; their old values should be kept. */
    public Set<Option<?>> rejected() {
        return rejected;
    }

    /** Unknown and deprecated options and repeated lines, as {@code file:line: ...}. */
    public List<ConfProblem> warnings() {
        return warnings;
    }

    /** Bad values, as {@code file:line: option 'x': expected ..., found '...'}. */
    public List<ConfProblem> errors() {
        return errors;
    }

    /** Whether there is at least one error. */
    public boolean hasErrors() {
        return !errors.isEmpty();
    }
}
