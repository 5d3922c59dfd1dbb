package dev.jsm.subnet;

/**
 * The VirtualizationInfo values (vendor SMP attribute 0xFFB0, docs/virtualization.md) of one CA port that supports
 * virtual ports, in host order, replaced as a whole with what the port last returned.
 *
 * <p>Immutable; safe to share.
 *
 * @param vportCap the highest vport index the port supports
 * @param vportIndexTop the highest vport index enabled now (VFs created)
 * @param enabled VirtualizationEnable as the port answered: vport 0 has a state of its own
 * @param stateChange VPortStateChange: one of the port's vports changed state since the SM last cleared the bit
 * @param revision the SMA's VirtualizationRevision
 */
public record VirtualizationAttributes(int vportCap, int vportIndexTop, boolean enabled, boolean stateChange,
                                       int revision) {

    /** A copy with VPortStateChange cleared (what the Set that clears it leaves). */
    public VirtualizationAttributes withoutStateChange() {
        return new VirtualizationAttributes(vportCap, vportIndexTop, enabled, false, revision);
    }
}
