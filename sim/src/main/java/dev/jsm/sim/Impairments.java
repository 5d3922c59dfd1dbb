package dev.jsm.sim;

import java.util.SplittableRandom;

/**
 * MAD loss and delay injection, driven by one seeded {@link SplittableRandom}: the same seed and the same sequence
 * of MADs give the same losses and delays. Random numbers are drawn only for impairments that are switched on, so
 * turning one on does not disturb another's sequence from a fresh seed.
 *
 * <p>Not thread-safe: guarded by the {@link FabricState} monitor.
 */
final class Impairments {

    private SplittableRandom random;
    private double requestLoss;
    private double responseLoss;
    private long delayNanos;
    private long jitterNanos;

    Impairments(long seed) {
        random = new SplittableRandom(seed);
    }

    void reseed(long seed) {
        random = new SplittableRandom(seed);
    }

    void setLoss(double requestRate, double responseRate) {
        requestLoss = requestRate;
        responseLoss = responseRate;
    }

    void setDelay(long fixedNanos, long jitter) {
        delayNanos = fixedNanos;
        jitterNanos = jitter;
    }

    /** Whether the next request is lost on its way in. */
    boolean loseRequest() {
        return requestLoss > 0 && random.nextDouble() < requestLoss;
    }

    /** Whether the next delivery (response, forwarded MAD, trap) is lost. */
    boolean loseResponse() {
        return responseLoss > 0 && random.nextDouble() < responseLoss;
    }

    /** The delay of the next delivery: the fixed part plus a uniform jitter in [0, jitter]. */
    long nextDelay() {
        return jitterNanos > 0 ? delayNanos + random.nextLong(jitterNanos + 1) : delayNanos;
    }
}
