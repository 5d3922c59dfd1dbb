package dev.jsm.mad.codec;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Base of the open enumerations for wire codes that may carry values we do not know (attribute IDs, methods,
 * management classes, status codes): named constants for the known values, and {@code valueOf} that never throws
 * for unknown ones (Netty's {@code DnsOpCode} pattern).
 *
 * <p>Immutable; safe to share.
 */
public abstract class OpenCode {

    private final int value;
    private final String name;

    protected OpenCode(int value, String name) {
        this.value = value;
        this.name = name;
    }

    /** The numeric wire value. */
    public final int value() {
        return value;
    }

    /** The spec name, or {@code UNKNOWN(0x..)} for values without a constant. */
    public final String name() {
        return name;
    }

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((OpenCode) o).value == value;
    }

    @Override
    public final int hashCode() {
        return getClass().hashCode() * 31 + value;
    }

    @Override
    public final String toString() {
        return name;
    }

    /**
     * The table of known constants of one open enumeration.
     *
     * @param <T> the code type
     */
    protected static final class Registry<T extends OpenCode> {
        private final Map<Integer, T> known = new HashMap<>();
        private final BiFunction<Integer, String, T> factory;
        private final String unknownFormat;

        /**
         * @param factory constructor of the code type
         * @param unknownFormat format for the name of unknown values, e.g. {@code "UNKNOWN(0x%04x)"}
         */
        public Registry(BiFunction<Integer, String, T> factory, String unknownFormat) {
            this.factory = factory;
            this.unknownFormat = unknownFormat;
        }

        /** Declares a known constant. */
        public T known(int value, String name) {
            T code = factory.apply(value, name);
            known.put(value, code);
            return code;
        }

        /** The constant for {@code value}, or a fresh unknown code. */
        public T valueOf(int value) {
            T code = known.get(value);
            return code != null ? code : factory.apply(value, String.format(unknownFormat, value));
        }
    }
}
