package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * What this SM is now: its state, its own LID once assigned, and whether the first master sweep has completed
 * (OpenSM's {@code first_time_master_sweep}: until then every port gets a PortInfo Set and clients are asked to
 * re-register).
 *
 * <p>Thread-safe: written on the SM thread, read by the event loop and the SMInfo responder.
 */
public final class SmStatus {

    private static final Logger LOG = LogManager.getLogger(SmStatus.class);

    private volatile SmState state = SmState.DISCOVERING;
    private volatile int smLid;
    private volatile boolean firstMasterSweepDone;

    /** The state now. */
    public SmState state() {
        return state;
    }

    /** Enters {@code next}, logging OpenSM's "Entering ... state" line if it is a change. */
    public void enter(SmState next) {
        if (state != next) {
            state = next;
            LOG.log(LogLevels.SYS, next.enteringLine());
        }
    }

    /** Logs the state at start ("Entering DISCOVERING state"), as OpenSM does at initialisation. */
    public void announce() {
        LOG.log(LogLevels.SYS, state.enteringLine());
    }

    /** The SM port's base LID, 0 before the LID manager assigned one. */
    public int smLid() {
        return smLid;
    }

    /** Records the SM port's base LID. */
    public void setSmLid(int lid) {
        smLid = lid;
    }

    /** Whether a master sweep has reached SUBNET UP since start-up. */
    public boolean firstMasterSweepDone() {
        return firstMasterSweepDone;
    }

    /** Records that a master sweep reached SUBNET UP. */
    public void markFirstMasterSweepDone() {
        firstMasterSweepDone = true;
    }
}
