package dev.jsm.subnet;

/**
 * The switch-specific part of a switch {@link Node}: its SwitchInfo values, its wanted and programmed unicast and
 * multicast forwarding tables, and its dense switch index.
 *
 * <p>Switch indices run {@code 0..S-1} in unsigned node-GUID order and are assigned by {@link Subnet#index()}; they
 * key the routing arrays (OpenSM seeds routing order the same way so routes stay stable between sweeps).
 *
 * <p>Confined to the sweep thread. Behavioural counterpart: {@code osm_switch_t}.
 */
public final class Switch {

    private final Node node;
    private final SwitchLft lft = new SwitchLft();
    private final SwitchMft mft;
    private SwitchAttributes attributes = SwitchAttributes.NONE;
    private int index = -1;

    Switch(Node node) {
        this.node = node;
        this.mft = new SwitchMft(node.numPorts());
    }

    /** The node this switch is. */
    public Node node() {
        return node;
    }

    /** The switch's node GUID. */
    public long nodeGuid() {
        return node.nodeGuid();
    }

    /** The SwitchInfo values last returned by the switch ({@link SwitchAttributes#NONE} until then). */
    public SwitchAttributes attributes() {
        return attributes;
    }

    /** Stores the SwitchInfo values the switch returned. */
    public void setAttributes(SwitchAttributes attributes) {
        this.attributes = attributes;
    }

    /** Wanted and programmed LFT. */
    public SwitchLft lft() {
        return lft;
    }

    /** Wanted and programmed MFT. */
    public SwitchMft mft() {
        return mft;
    }

    /**
     * The dense switch index, {@code 0..S-1} in node-GUID order.
     *
     * @throws IllegalStateException if the subnet changed since the last {@link Subnet#index()}
     */
    public int index() {
        return Subnet.checkIndexed(index, this);
    }

    void setIndex(int index) {
        this.index = index;
    }

    /** {@code switch 0x...}. */
    @Override
    public String toString() {
        return "switch " + Guid.toString(node.nodeGuid());
    }
}
