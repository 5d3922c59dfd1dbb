package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;

import java.util.List;

/**
 * Options of the {@link OptionGroup#SWEEP} section: when the SM sweeps and what a sweep redoes. Each constant's
 * description string is its documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class SweepOptions {

    /** The longest sweep interval: in milliseconds it must still fit a Java {@code int}. */
    public static final long MAX_SWEEP_INTERVAL = IntType.INT_MAX / 1000;

    private static final OptionList L = new OptionList(OptionGroup.SWEEP);

    public static final Option<Long> SWEEP_INTERVAL = L.live("sweep_interval", IntType.range(0, MAX_SWEEP_INTERVAL),
            10L, "Seconds between light sweeps; 0 sweeps only on traps and signals");
    /** Read at start only (OpenSM re-reads it but, like jsm, acts on it in the first sweep as master only). */
    public static final Option<Boolean> REASSIGN_LIDS = L.restart("reassign_lids", BOOL, false,
            "Give every port a new LID at start-up instead of keeping the LIDs in use");
    public static final Option<Boolean> FORCE_HEAVY_SWEEP = L.live("force_heavy_sweep", BOOL, false,
            "Make every sweep a heavy sweep");
    public static final Option<Boolean> SWEEP_ON_TRAP = L.live("sweep_on_trap", BOOL, true,
            "Start a heavy sweep on traps 128 and 144 (a burst of identical traps counts once)");

    static final List<Option<?>> ALL = L.all();

    private SweepOptions() {
    }
}
