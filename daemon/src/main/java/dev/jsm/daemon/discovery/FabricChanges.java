package dev.jsm.daemon.discovery;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The switches where something changed since the fabric was last swept, as a light sweep (PortStateChange, a node
 * answering behind a port that leads nowhere) or a trap (128) found them, and the switches a light sweep could not
 * reach (the route to them may cross a cable now gone): an incremental sweep probes the ports of each, and the
 * regions behind them, instead of the whole fabric. A change that calls for a full re-discovery (another SM calling
 * for an election, the SM's own port) is recorded as such. The CA ports whose virtual ports changed state
 * (VPortStateChange, docs/virtualization.md) are recorded apart: the incremental sweep's vport discovery reads only
 * those again.
 *
 * <p>Thread-safe: written on the SM thread (light sweeps, traps), drained by the delta discovery on the SM thread and
 * read by the event loop.
 */
public final class FabricChanges {

    /** What was recorded: switches changed, switches not reached (node GUIDs, in the order recorded). */
    public record Recorded(Set<Long> changed, Set<Long> unreached) {
    }

    private Set<Long> changed = new LinkedHashSet<>();
    private Set<Long> unreached = new LinkedHashSet<>();
    private boolean fullSweepNeeded;
    private Set<Long> vportPorts = new LinkedHashSet<>();

    /** Records that something changed at the switch with node GUID {@code nodeGuid}. */
    public synchronized void switchChanged(long nodeGuid) {
        changed.add(nodeGuid);
    }

    /** Records that the switch with node GUID {@code nodeGuid} did not answer by the route the model has. */
    public synchronized void switchUnreached(long nodeGuid) {
        unreached.add(nodeGuid);
    }

    /** Records that a virtual port behind the CA port with GUID {@code portGuid} changed state. */
    public synchronized void vportsChanged(long portGuid) {
        vportPorts.add(portGuid);
    }

    /** The CA ports whose vports changed state since the last call (port GUIDs, in the order recorded). */
    public synchronized Set<Long> drainVPorts() {
        Set<Long> out = vportPorts;
        vportPorts = new LinkedHashSet<>();
        return out;
    }

    /** Records that only a full re-discovery can tell what changed. */
    public synchronized void fullSweepNeeded() {
        fullSweepNeeded = true;
    }

    /** Whether a full re-discovery was asked for since the last {@link #drain}. */
    public synchronized boolean isFullSweepNeeded() {
        return fullSweepNeeded;
    }

    /** Whether nothing was recorded since the last {@link #drain}. */
    public synchronized boolean isEmpty() {
        return changed.isEmpty() && unreached.isEmpty() && !fullSweepNeeded && vportPorts.isEmpty();
    }

    /** What was recorded since the last call; forgets it and the full-sweep flag, not the vports' ports. */
    public synchronized Recorded drain() {
        Recorded out = new Recorded(changed, unreached);
        changed = new LinkedHashSet<>();
        unreached = new LinkedHashSet<>();
        fullSweepNeeded = false;
        return out;
    }
}
