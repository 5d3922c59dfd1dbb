package dev.jsm.fuzz;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Runs a target over {@code count} generated inputs and classifies each: accepted, rejected as documented, or a
 * finding (any other throwable, {@link StackOverflowError} and {@link OutOfMemoryError} included). Findings are
 * grouped by signature (the throwable's class and the first stack frame), each with its first input.
 *
 * <p>Input {@code i} of a run with seed {@code s} depends on {@code s}, the target's name and {@code i} only
 * ({@link #input}), so a finding is reproduced from three numbers without re-running the campaign.
 *
 * <p>Stateless; a run is confined to the calling thread.
 */
final class FuzzRunner {

    private FuzzRunner() {
    }

    /** Input {@code index} of a run of {@code target} with {@code seed}. */
    static byte[] input(FuzzTarget target, long seed, long index) {
        long mixed = seed * 0x9E3779B97F4A7C15L + target.name().hashCode() * 0xC2B2AE3D27D4EB4FL + index;
        return Mutator.input(target, new SplittableRandom(mixed));
    }

    /** Runs {@code count} inputs of {@code target}. */
    static FuzzReport run(FuzzTarget target, long count, long seed) {
        Map<String, FuzzReport.Finding> findings = new LinkedHashMap<>();
        long accepted = 0;
        long rejected = 0;
        long slowest = 0;
        long slowestIndex = -1;
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            byte[] in = input(target, seed, i);
            long t0 = System.nanoTime();
            try {
                target.run(in);
                accepted++;
            } catch (Throwable t) {
                if (target.documented(t)) {
                    rejected++;
                } else {
                    String sig = signature(t);
                    FuzzReport.Finding f = findings.get(sig);
                    findings.put(sig, f == null ? new FuzzReport.Finding(sig, i, in, t, 1) : f.plusOne());
                }
            }
            long took = System.nanoTime() - t0;
            if (took > slowest) {
                slowest = took;
                slowestIndex = i;
            }
        }
        return new FuzzReport(target.name(), count, accepted, rejected, System.nanoTime() - start, slowest,
                slowestIndex, Map.copyOf(findings));
    }

    /** The throwable's class and where it was thrown (the first frame), e.g. {@code NPE at Foo.bar:12}. */
    static String signature(Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        String where = st.length == 0 ? "?" : st[0].getClassName().replaceAll(".*\\.", "") + "."
                + st[0].getMethodName() + ":" + st[0].getLineNumber();
        return t.getClass().getSimpleName() + " at " + where;
    }
}
