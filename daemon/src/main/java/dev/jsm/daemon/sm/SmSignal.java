package dev.jsm.daemon.sm;

/**
 * What moves the SM's state machine (IBA 14.4.1; OpenSM's {@code osm_sm_signal_t}): the outcomes of its own sweeps
 * and polls, and the SMInfo Sets other SMs send it (attribute modifiers 1-5).
 */
public enum SmSignal {
    /** A sweep in DISCOVERING found no master and no higher SM. */
    DISCOVERY_COMPLETED,
    /** A sweep in DISCOVERING found a master, or a higher SM that is discovering or standby. */
    MASTER_OR_HIGHER_SM_DETECTED,
    /** SMInfo Set HANDOVER (modifier 1): the sender gives up mastership to this SM. */
    HANDOVER,
    /** SMInfo Set ACKNOWLEDGE (modifier 2): the SM this one handed over to took the mastership. */
    ACKNOWLEDGE,
    /** SMInfo Set DISABLE (modifier 3): stop taking part. */
    DISABLE,
    /** SMInfo Set STANDBY (modifier 4): a NOTACTIVE SM is asked to stand by. */
    STANDBY,
    /** SMInfo Set DISCOVER (modifier 5): sweep and elect again. */
    DISCOVER,
    /** This SM sent HANDOVER to a higher SM and it was accepted. */
    HANDOVER_SENT,
    /** This master found a lower master and waits for its HANDOVER, polling it. */
    WAIT_FOR_HANDOVER,
    /** The SM being polled stopped answering. */
    POLLING_TIMEOUT;

    /**
     * The signal an SMInfo Set's attribute modifier carries, or {@code null} for any other modifier.
     *
     * @param attributeModifier 1 HANDOVER, 2 ACKNOWLEDGE, 3 DISABLE, 4 STANDBY, 5 DISCOVER
     */
    public static SmSignal ofSetModifier(long attributeModifier) {
        return switch ((int) attributeModifier) {
            case 1 -> HANDOVER;
            case 2 -> ACKNOWLEDGE;
            case 3 -> DISABLE;
            case 4 -> STANDBY;
            case 5 -> DISCOVER;
            default -> null;
        };
    }
}
