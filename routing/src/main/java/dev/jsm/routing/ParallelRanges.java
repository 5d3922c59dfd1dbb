package dev.jsm.routing;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Runs a task over the index range {@code 0..count-1} split into chunks on a {@link ForkJoinPool}, for engine passes
 * whose results land in disjoint slots (one LFT row or one hop-table row per switch). Each chunk calls the task once
 * with its sub-range, so the task can allocate its scratch arrays once per chunk. Because every index is computed by
 * the same code whatever chunk it lands in, the output does not depend on the thread count.
 *
 * <p>Small inputs, or one thread, run on the calling thread. The pool is created per call and shut down afterwards,
 * so no thread outlives a routing pass. Stateless; thread-safe.
 */
public final class ParallelRanges {

    private ParallelRanges() {
    }

    /** Work on indices {@code from..to-1}. */
    @FunctionalInterface
    public interface RangeTask {
        /** Processes {@code from} (inclusive) to {@code to} (exclusive). */
        void run(int from, int to);
    }

    /**
     * Runs {@code task} over {@code 0..count-1} with up to {@code threads} threads, in chunks of at least
     * {@code minChunk} indices; returns when all chunks are done. An exception from a chunk is rethrown here.
     */
    public static void run(int count, int threads, int minChunk, RangeTask task) {
        if (count <= 0) {
            return;
        }
        int chunk = Math.max(Math.max(1, minChunk), (count + threads * 4 - 1) / (threads * 4));
        if (threads <= 1 || count <= chunk) {
            task.run(0, count);
            return;
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.invoke(new Split(task, 0, count, chunk));
        } finally {
            pool.shutdown();
        }
    }

    /** Halves a range until it is one chunk. */
    private static final class Split extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient RangeTask task;
        private final int from;
        private final int to;
        private final int chunk;

        Split(RangeTask task, int from, int to, int chunk) {
            this.task = task;
            this.from = from;
            this.to = to;
            this.chunk = chunk;
        }

        @Override
        protected void compute() {
            if (to - from <= chunk) {
                task.run(from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Split(task, from, mid, chunk), new Split(task, mid, to, chunk));
        }
    }
}
