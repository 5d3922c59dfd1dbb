package dev.jsm.daemon;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.umad.UmadPort;
import dev.jsm.subnet.Guid;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * {@code sm_port_failover} (a jsm extension, see {@code docs/operations.md}): checks the SM's own local port, and
 * when its link is down (or the port is gone) moves the SM to another local port of the same subnet without a
 * restart, so that the SM keeps its state (its LIDs, routes, multicast groups, SA records) and its next heavy sweep
 * reaches the fabric through the new port. A port qualifies when it is InfiniBand, Active, and its PortInfo shows the
 * failed port's subnet: the same subnet prefix and the same master SM LID (an SM configured both). When none does,
 * one warning says so and the check goes on waiting; a port that comes back is taken at the next check.
 *
 * <p>Threading: {@link #run} is called on one thread only (the daemon's timer), once a second.
 */
final class SmPortFailover implements Runnable {

    private static final Logger LOG = LogManager.getLogger(SmPortFailover.class);
    private static final int STATE_ACTIVE = 4;

    /** The local ports and the move itself, as the attachment does them. */
    interface LocalPorts {

        /** The port the SM runs on now. */
        LocalPort current();

        /** Every local port as it is now (state, subnet prefix, master SM LID). */
        List<UmadPort> list() throws Exception;

        /** Moves the SM onto {@code port}: a channel there in place of the old one, IsSM set there. */
        void moveTo(UmadPort port) throws Exception;
    }

    private final LocalPorts ports;
    private final Consumer<UmadPort> moved;
    /** Whether the warning that no port qualifies was logged for the present failure. */
    private boolean waiting;
    private String lastProblem;

    /**
     * @param ports the local ports
     * @param moved told of each move, after it (the daemon sweeps from the new port)
     */
    SmPortFailover(LocalPorts ports, Consumer<UmadPort> moved) {
        this.ports = ports;
        this.moved = moved;
    }

    @Override
    public void run() {
        try {
            check();
            lastProblem = null;
        } catch (Exception | LinkageError e) {
            // a scheduled task that throws is never run again: everything is caught, and said once
            String problem = e.toString();
            if (!problem.equals(lastProblem)) {
                LOG.warn("MAIN-0829 cannot check or move the SM's port: {}", problem);
                lastProblem = problem;
            }
        }
    }

    /** One check: nothing while the SM's port has a link; else a move, or the wait. */
    void check() throws Exception {
        LocalPort current = ports.current();
        List<UmadPort> all = ports.list();
        UmadPort self = find(all, current.portGuid());
        if (self != null && self.state() > UmadPort.STATE_DOWN) {
            waiting = false;
            return;
        }
        UmadPort next = candidate(all, current, self);
        String failed = current.caName() + "/" + current.portNum() + " (GUID " + Guid.toString(current.portGuid())
                + ")";
        if (next == null) {
            if (!waiting) {
                LOG.warn("MAIN-0828 the SM's port {} is {}; no other local port is Active on the same subnet:"
                        + " waiting for one (sm_port_failover)", failed, self == null ? "gone" : "down");
                waiting = true;
            }
            return;
        }
        ports.moveTo(next);
        waiting = false;
        LOG.warn("MAIN-0827 the SM's port {} is {}: moved to {} (GUID {}, LID {}) on the same subnet"
                + " (sm_port_failover)", failed, self == null ? "gone" : "down", next.label(),
                Guid.toString(next.portGuid()), next.baseLid());
        moved.accept(next);
    }

    /**
     * The first port other than the SM's that is InfiniBand, Active and on the failed port's subnet: the same subnet
     * prefix (when the failed port is still listed) and the same master SM LID, which is not 0.
     */
    static UmadPort candidate(List<UmadPort> all, LocalPort current, UmadPort self) {
        int smLid = self != null ? self.smLid() : current.smLid();
        for (UmadPort p : all) {
            if (p.portGuid() == current.portGuid() || !p.isInfiniBand() || p.state() != STATE_ACTIVE) {
                continue;
            }
            if (smLid != 0 && p.smLid() == smLid && (self == null || p.gidPrefix() == self.gidPrefix())) {
                return p;
            }
        }
        return null;
    }

    private static UmadPort find(List<UmadPort> all, long portGuid) {
        for (UmadPort p : all) {
            if (p.portGuid() == portGuid) {
                return p;
            }
        }
        return null;
    }
}
