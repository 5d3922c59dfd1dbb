package dev.jsm.conf;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the options one {@code *Options} class declares, so each option is written once and cannot be left out
 * of the table.
 *
 * <p>Confined to the declaring class's static initialiser.
 */
final class OptionList {

    /** {@code TRUE}/{@code FALSE}. */
    static final BoolType BOOL = BoolType.INSTANCE;
    /** 64-bit hex (GUIDs, keys). */
    static final Hex64Type HEX64 = Hex64Type.INSTANCE;
    /** A file name or {@code (null)}. */
    static final TextType PATH = TextType.PATH;
    /** Free text or {@code (null)}. */
    static final TextType TEXT = TextType.TEXT;
    /** 0..255. */
    static final IntType U8 = IntType.range(0, 0xFF);
    /** 0..65535. */
    static final IntType U16 = IntType.range(0, 0xFFFF);
    /** OpenSM's unsigned 32-bit options, limited to what fits a Java {@code int}. */
    static final IntType U31 = IntType.range(0, IntType.INT_MAX);
    /** Like {@link #U31} but without 0 (timeouts, counts that must be positive). */
    static final IntType POSITIVE = IntType.range(1, IntType.INT_MAX);
    /** An SL or VL number, 0..15. */
    static final IntType NIBBLE = IntType.range(0, 15);

    private final List<Option<?>> options = new ArrayList<>();
    private OptionGroup group;

    OptionList(OptionGroup group) {
        this.group = group;
    }

    /** Puts the options declared from now on in another section. */
    void group(OptionGroup next) {
        this.group = next;
    }

    /** Declares an option whose changes apply when the file is re-read. */
    <T> Option<T> live(String name, OptionType<T> type, T defaultValue, String description) {
        return add(new Option<>(name, type, defaultValue, group, description, true, false));
    }

    /** Declares an option whose changes need a restart. */
    <T> Option<T> restart(String name, OptionType<T> type, T defaultValue, String description) {
        return add(new Option<>(name, type, defaultValue, group, description, false, false));
    }

    /** Declares a reloadable option that goes back to its default when removed from the file. */
    <T> Option<T> liveReverting(String name, OptionType<T> type, T defaultValue, String description) {
        return add(new Option<>(name, type, defaultValue, group, description, true, true));
    }

    /**
     * Declares an extension (not in OpenSM 3.3.23, see {@link Option#extension()}) whose changes need a
     * restart.
     */
    <T> Option<T> extension(String name, OptionType<T> type, T defaultValue, String description) {
        return add(new Option<>(name, type, defaultValue, group, description, false, false, true));
    }

    /**
     * Declares an extension (not in OpenSM 3.3.23, see {@link Option#extension()}) whose changes apply when the
     * file is re-read.
     */
    <T> Option<T> liveExtension(String name, OptionType<T> type, T defaultValue, String description) {
        return add(new Option<>(name, type, defaultValue, group, description, true, false, true));
    }

    private <T> Option<T> add(Option<T> option) {
        options.add(option);
        return option;
    }

    /** The options declared, in declaration order. */
    List<Option<?>> all() {
        return List.copyOf(options);
    }
}
