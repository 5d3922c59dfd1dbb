package dev.jsm.subnet;

/**
 * The VPortInfo values (vendor SMP attribute 0xFFB1, docs/virtualization.md) the SM keeps for one virtual port, in
 * host order, replaced as a whole with what the port last returned. Counters, the profile and the write-only
 * VPortClientReregister bit are left out.
 *
 * <p>Immutable; safe to share.
 *
 * @param state VPortState: 1 Down, 2 Init, 3 Armed, 4 Active (the values of PortState)
 * @param lidRequired whether the vport needs a LID of its own
 * @param guidCap VGUIDCap: entries of the vport's VPortGUIDInfo
 * @param capabilityMask VPortCapabilityMask
 * @param lid VPortLID as the vport answered (0 until the SM sets one)
 * @param lidByVPortIndex the vport whose LID this one answers to when it needs none of its own (0: the physical
 *     port's)
 */
public record VPortAttributes(int state, boolean lidRequired, int guidCap, int capabilityMask, int lid,
                             int lidByVPortIndex) {

    /** VPortState Down (also a vport whose VM is stopped or whose VF is not enabled). */
    public static final int STATE_DOWN = 1;
    /** VPortState Init. */
    public static final int STATE_INIT = 2;
    /** VPortState Armed. */
    public static final int STATE_ARMED = 3;
    /** VPortState Active. */
    public static final int STATE_ACTIVE = 4;

    /** Whether the vport is up: Init, Armed or Active. */
    public boolean isUp() {
        return state >= STATE_INIT;
    }

    /** A copy with another VPortState (what an SM Set of the state leaves). */
    public VPortAttributes withState(int newState) {
        return new VPortAttributes(newState, lidRequired, guidCap, capabilityMask, lid, lidByVPortIndex);
    }

    /** A copy with another VPortLID (what an SM Set of the LID leaves). */
    public VPortAttributes withLid(int newLid) {
        return new VPortAttributes(state, lidRequired, guidCap, capabilityMask, newLid, lidByVPortIndex);
    }

    /** The name of a VPortState value: {@code DOWN}, {@code INIT}, {@code ARMED}, {@code ACTIVE} or its number. */
    public static String stateName(int state) {
        return switch (state) {
            case STATE_DOWN -> "DOWN";
            case STATE_INIT -> "INIT";
            case STATE_ARMED -> "ARMED";
            case STATE_ACTIVE -> "ACTIVE";
            default -> Integer.toString(state);
        };
    }
}
