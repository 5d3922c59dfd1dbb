package dev.jsm.sim;

import java.time.Duration;

/**
 * Fault injection on a {@link SimFabric}: cables pulled and plugged back, nodes that vanish and come back, MADs lost
 * or delayed. Loss and delay draw from one seeded random sequence (see {@link #reseed}), so a test that sends the
 * same MADs in the same order sees the same losses.
 *
 * <p>Thread-safe; traps caused here are delivered on the simulator thread.
 *
 * <p>In detail: docs/design/sim.md#simfaults.
 */
public final class SimFaults {

    private final FabricState state;
    private final LinkControl links;
    private final Impairments impairments;
    private final MadProcessor traps;

    SimFaults(FabricState state, LinkControl links, Impairments impairments, MadProcessor traps) {
        this.state = state;
        this.links = links;
        this.impairments = impairments;
        this.traps = traps;
    }

    /**
     * Pulls the cable at {@code port} of {@code node}: the link goes down at both ends.
     *
     * @throws IllegalArgumentException if that port is not cabled
     */
    public void linkDown(int node, int port) {
        setCut(node, port, true);
    }

    /** Plugs the cable at {@code port} of {@code node} back in: the link trains if both ends are present. */
    public void linkUp(int node, int port) {
        setCut(node, port, false);
    }

    /** Powers {@code node} off: its links go down and it answers nothing. */
    public void removeNode(int node) {
        checkNode(node);
        synchronized (state) {
            if (state.present[node]) {
                links.nodeRemoved(node);
            }
        }
    }

    /** Powers {@code node} back on with its default state (no LIDs, empty tables); its links train. */
    public void returnNode(int node) {
        checkNode(node);
        synchronized (state) {
            if (!state.present[node]) {
                links.nodeReturned(node);
            }
        }
    }

    /**
     * Silences {@code node}'s SMA: SMPs addressed to it are lost (the sender sees a timeout) while its links stay up
     * and directed routes through a switch still pass, like firmware that has not started or has hung.
     */
    public void muteNode(int node) {
        checkNode(node);
        synchronized (state) {
            state.muted[node] = true;
        }
    }

    /** Lets {@code node}'s SMA answer again (see {@link #muteNode}); nothing else about the node changes. */
    public void unmuteNode(int node) {
        checkNode(node);
        synchronized (state) {
            state.muted[node] = false;
        }
    }

    /**
     * Makes port {@code port} of {@code node} report a port problem once, as a port with a bad cable or a stuck
     * peer does again and again: Trap 129 (local link integrity threshold), 130 (excessive buffer overrun) or 131
     * (flow control update watchdog), with the LID and port number in its DataDetails, sent LID-routed to the
     * MasterSMLID from the switch's port 0 or from the CA port itself.
     *
     * @return false if nothing was sent because the sending end port has no LID or knows no SM yet
     * @throws IllegalArgumentException if the node or port does not exist, or {@code trapNumber} is not 129-131
     */
    public boolean portTrap(int node, int port, int trapNumber) {
        checkNode(node);
        if (port < 1 || port > state.numPorts[node] || trapNumber < 129 || trapNumber > 131) {
            throw new IllegalArgumentException("\"" + state.topology.node(node).name() + "\" port " + port
                    + ", trap " + trapNumber + ": expected an external port and trap 129-131");
        }
        synchronized (state) {
            return state.present[node] && traps.portProblem(node, port, trapNumber);
        }
    }

    /**
     * Stops the virtual machine behind vport {@code vport} of port {@code port} of CA {@code node}, as its hypervisor
     * does: the vport goes Down. When that is a change and the SM turned virtualization on, the port sets
     * VirtualizationInfo.VPortStateChange and sends Trap 1146 ({@code docs/virtualization.md}).
     *
     * @return whether Trap 1146 was sent (not when nothing changed, virtualization is off, the node is powered off,
     *     or the port has no LID or knows no SM)
     * @throws IllegalArgumentException if the port has no virtualization or {@code vport} is not 1..VPortCap
     */
    public boolean vmStop(int node, int port, int vport) {
        return setVm(node, port, vport, false);
    }

    /**
     * Starts the virtual machine behind vport {@code vport} again: the vport goes to Init when the physical link is
     * up, and the change is signalled as for {@link #vmStop}.
     *
     * @return whether Trap 1146 was sent
     * @throws IllegalArgumentException if the port has no virtualization or {@code vport} is not 1..VPortCap
     */
    public boolean vmStart(int node, int port, int vport) {
        return setVm(node, port, vport, true);
    }

    private boolean setVm(int node, int port, int vport, boolean running) {
        int slot = checkedSlot(node, port);
        synchronized (state) {
            PortVirtualization v = state.virtualization(slot);
            if (v == null || vport < 1 || vport > v.top) {
                throw new IllegalArgumentException("\"" + state.topology.node(node).name() + "\" port " + port
                        + (v == null ? " has no virtualization" : ": expected a vport 1.." + v.top + ", not " + vport));
            }
            boolean changed = v.setVmRunning(vport, running, state.linkUp(slot));
            return changed && v.enabled && state.present[node] && traps.vportStateChanged(slot);
        }
    }

    /**
     * Adds {@code count} to an error counter of port {@code port} of {@code node} (a switch's port 0 too), as a port
     * with a bad cable counts them; the counter stops at its maximum.
     *
     * @param counterBit the counter's bit in PortCounters.CounterSelect: 0 SymbolErrorCounter, 1
     *     LinkErrorRecoveryCounter, 2 LinkDownedCounter, 3 PortRcvErrors, 4 PortRcvRemotePhysicalErrors, 5
     *     PortRcvSwitchRelayErrors, 6 PortXmitDiscards, 7 PortXmitConstraintErrors, 8 PortRcvConstraintErrors, 9
     *     LocalLinkIntegrityErrors, 10 ExcessiveBufferOverrunErrors, 11 VL15Dropped
     * @throws IllegalArgumentException if the port does not exist or the bit is not 0-11
     */
    public void addPortErrors(int node, int port, int counterBit, long count) {
        int slot = checkedSlot(node, port);
        if (counterBit < 0 || counterBit >= SimPortCounters.ERROR_COUNTERS || count < 0) {
            throw new IllegalArgumentException("error counter bit " + counterBit + ", count " + count);
        }
        synchronized (state) {
            state.perf.addErrors(slot, counterBit, count);
        }
    }

    /** Adds {@code ticks} to PortXmitWait of port {@code port} of {@code node} (a congested output). */
    public void addXmitWait(int node, int port, long ticks) {
        int slot = checkedSlot(node, port);
        synchronized (state) {
            state.perf.addXmitWait(slot, ticks);
        }
    }

    /**
     * Counts data traffic on port {@code port} of {@code node} besides the MADs: {@code words} 32-bit words in
     * {@code packets} packets, sent out of the port or, with {@code received}, into it. The 32-bit counters stop at
     * their maximum, the 64-bit ones go on.
     */
    public void addPortTraffic(int node, int port, boolean received, long words, long packets) {
        int slot = checkedSlot(node, port);
        synchronized (state) {
            state.perf.traffic(slot, received, words, packets);
        }
    }

    /** Sets the PerfMgt ClassPortInfo.CapabilityMask {@code node}'s PMA reports (and honours: no extended width). */
    public void setPerfMgtCapabilities(int node, int capabilityMask) {
        checkNode(node);
        synchronized (state) {
            traps.pma().setCapabilities(node, capabilityMask);
        }
    }

    /**
     * Makes {@code node}'s PMA redirect every PerfMgt request reaching its QP1 to queue pair {@code qp} at the same
     * LID, and answer there; 0 ends the redirection.
     */
    public void redirectPerfMgt(int node, int qp) {
        checkNode(node);
        if (qp < 0 || qp > 0xFFFFFF || qp == 1) {
            throw new IllegalArgumentException("redirect QP " + qp + " must be 0 (none) or 2..0xFFFFFF");
        }
        synchronized (state) {
            traps.pma().setRedirect(node, qp);
        }
    }

    /**
     * Loses requests (before they reach their target) and deliveries (responses, forwarded MADs, traps) at the given
     * rates, 0 to 1.
     */
    public void setLoss(double requestRate, double responseRate) {
        if (!(requestRate >= 0 && requestRate <= 1 && responseRate >= 0 && responseRate <= 1)) {
            throw new IllegalArgumentException("loss rates must be within 0..1");
        }
        synchronized (state) {
            impairments.setLoss(requestRate, responseRate);
        }
    }

    /** Delays every delivery by {@code fixed} plus a uniform random part of at most {@code jitter}. */
    public void setDelay(Duration fixed, Duration jitter) {
        if (fixed.isNegative() || jitter.isNegative()) {
            throw new IllegalArgumentException("delays must not be negative");
        }
        synchronized (state) {
            impairments.setDelay(fixed.toNanos(), jitter.toNanos());
        }
    }

    /** Restarts the loss and delay random sequence from {@code seed}. */
    public void reseed(long seed) {
        synchronized (state) {
            impairments.reseed(seed);
        }
    }

    private void setCut(int node, int port, boolean cut) {
        checkNode(node);
        if (port < 1 || port > state.numPorts[node] || state.cablePeer[state.slot(node, port)] < 0) {
            throw new IllegalArgumentException("\"" + state.topology.node(node).name() + "\" port " + port
                    + " is not cabled");
        }
        synchronized (state) {
            int slot = state.slot(node, port);
            state.cut[slot] = cut;
            state.cut[state.cablePeer[slot]] = cut;
            links.refresh(slot, true);
        }
    }

    private int checkedSlot(int node, int port) {
        checkNode(node);
        if (port < 0 || port > state.numPorts[node] || (port == 0 && !state.isSwitch[node])) {
            throw new IllegalArgumentException("\"" + state.topology.node(node).name() + "\" has no port " + port);
        }
        return state.slot(node, port);
    }

    private void checkNode(int node) {
        if (node < 0 || node >= state.nodeCount) {
            throw new IllegalArgumentException("no node " + node + " (fabric has " + state.nodeCount + ")");
        }
    }
}
