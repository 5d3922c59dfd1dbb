package dev.jsm.mad.smp;

/** Node types of NodeInfo.NodeType (IBA 14.2.5.3). */
public enum NodeType {
    UNKNOWN(0),
    CA(1),
    SWITCH(2),
    ROUTER(3);

    private final int value;

    NodeType(int value) {
        this.value = value;
    }

    /** Wire value. */
    public int value() {
        return value;
    }

    /** The type for a wire value; values outside 1..3 give {@link #UNKNOWN}. */
    public static NodeType of(int value) {
        return switch (value) {
            case 1 -> CA;
            case 2 -> SWITCH;
            case 3 -> ROUTER;
            default -> UNKNOWN;
        };
    }
}
