package dev.jsm.routing.lash;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;

/**
 * The options lash reads, parsed once when the engine is created.
 *
 * <p>Immutable; safe to share.
 *
 * @param startVl {@code lash_start_vl}: the first SL (and VL) lash uses; layer {@code n} is SL {@code startVl + n}
 * @param meshAnalysis {@code do_mesh_analysis}: reorder the links of a Cartesian mesh or torus into dimension order
 *     before routing ({@link dev.jsm.routing.lash.mesh.MeshAnalysis})
 * @param threads worker threads for the shortest-path trees ({@code routing_threads}), at least 1
 */
public record LashOptions(int startVl, boolean meshAnalysis, int threads) {

    /** OpenSM's option: the first VL lash uses, 0..15 (default 0). */
    public static final EngineOption<Long> LASH_START_VL = EngineOption.number("lash_start_vl", 0);
    /** OpenSM's option: analyse the fabric for a Cartesian mesh and reorder its links first (default false). */
    public static final EngineOption<Boolean> DO_MESH_ANALYSIS = EngineOption.flag("do_mesh_analysis", false);

    /** Checks the ranges. */
    public LashOptions {
        if (startVl < 0 || startVl > 15) {
            throw new IllegalArgumentException("option " + LASH_START_VL + ": expected 0-15, found '" + startVl + "'");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    /**
     * Reads {@code lash_start_vl} (default 0), {@code do_mesh_analysis} (default false) and {@code routing_threads}.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed or out of range
     */
    public static LashOptions from(EngineOptions options) {
        long start = options.get(LASH_START_VL);
        if (start < 0 || start > 15) {
            throw new IllegalArgumentException("option " + LASH_START_VL + ": expected 0-15, found '"
                    + options.text(LASH_START_VL).orElse("") + "'");
        }
        return new LashOptions((int) start, options.get(DO_MESH_ANALYSIS), options.routingThreads());
    }
}
