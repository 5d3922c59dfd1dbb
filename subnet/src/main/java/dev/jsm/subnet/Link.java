package dev.jsm.subnet;

/**
 * A cable between two physical ports. Links are per port pair, so parallel links between the same two nodes are
 * separate objects. End {@link #a()} is the lower of the two ports in (node GUID, port number) order.
 *
 * <p>Links are indexed {@code 0..L-1} by {@link Subnet#index()} in order of end {@code a}'s physical-port index.
 *
 * <p>Confined to the sweep thread (the ends are fixed; only the index changes).
 */
public final class Link {

    private final PhysPort a;
    private final PhysPort b;
    private int index = -1;

    Link(PhysPort x, PhysPort y) {
        boolean xFirst = Subnet.comparePorts(x, y) <= 0;
        this.a = xFirst ? x : y;
        this.b = xFirst ? y : x;
    }

    /** The lower end in (node GUID, port number) order. */
    public PhysPort a() {
        return a;
    }

    /** The higher end. */
    public PhysPort b() {
        return b;
    }

    /**
     * The end that is not {@code end}.
     *
     * @throws IllegalArgumentException if {@code end} is not an end of this link
     */
    public PhysPort other(PhysPort end) {
        if (end == a) {
            return b;
        }
        if (end == b) {
            return a;
        }
        throw new IllegalArgumentException(end + " is not an end of " + this);
    }

    /** Whether both ends are switch ports. */
    public boolean isSwitchToSwitch() {
        return a.node().isSwitch() && b.node().isSwitch();
    }

    /**
     * The dense link index.
     *
     * @throws IllegalStateException if the subnet changed since the last {@link Subnet#index()}
     */
    public int index() {
        return Subnet.checkIndexed(index, this);
    }

    void setIndex(int index) {
        this.index = index;
    }

    /** {@code 0x...[1] <-> 0x...[3]}. */
    @Override
    public String toString() {
        return a + " <-> " + b;
    }
}
