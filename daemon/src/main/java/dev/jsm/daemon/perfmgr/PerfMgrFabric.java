package dev.jsm.daemon.perfmgr;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.function.Supplier;

/**
 * Where the performance manager's fabric comes from. A master's manager sweeps the fabric of its last SUBNET UP; an
 * SM that is not master has its fabric discovered again (Gets only) before each sweep, as OpenSM 3.3.23's standby and
 * NOTACTIVE SMs do (docs/operations.md, "The performance manager"), and sweeps what that discovery found, each port at
 * the LID the master assigned.
 *
 * <p>Implementations are called on the performance manager's thread and must not block.
 */
public interface PerfMgrFabric {

    /** The fabric to sweep now, or {@code null} if none is known yet. */
    SubnetSnapshot current();

    /** Whether a sweep must wait for a discovery first: this SM is not master. */
    boolean rediscoverFirst();

    /**
     * Asks for that discovery; when it ended, whatever it found, {@link PerfManager#fabricDiscovered} must be
     * called.
     */
    void rediscover();

    /** A fabric that is never discovered again (a master's, or a test's). */
    static PerfMgrFabric of(Supplier<SubnetSnapshot> fabric) {
        return new PerfMgrFabric() {
            @Override
            public SubnetSnapshot current() {
                return fabric.get();
            }

            @Override
            public boolean rediscoverFirst() {
                return false;
            }

            @Override
            public void rediscover() {
            }
        };
    }
}
