package dev.jsm.daemon.sm;

import dev.jsm.mad.smp.SmInfo;

/**
 * The SM's state (IBA 14.4.1, SMInfo.SMState), with the words OpenSM logs when it enters one
 * ({@code "Entering MASTER state"}).
 */
public enum SmState {
    /** Not taking part (OpenSM {@code -I}). */
    NOT_ACTIVE(SmInfo.STATE_NOT_ACTIVE, "NOTACTIVE"),
    /** Sweeping to find out whether another SM is master. */
    DISCOVERING(SmInfo.STATE_DISCOVERING, "DISCOVERING"),
    /** Another SM is master. */
    STANDBY(SmInfo.STATE_STANDBY, "STANDBY"),
    /** This SM configures the subnet. */
    MASTER(SmInfo.STATE_MASTER, "MASTER");

    private final int wireValue;
    private final String logName;

    SmState(int wireValue, String logName) {
        this.wireValue = wireValue;
        this.logName = logName;
    }

    /** SMInfo.SMState. */
    public int wireValue() {
        return wireValue;
    }

    /** {@code "Entering MASTER state"}: the line OpenSM logs at SYS level. */
    public String enteringLine() {
        return "Entering " + logName + " state";
    }

    /** OpenSM's name of the state ({@code NOTACTIVE}, {@code MASTER}, ...). */
    public String logName() {
        return logName;
    }

    /**
     * The state with SMInfo.SMState {@code wireValue}.
     *
     * @throws IllegalArgumentException if it is not 0..3
     */
    public static SmState fromWire(int wireValue) {
        for (SmState s : values()) {
            if (s.wireValue == wireValue) {
                return s;
            }
        }
        throw new IllegalArgumentException("SMInfo.SMState " + wireValue + " is not 0..3");
    }
}
