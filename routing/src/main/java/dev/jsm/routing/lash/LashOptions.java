package dev.jsm.routing.lash;

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

    /** OpenSM's option: the first VL lash uses, 0..15 (number). */
    public static final String LASH_START_VL = "lash_start_vl";
    /** OpenSM's option: analyse the fabric for a Cartesian mesh and reorder its links first (boolean). */
    public static final String DO_MESH_ANALYSIS = "do_mesh_analysis";

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
        long start = options.number(LASH_START_VL, 0);
        if (start < 0 || start > 15) {
            throw new IllegalArgumentException("option " + LASH_START_VL + ": expected 0-15, found '"
                    + options.text(LASH_START_VL).orElse("") + "'");
        }
        return new LashOptions((int) start, options.flag(DO_MESH_ANALYSIS, false), options.routingThreads());
    }
}
