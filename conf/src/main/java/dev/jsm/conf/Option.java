package dev.jsm.conf;

import java.util.Objects;

/**
 * One OpenSM option: its {@code opensm.conf} name, value type, default (exactly OpenSM's), section, a one-line
 * description, and whether a changed value takes effect when the file is re-read at a heavy sweep
 * ({@link #reloadable()}) or only after a restart. Declared once, in the {@code *Options} classes; {@link OptionTable}
 * lists them all, {@link OptionStatusTable} says how much of each jsm implements. Options are compared by identity.
 *
 * <p>Immutable; safe to share.
 *
 * @param <T> the Java type of the values
 */
public final class Option<T> {

    private final String name;
    private final OptionType<T> type;
    private final T defaultValue;
    private final OptionGroup group;
    private final String description;
    private final boolean reloadable;
    private final boolean revertsWhenAbsent;
    private final boolean extension;

    Option(String name, OptionType<T> type, T defaultValue, OptionGroup group, String description,
            boolean reloadable, boolean revertsWhenAbsent) {
        this(name, type, defaultValue, group, description, reloadable, revertsWhenAbsent, false);
    }

    Option(String name, OptionType<T> type, T defaultValue, OptionGroup group, String description,
            boolean reloadable, boolean revertsWhenAbsent, boolean extension) {
        this.name = Objects.requireNonNull(name);
        this.type = Objects.requireNonNull(type);
        this.group = Objects.requireNonNull(group);
        this.description = Objects.requireNonNull(description);
        if (!type.accepts(defaultValue)) {
            throw new IllegalArgumentException(name + ": default " + defaultValue + " is not " + type.expected());
        }
        this.defaultValue = defaultValue;
        this.reloadable = reloadable;
        this.revertsWhenAbsent = revertsWhenAbsent;
        this.extension = extension;
    }

    /** The option's name in {@code opensm.conf}. */
    public String name() {
        return name;
    }

    /** The value type (parser, formatter, allowed values). */
    public OptionType<T> type() {
        return type;
    }

    /**
     * The default value, OpenSM 3.3.23's (for an {@link #extension()}, the seed's); {@code null} for an unset text
     * option.
     */
    public T defaultValue() {
        return defaultValue;
    }

    /** The default as OpenSM writes it. */
    public String defaultText() {
        return type.format(defaultValue);
    }

    /** The section of {@code opensm.conf} the option is written in. */
    public OptionGroup group() {
        return group;
    }

    /** A one-line description for operators. */
    public String description() {
        return description;
    }

    /**
     * Whether a change in the re-read file is applied at the next heavy sweep (else it needs a restart), as jsm does
     * it: OpenSM's {@code can_update}, except for {@code m_key}, {@code reassign_lids}, {@code sm_inactive} and
     * {@code accum_log_file}, which OpenSM re-reads but jsm reads at start only.
     */
    public boolean reloadable() {
        return reloadable;
    }

    /**
     * Whether removing the option from the file resets it to its default at the next re-read. True only for the
     * per-port-class QoS options, which OpenSM resets before every re-read; other options keep their value.
     */
    public boolean revertsWhenAbsent() {
        return revertsWhenAbsent;
    }

    /**
     * Whether the option is not one of OpenSM 3.3.23's but one jsm reads for a feature of the seed (the routing
     * chains' policy files, named as the OpenSM that has them names them). {@link OptionTable#all()} leaves these
     * out, so what is said to be OpenSM's stays exactly OpenSM's; {@link OptionTable#known()} has them, and the
     * template writer shows them commented out while they are at their defaults, so that a file it writes still means
     * the same to OpenSM 3.3.23.
     */
    public boolean extension() {
        return extension;
    }

    /**
     * Casts a value held for this option.
     *
     * @param value a value of this option (from an options map)
     * @return the value typed
     */
    @SuppressWarnings("unchecked")
    T cast(Object value) {
        return (T) value;
    }

    /** The option's name. */
    @Override
    public String toString() {
        return name;
    }
}
