package dev.jsm.daemon.sweep;

/**
 * Tells background work whether a sweep is running, so that work which only reports (the route check after a
 * sweep) can step aside: on two cores a check of an 11664-host fabric's routes took most of the CPU from the next
 * sweep, which answers a cable's failure. {@link StagePipeline} enters the gate when a sweep's stages start and
 * leaves it when they end; the background work calls {@link #awaitNoSweep} at points where it can pause.
 *
 * <p>Thread-safe.
 */
public final class SweepGate {

    private int running;

    /** A sweep's stages start. */
    synchronized void enter() {
        running++;
    }

    /** A sweep's stages ended (however they ended). */
    synchronized void leave() {
        running--;
        if (running == 0) {
            notifyAll();
        }
    }

    /**
     * Returns at once if no sweep is running, else when the running sweeps have ended.
     *
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public synchronized void awaitNoSweep() throws InterruptedException {
        while (running > 0) {
            wait();
        }
    }
}
