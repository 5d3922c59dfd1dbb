package dev.jsm.sim;

import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.sim.topo.VPortSpec;
import java.util.Arrays;

/**
 * What one physical CA port with virtualization remembers ({@code docs/virtualization.md}): its vports 0..top (vport 0
 * the physical function, 1..top one virtual machine each), whether the SM turned virtualization on, the
 * VPortStateChange flag, and per vport its state, whether its VM runs, its LID, violation counters, P_Key table,
 * alias GUIDs and per-SL rate limits, and the port's own rate limits. Identity (GUIDs, which vports need a LID, the
 * capacities) comes from the topology's {@link VPortSpec} and never changes.
 *
 * <p>Confined to the simulator thread or to a holder of the {@link FabricState} monitor.
 *
 * <p>In detail: docs/design/sim.md#portvirtualization.
 */
final class PortVirtualization {

    /** VGUIDCap of every vport: one VPortGUIDInfo block. */
    static final int VGUID_CAP = 8;
    /** VPartitionCap of every vport: one VPortPKeyTable block. */
    static final int VPARTITION_CAP = 32;
    /** VPortCapabilityMask of every vport. */
    static final int VPORT_CAPABILITY_MASK = VPortInfo.CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED;
    /** Service levels with a rate limit. */
    static final int SLS = 16;

    /** The highest vport index: VPortCap and VPortIndexTop. */
    final int top;
    final VPortSpec spec;
    final long portGuid;
    /** VirtualizationEnable, as the SM last wrote it. */
    boolean enabled;
    /** VPortStateChange. */
    boolean stateChange;
    private final int[] state;
    private final boolean[] vmRunning;
    private final int[] lid;
    private final int[] pKeyViolations;
    private final int[] qKeyViolations;
    private final short[][] pKeys;
    private final long[][] aliasGuids;
    private final int[][] vportRateLimits;
    private final int[] portRateLimits = new int[SLS];

    PortVirtualization(VPortSpec spec, long portGuid) {
        this.spec = spec;
        this.portGuid = portGuid;
        this.top = spec.vports();
        int n = top + 1;
        state = new int[n];
        vmRunning = new boolean[n];
        lid = new int[n];
        pKeyViolations = new int[n];
        qKeyViolations = new int[n];
        pKeys = new short[n][];
        aliasGuids = new long[n][];
        vportRateLimits = new int[n][];
        powerOn();
    }

    /** The state after a reset: virtualization off, every VM running, no LIDs, default tables, no rate limits. */
    void powerOn() {
        enabled = false;
        stateChange = false;
        for (int i = 0; i <= top; i++) {
            state[i] = VPortInfo.STATE_DOWN;
            vmRunning[i] = true;
            lid[i] = 0;
            pKeyViolations[i] = 0;
            qKeyViolations[i] = 0;
            pKeys[i] = null;
            aliasGuids[i] = null;
            vportRateLimits[i] = null;
        }
        Arrays.fill(portRateLimits, 0);
    }

    /** The physical link trained ({@code up}, every port in Init) or went down. */
    void linkChanged(boolean up) {
        for (int i = 0; i <= top; i++) {
            moveTo(i, up && vmRunning[i] ? VPortInfo.STATE_INIT : VPortInfo.STATE_DOWN);
        }
    }

    /**
     * Starts or stops the VM of vport {@code index >= 1}.
     *
     * @return whether the vport's state changed
     */
    boolean setVmRunning(int index, boolean running, boolean linkUp) {
        vmRunning[index] = running;
        int was = state[index];
        if (!running) {
            moveTo(index, VPortInfo.STATE_DOWN);
        } else if (linkUp && was == VPortInfo.STATE_DOWN) {
            moveTo(index, VPortInfo.STATE_INIT);
        }
        return state[index] != was;
    }

    boolean vmRunning(int index) {
        return vmRunning[index];
    }

    /** Turns virtualization on or off; turned on, vport 0 starts from the physical port's state. */
    void enable(boolean on, int physicalState) {
        if (on && !enabled) {
            state[0] = physicalState;
        }
        enabled = on;
    }

    /** The state of vport {@code index}; vport 0 reports the physical state while virtualization is off. */
    int state(int index, int physicalState) {
        return index == 0 && !enabled ? physicalState : state[index];
    }

    /** Whether vport {@code index} has a state of its own (vport 0 only while virtualization is on). */
    boolean ownsState(int index) {
        return index > 0 || enabled;
    }

    /** A state the SM wrote (already checked). */
    void setState(int index, int newState) {
        state[index] = newState;
    }

    /** Down bounces a vport: it comes back in Init when its VM runs and the link is up. */
    void bounce(int index, boolean linkUp) {
        state[index] = linkUp && vmRunning[index] ? VPortInfo.STATE_INIT : VPortInfo.STATE_DOWN;
    }

    int lid(int index) {
        return lid[index];
    }

    void setLid(int index, int newLid) {
        lid[index] = newLid;
    }

    /** The vport whose own LID {@code dlid} is, or -1. */
    int vportOfLid(int dlid) {
        if (dlid == 0) {
            return -1;
        }
        for (int i = 1; i <= top; i++) {
            if (lid[i] == dlid && spec.needsOwnLid(i)) {
                return i;
            }
        }
        return -1;
    }

    int pKeyViolations(int index) {
        return pKeyViolations[index];
    }

    int qKeyViolations(int index) {
        return qKeyViolations[index];
    }

    /** Resets the counters a Set wrote 0 into (other values leave them, as IBA recommends). */
    void clearViolations(int index, boolean pKey, boolean qKey) {
        if (pKey) {
            pKeyViolations[index] = 0;
        }
        if (qKey) {
            qKeyViolations[index] = 0;
        }
    }

    /** The vport's P_Key table, allocated with 0xFFFF at index 0 on first use when {@code create}, else null. */
    short[] pKeys(int index, boolean create) {
        if (pKeys[index] == null && create) {
            pKeys[index] = new short[VPARTITION_CAP];
            pKeys[index][0] = (short) 0xFFFF;
        }
        return pKeys[index];
    }

    /** The vport's alias GUIDs (entry 0 unused), allocated on first use when {@code create}, else null. */
    long[] aliasGuids(int index, boolean create) {
        if (aliasGuids[index] == null && create) {
            aliasGuids[index] = new long[VGUID_CAP];
        }
        return aliasGuids[index];
    }

    /** The GUID of vport {@code index}. */
    long vportGuid(int index) {
        return VPortSpec.vportGuid(portGuid, index);
    }

    /** The 16 rate limits of vport {@code index}, allocated on first use. */
    int[] vportRateLimits(int index) {
        if (vportRateLimits[index] == null) {
            vportRateLimits[index] = new int[SLS];
        }
        return vportRateLimits[index];
    }

    /** The 16 rate limits of the physical port. */
    int[] portRateLimits() {
        return portRateLimits;
    }

    private void moveTo(int index, int newState) {
        if (index == 0 && !enabled) {
            state[0] = newState;
            return;
        }
        if (state[index] != newState) {
            state[index] = newState;
            if (enabled) {
                stateChange = true;
            }
        }
    }
}
