package dev.jsm.routing.verify;

/**
 * Why following the LFTs from a switch does not deliver a LID whose owner is reachable in the fabric.
 *
 * <p>Immutable.
 */
public enum UnreachableReason {
    /** A switch on the way has no entry ({@code 0xFF}) for the LID. */
    NO_ENTRY("no LFT entry"),
    /** A switch forwards on a port that does not exist or has no usable cable. */
    DEAD_PORT("forwarded to a dead port"),
    /** The path comes back to a switch it already passed. */
    LOOP("routing loop"),
    /** The path ends at a node that does not hold the LID (port 0 of another switch, or another CA). */
    WRONG_NODE("delivered to the wrong node");

    private final String text;

    UnreachableReason(String text) {
        this.text = text;
    }

    /** A short description for log lines. */
    public String text() {
        return text;
    }
}
