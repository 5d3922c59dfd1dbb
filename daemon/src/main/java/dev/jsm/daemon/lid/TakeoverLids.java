package dev.jsm.daemon.lid;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Subnet;
import java.io.IOException;
import java.util.List;
import java.util.function.ToIntFunction;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Which LIDs win when this SM takes over from another master: a takeover must not disturb traffic, so by default the
 * LIDs the ports carry (the old master's) win over this SM's guid2lid, which may be stale - as OpenSM, which discards
 * its guid2lid when it comes out of standby. Each port's carried range goes into the store, and a record that gave
 * one of those LIDs to another port is dropped; every disagreement is logged (the first {@value #DETAILED} of each
 * kind one by one, then a count), saying which wins and why. With {@code honor_guid2lid_file} the file is read again
 * from disk (the old master may have written it on shared storage) and it wins: the ports whose carried LIDs differ
 * are logged, since their LIDs change. Ports that carry no usable LID (none, misaligned, or the same as a port before
 * them) are left to the LID manager's usual rules. The model's own LID ranges, from an earlier mastership of this SM,
 * are dropped first either way.
 *
 * <p>Stateless; runs on the SM thread.
 */
final class TakeoverLids {

    /** Disagreements logged one by one before only a count is given. */
    static final int DETAILED = 10;

    private static final Logger LOG = LogManager.getLogger(TakeoverLids.class);

    private TakeoverLids() {
    }

    /**
     * Prepares the store and the model for the LID manager's pass at a takeover.
     *
     * @param ports the end ports in the LID manager's order
     * @param lmcOf the LMC each port gets
     * @param honorFile {@code honor_guid2lid_file}
     */
    static void prepare(Subnet subnet, List<EndPort> ports, ToIntFunction<EndPort> lmcOf, LidStore store,
                        boolean honorFile) {
        for (EndPort ep : subnet.endPorts()) {
            subnet.releaseLids(ep);
        }
        int kept = 0;
        int differ = 0;
        int evicted = 0;
        if (honorFile) {
            try {
                store.reload();
                store.problems().forEach(p -> LOG.error("LID-0303 {}", p));
            } catch (IOException e) {
                LOG.error("LID-0305 cannot read {} again: {}; using the records read at start", store.file(),
                        e.toString());
            }
        }
        boolean[] claimed = new boolean[Lid.UNICAST_MAX + 1];
        for (EndPort ep : ports) {
            LidRange carried = carried(ep, lmcOf.applyAsInt(ep));
            if (carried == null) {
                continue;
            }
            LidRange recorded = store.get(ep.portGuid());
            if (honorFile) {
                if (recorded != null && !recorded.equals(carried) && differ++ < DETAILED) {
                    LOG.warn("LID-0306 {} carries LIDs {}; guid2lid gives {}, which wins (honor_guid2lid_file): "
                            + "its LIDs change", ep, carried, recorded);
                }
                continue;
            }
            if (claimedBefore(claimed, carried)) {
                continue;
            }
            for (int lid = carried.first(); lid <= carried.last(); lid++) {
                claimed[lid] = true;
            }
            for (long other : store.holdersOf(carried, ep.portGuid())) {
                if (evicted++ < DETAILED) {
                    LOG.warn("LID-0307 guid2lid gave LIDs of {} to port {}, but {} carries them: the carried LIDs "
                            + "win", carried, Guid.toString(other), ep);
                }
                store.remove(other);
            }
            if (recorded != null && !recorded.equals(carried) && differ++ < DETAILED) {
                LOG.warn("LID-0306 {} carries LIDs {}; guid2lid had {}: keeping the LIDs in use", ep, carried,
                        recorded);
            }
            store.put(ep.portGuid(), carried);
            kept++;
        }
        LOG.log(LogLevels.SYS, "taking over: {} ports keep the LIDs they carry{}{}", kept,
                differ == 0 ? "" : "; " + differ + " disagree with guid2lid"
                        + (honorFile ? " (guid2lid wins: honor_guid2lid_file)" : " (the carried LIDs win)"),
                evicted == 0 ? "" : "; " + evicted + " guid2lid records of other ports dropped");
    }

    /** The aligned range the port's PortInfo carries, or {@code null} if it carries none usable. */
    private static LidRange carried(EndPort ep, int lmc) {
        int base = ep.physPort().attributes().lid();
        int count = 1 << lmc;
        if (base <= 0 || base % count != 0 || base + count - 1 > Lid.UNICAST_MAX) {
            return null;
        }
        return LidRange.of(base, lmc);
    }

    /** Whether a port before this one in the pass already carries a LID of {@code range}. */
    private static boolean claimedBefore(boolean[] claimed, LidRange range) {
        for (int lid = range.first(); lid <= range.last(); lid++) {
            if (claimed[lid]) {
                return true;
            }
        }
        return false;
    }
}
