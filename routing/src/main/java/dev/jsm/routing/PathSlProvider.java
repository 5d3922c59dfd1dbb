package dev.jsm.routing;

/**
 * The service level of each path an engine routed: what the SA returns in PathRecord.SL and what decides the VLs a
 * path uses. Deadlock-avoiding engines (lash, dfsssp, nue with several layers, torus-2QoS) put paths on different
 * SLs; the others use SL 0.
 *
 * <p>Implementations must be immutable and thread-safe: the SA and the verifier call them from any thread.
 * Counterpart of OpenSM's {@code path_sl} routing-engine callback.
 */
@FunctionalInterface
public interface PathSlProvider {

    /** Every path on SL 0. */
    PathSlProvider DEFAULT = (srcLid, dstLid) -> 0;

    /** The SL (0..15) of the path from {@code srcLid} to {@code dstLid}. */
    int pathSl(int srcLid, int dstLid);
}
