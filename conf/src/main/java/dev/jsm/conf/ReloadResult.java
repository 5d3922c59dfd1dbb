package dev.jsm.conf;

import java.util.List;

/**
 * The outcome of {@link SmOptions#reload}: the options to run with from now on, the changes that were applied, and
 * the changes found in the file that only take effect after a restart (to be logged).
 *
 * <p>Immutable; safe to share.
 *
 * @param options the options with the reloadable changes applied
 * @param applied the changes applied, in table order
 * @param restartRequired the changes not applied because the option needs a restart, in table order
 */
public record ReloadResult(SmOptions options, List<Change> applied, List<Change> restartRequired) {

    /** Copies the lists. */
    public ReloadResult {
        applied = List.copyOf(applied);
        restartRequired = List.copyOf(restartRequired);
    }

    /** Whether the file changed nothing. */
    public boolean unchanged() {
        return applied.isEmpty() && restartRequired.isEmpty();
    }

    /**
     * One option whose value changed.
     *
     * <p>Immutable; safe to share.
     *
     * @param option the option
     * @param oldValue the value before, as written in the file
     * @param newValue the value in the file now
     */
    public record Change(Option<?> option, String oldValue, String newValue) {

        /** The change as {@code name: old -> new}. */
        @Override
        public String toString() {
            return option.name() + ": " + oldValue + " -> " + newValue;
        }
    }
}
