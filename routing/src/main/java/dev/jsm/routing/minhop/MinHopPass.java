package dev.jsm.routing.minhop;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.ParallelRanges;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.RoutingFileException;
import java.util.function.UnaryOperator;

/**
 * The routing pass minhop and the engines built on it (dor) share: check the fabric size, load the files of
 * {@link MinHopOptions}, compute the {@link ShortestPaths}, then fill one LFT per switch with a {@link SwitchRouter}
 * per worker, over candidate lists an engine may narrow ({@link Narrowing}). A file that cannot be used, a fabric
 * too large for the hop table or a path cost too high make the pass {@link RouteOutcome.Failed}.
 *
 * <p>Stateless; the pass runs on the calling thread and, on large fabrics, on {@link MinHopOptions#threads()}
 * workers with tables identical to a single-threaded run.
 */
public final class MinHopPass {

    private MinHopPass() {
    }

    /** How an engine narrows minhop's candidate lists; prepared once per pass, after minhop's own files. */
    @FunctionalInterface
    public interface Narrowing {
        /**
         * Reads what the engine needs from {@code in} (its own files) and returns the wrapper applied to each
         * worker's shortest-path candidates.
         */
        UnaryOperator<EgressCandidates> prepare(RoutingInput in) throws RoutingFileException;
    }

    /**
     * Fills {@code out} for engine {@code name} (named in the size-limit message).
     *
     * @throws IllegalArgumentException if {@code out} is not sized for {@code in}
     */
    public static RouteOutcome route(String name, RoutingInput in, LftTables out, MinHopOptions options,
                                     Narrowing narrowing) {
        return route(name, in, out, options, narrowing, new ShortestPathsMemo());
    }

    /** Fills {@code out} as {@link #route(String, RoutingInput, LftTables, MinHopOptions, Narrowing)}, keeping the
     * distances in {@code memo} (or taking them from it when it holds those of {@code in}). */
    static RouteOutcome route(String name, RoutingInput in, LftTables out, MinHopOptions options,
                              Narrowing narrowing, ShortestPathsMemo memo) {
        if (out.switchCount() != in.switchCount() || out.maxLid() != in.maxLid()) {
            throw new IllegalArgumentException(out + " is not sized for " + in);
        }
        int s = in.switchCount();
        if (s > HopTable.MAX_SWITCHES) {
            return RouteOutcome.failed(s + " switches exceed " + name + "'s limit of " + HopTable.MAX_SWITCHES);
        }
        MinHopFiles files;
        UnaryOperator<EgressCandidates> narrow;
        try {
            files = MinHopFiles.load(in, options);
            narrow = narrowing.prepare(in);
        } catch (RoutingFileException e) {
            return RouteOutcome.failed(e.getMessage());
        }
        int threads = MinHopEngine.threads(in, options);
        ShortestPaths paths;
        try {
            paths = memo.compute(in, files, threads);
        } catch (IllegalArgumentException e) {
            return RouteOutcome.failed(e.getMessage());
        }
        ParallelRanges.run(s, threads, 8, (from, to) -> {
            SwitchRouter router = new SwitchRouter(in, narrow.apply(paths.newCandidates()), options, files);
            for (int sw = from; sw < to; sw++) {
                router.route(sw, out.lft(sw));
            }
        });
        return RouteOutcome.routed();
    }
}
