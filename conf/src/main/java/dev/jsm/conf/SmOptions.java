package dev.jsm.conf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The SM's options: one validated value for every option of {@link OptionTable}. Built from the defaults, a
 * {@link ConfFile} and command-line flags; re-read files are merged with {@link #reload}, which applies only
 * reloadable changes.
 *
 * <p>Besides the values in effect, an instance remembers the values as last read from the config file. A re-read
 * file changes an option only where its file value changed, so a command-line override stays in force until the
 * operator edits that option in the file (OpenSM's {@code file_opts} behaviour).
 *
 * <p>Values are read through the typed constants of the {@code *Options} classes ({@link #get(Option)},
 * {@link #getInt(Option)}), so a misspelt option does not compile; only the readers and writers of this package, and
 * whoever walks {@link OptionTable}'s {@code Option} objects, go by name.
 *
 * <p>Immutable; safe to share.
 */
public final class SmOptions {

    private static final SmOptions DEFAULTS = new SmOptions(defaultValues(), defaultValues());

    private final Object[] values;
    private final Object[] fileValues;

    private SmOptions(Object[] values, Object[] fileValues) {
        this.values = values;
        this.fileValues = fileValues;
    }

    /** Every option at OpenSM's default. */
    public static SmOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The defaults with the values a file sets. Lines with errors are skipped (the caller reports
     * {@link ConfFile#errors()}).
     *
     * @param file a read config file
     * @return the options
     */
    public static SmOptions fromFile(ConfFile file) {
        Object[] values = defaultValues();
        file.values().forEach((option, value) -> values[OptionTable.indexOf(option)] = value);
        return new SmOptions(values, values.clone());
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return DEFAULTS.toBuilder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(values.clone(), fileValues.clone());
    }

    /**
     * The value of an option.
     *
     * @param option the option
     * @param <T> the value type
     * @return the value ({@code null} for an unset text option)
     */
    public <T> T get(Option<T> option) {
        return option.cast(values[OptionTable.indexOf(option)]);
    }

    /** The value of an option as written in {@code opensm.conf} (for multi-valued options a one-line summary). */
    public String format(Option<?> option) {
        return formatValue(option, values[OptionTable.indexOf(option)]);
    }

    /**
     * The value of an integer option whose range fits an {@code int}, such as {@code sweep_interval}.
     *
     * @throws IllegalArgumentException if the option's values do not all fit an {@code int} (a GUID, a key)
     */
    public int getInt(Option<Long> option) {
        if (!(option.type() instanceof IntType t) || t.min() < Integer.MIN_VALUE || t.max() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("option '" + option.name() + "' is not an int option");
        }
        return (int) (long) get(option);
    }

    /** The options whose value differs from the default, in table order. */
    public List<Option<?>> changedFromDefaults() {
        List<Option<?>> changed = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (!Objects.equals(values[i], DEFAULTS.values[i])) {
                changed.add(OptionTable.known().get(i));
            }
        }
        return changed;
    }

    /**
     * Merges a re-read config file, as at every heavy sweep. For each option whose value in the file differs from
     * the value last read from the file: a reloadable option takes the new value; any other keeps its value and is
     * listed as needing a restart (once: the new file value is remembered). An option missing from the file keeps
     * its value, except the per-port-class QoS options, which go back to their defaults. Options on lines with
     * errors keep their values.
     *
     * @param reread the file as read now
     * @return the new options and what changed
     */
    public ReloadResult reload(ConfFile reread) {
        Object[] newValues = values.clone();
        Object[] newFileValues = fileValues.clone();
        List<ReloadResult.Change> applied = new ArrayList<>();
        List<ReloadResult.Change> restart = new ArrayList<>();
        List<Option<?>> all = OptionTable.known();
        for (int i = 0; i < all.size(); i++) {
            Option<?> o = all.get(i);
            Object fromFile;
            if (reread.sets(o)) {
                fromFile = reread.values().get(o);
            } else if (o.revertsWhenAbsent() && !reread.rejected().contains(o)) {
                fromFile = o.defaultValue();
            } else {
                continue;
            }
            if (Objects.equals(fromFile, fileValues[i])) {
                continue;
            }
            newFileValues[i] = fromFile;
            if (Objects.equals(fromFile, values[i])) {
                continue;
            }
            ReloadResult.Change change =
                    new ReloadResult.Change(o, formatValue(o, values[i]), formatValue(o, fromFile));
            if (o.reloadable()) {
                newValues[i] = fromFile;
                applied.add(change);
            } else {
                restart.add(change);
            }
        }
        return new ReloadResult(new SmOptions(newValues, newFileValues), applied, restart);
    }

    // ---- accessors for the options the SM core uses most ----

    /** {@code guid}: the port GUID to bind to, 0 for the first active port. */
    public long guid() {
        return get(DeviceOptions.GUID);
    }

    /** {@code m_key}. */
    public long mKey() {
        return get(DeviceOptions.M_KEY);
    }

    /** {@code sm_key}. */
    public long smKey() {
        return get(DeviceOptions.SM_KEY);
    }

    /** {@code sa_key}. */
    public long saKey() {
        return get(DeviceOptions.SA_KEY);
    }

    /** {@code subnet_prefix}. */
    public long subnetPrefix() {
        return get(DeviceOptions.SUBNET_PREFIX);
    }

    /** {@code lmc}, 0..7. */
    public int lmc() {
        return getInt(DeviceOptions.LMC);
    }

    /** {@code sm_priority}, 0..15. */
    public int smPriority() {
        return getInt(HandoverOptions.SM_PRIORITY);
    }

    /** {@code sm_sl}, 0..15. */
    public int smSl() {
        return getInt(DeviceOptions.SM_SL);
    }

    /** {@code sweep_interval} in seconds; 0 means no periodic sweep. */
    public int sweepIntervalSeconds() {
        return getInt(SweepOptions.SWEEP_INTERVAL);
    }

    /** {@code max_wire_smps}, with 0 (no limit) turned into {@link Integer#MAX_VALUE} as OpenSM does. */
    public int maxWireSmps() {
        int n = getInt(TimingOptions.MAX_WIRE_SMPS);
        return n == 0 ? Integer.MAX_VALUE : n;
    }

    /** {@code transaction_timeout} in milliseconds. */
    public int transactionTimeoutMs() {
        return getInt(TimingOptions.TRANSACTION_TIMEOUT);
    }

    /** {@code transaction_retries}. */
    public int transactionRetries() {
        return getInt(TimingOptions.TRANSACTION_RETRIES);
    }

    /** {@code routing_engine} split at commas, blanks removed; empty when unset (the default chain). */
    public List<String> routingEngines() {
        String s = get(RoutingOptions.ROUTING_ENGINE);
        if (s == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String n : s.split(",")) {
            if (!n.isBlank()) {
                names.add(n.strip());
            }
        }
        return List.copyOf(names);
    }

    /** {@code log_flags}, the log level mask. */
    public int logFlags() {
        return getInt(DebugOptions.LOG_FLAGS);
    }

    /** {@code log_file}; {@code null} when unset. */
    public String logFile() {
        return get(DebugOptions.LOG_FILE);
    }

    /** {@code part_enforce} in effect: {@code off} when the deprecated {@code no_partition_enforcement} is TRUE. */
    public String partEnforce() {
        return get(PartitionOptions.NO_PARTITION_ENFORCEMENT) ? "off" : get(PartitionOptions.PART_ENFORCE);
    }

    /** {@code console}: off, local, loopback or socket. */
    public String console() {
        return get(DebugOptions.CONSOLE);
    }

    /** {@code qos}. */
    public boolean qos() {
        return get(QosOptions.QOS);
    }

    /** {@code exit_on_fatal}. */
    public boolean exitOnFatal() {
        return get(DebugOptions.EXIT_ON_FATAL);
    }

    private static String formatValue(Option<?> option, Object value) {
        return formatTyped(option, value);
    }

    private static <T> String formatTyped(Option<T> option, Object value) {
        return option.type().format(option.cast(value));
    }

    private static Object[] defaultValues() {
        List<Option<?>> all = OptionTable.known();
        Object[] v = new Object[all.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = all.get(i).defaultValue();
        }
        return v;
    }

    /** Equal when every value in effect is equal (the remembered file values are not compared). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SmOptions s && Arrays.equals(values, s.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** The options that differ from the defaults, as {@code name value} lines. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SmOptions{");
        for (Option<?> o : changedFromDefaults()) {
            sb.append(sb.length() > 10 ? ", " : "").append(o.name()).append(' ').append(format(o));
        }
        return sb.append('}').toString();
    }

    /**
     * Collects option values, checking each against its option's type.
     *
     * <p>Confined to one thread.
     */
    public static final class Builder {

        private final Object[] values;
        private final Object[] fileValues;

        private Builder(Object[] values, Object[] fileValues) {
            this.values = values;
            this.fileValues = fileValues;
        }

        /**
         * Sets an option (a command-line override: the remembered file value is not changed).
         *
         * @param option the option
         * @param value the value
         * @param <T> the value type
         * @return this builder
         * @throws IllegalArgumentException if the option's type does not accept the value
         */
        public <T> Builder set(Option<T> option, T value) {
            if (!option.type().accepts(value)) {
                throw new IllegalArgumentException("option '" + option.name() + "': expected "
                        + option.type().expected() + ", found '" + value + "'");
            }
            values[OptionTable.indexOf(option)] = value;
            return this;
        }

        /**
         * Sets an option from its text (a command-line override).
         *
         * @param option the option
         * @param text the value text, parsed as in {@code opensm.conf}
         * @return this builder
         * @throws BadValueException if the option's type does not accept the text
         */
        public Builder setText(Option<?> option, String text) throws BadValueException {
            int i = OptionTable.indexOf(option);
            values[i] = parseOnto(option, values[i], text);
            return this;
        }

        /** The value set so far. */
        public <T> T get(Option<T> option) {
            return option.cast(values[OptionTable.indexOf(option)]);
        }

        /** The options. */
        public SmOptions build() {
            return new SmOptions(values.clone(), fileValues.clone());
        }

        private static <T> T parseOnto(Option<T> option, Object current, String text) throws BadValueException {
            return option.type().parseOnto(option.cast(current), text);
        }
    }
}
