package dev.jsm.daemon.sweep;

import java.util.function.BooleanSupplier;

/**
 * Tells background work whether a sweep is running, so that work which only reports (the route check after a
 * sweep) can step aside: on two cores a check of an 11664-host fabric's routes took most of the CPU from the next
 * sweep, which answers a cable's failure. {@link StagePipeline} enters the gate when a sweep's stages start and
 * leaves it when they end; the background work calls {@link #awaitNoSweep} at points where it can pause.
 *
 * <p>Thread-safe.
 */
public final class SweepGate {

    /** How often a waiting {@link #awaitNoSweep} asks whether to give up. */
    static final long ASK_MILLIS = 100;

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
     * Returns at once if no sweep is running, else when the running sweeps have ended, or as soon as {@code giveUp}
     * says so (asked before waiting and every {@value #ASK_MILLIS} ms while it waits): work whose reason went away
     * during the sweep (a route check whose routes a newer routing replaced) can then end and free what it holds
     * instead of holding it through the sweep.
     *
     * @return true if no sweep is running, false if {@code giveUp} said so first
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public synchronized boolean awaitNoSweep(BooleanSupplier giveUp) throws InterruptedException {
        while (running > 0) {
            if (giveUp.getAsBoolean()) {
                return false;
            }
            wait(ASK_MILLIS);
        }
        return true;
    }
}
