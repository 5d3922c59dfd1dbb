package dev.jsm.subnet;

/**
 * One physical port of a node: its number, GUID, the PortInfo values the SM keeps, and the {@link Link} to its
 * remote peer. A switch's external ports carry the switch's port GUID (port 0's); CA and router ports have their
 * own.
 *
 * <p>Physical ports are indexed {@code 0..P-1} by {@link Subnet#index()}: node-GUID order, then port number, so a
 * node's ports are contiguous.
 *
 * <p>Confined to the sweep thread. Behavioural counterpart: {@code osm_physp_t}.
 */
public final class PhysPort {

    private final Node node;
    private final int portNum;
    private final long portGuid;
    private PortAttributes attributes = PortAttributes.NONE;
    private Link link;
    private EndPort endPort;
    private int index = -1;
    private BlockTable pKeys;
    private BlockTable sl2Vl;
    private BlockTable vlArb;
    private BlockTable rateLimits;
    private boolean healthy = true;
    private byte partitionEnforcementWish = -1;
    private short vlHighLimitWish = -1;

    PhysPort(Node node, int portNum, long portGuid) {
        this.node = node;
        this.portNum = portNum;
        this.portGuid = portGuid;
    }

    /** The node this port belongs to. */
    public Node node() {
        return node;
    }

    /** The port number (0 is a switch's management port). */
    public int portNum() {
        return portNum;
    }

    /** The port GUID (for switch external ports, the switch's port GUID). */
    public long portGuid() {
        return portGuid;
    }

    /** The PortInfo values the port last returned ({@link PortAttributes#NONE} until then). */
    public PortAttributes attributes() {
        return attributes;
    }

    /** Stores the PortInfo values the port returned (Get or Set response). */
    public void setAttributes(PortAttributes attributes) {
        this.attributes = attributes;
    }

    /**
     * The port's P_KeyTable, wanted and held, in blocks of 32 P_Keys (64 bytes); created with {@code blocks} blocks,
     * or created anew (nothing held known) when the port's capacity changed.
     */
    public BlockTable pKeyTable(int blocks) {
        if (pKeys == null || pKeys.blockCount() != blocks) {
            pKeys = new BlockTable(blocks, 64);
        }
        return pKeys;
    }

    /** The port's P_KeyTable if {@link #pKeyTable} created one, else {@code null}. */
    public BlockTable pKeyTableIfAny() {
        return pKeys;
    }

    /**
     * The port's SLtoVLMappingTables as an output port, wanted and held, one {@link Sl2VlMap} (8 bytes) a block:
     * on a switch block {@code in} is the table for input port {@code in} (0..NumPorts), on a CA or router the one
     * block 0. Created on first use.
     */
    public BlockTable sl2VlTable() {
        if (sl2Vl == null) {
            sl2Vl = new BlockTable(node.isSwitch() ? node.numPorts() + 1 : 1, Sl2VlMap.BLOCK_BYTES);
        }
        return sl2Vl;
    }

    /** The port's SLtoVLMappingTables if {@link #sl2VlTable} created them, else {@code null}. */
    public BlockTable sl2VlTableIfAny() {
        return sl2Vl;
    }

    /**
     * The port's VLArbitrationTable, wanted and held, in four {@link VlArbBlock}s: low-priority entries 0-31 and
     * 32-63, high-priority entries 0-31 and 32-63 (attribute modifier blocks 1 to 4). Created on first use.
     */
    public BlockTable vlArbTable() {
        if (vlArb == null) {
            vlArb = new BlockTable(4, VlArbBlock.BLOCK_BYTES);
        }
        return vlArb;
    }

    /** The port's VLArbitrationTable if {@link #vlArbTable} created it, else {@code null}. */
    public BlockTable vlArbTableIfAny() {
        return vlArb;
    }

    /**
     * The port's per-SL rate limits (QoSConfigSL in its physical form, docs/enhanced-qos.md), wanted and held: one
     * block of 16 four-byte entries in wire layout. Created on first use.
     */
    public BlockTable rateLimitTable() {
        if (rateLimits == null) {
            rateLimits = new BlockTable(1, 64);
        }
        return rateLimits;
    }

    /** The port's rate limits if {@link #rateLimitTable} created them, else {@code null}. */
    public BlockTable rateLimitTableIfAny() {
        return rateLimits;
    }

    /**
     * Whether the port is healthy: true unless it keeps reporting link integrity, buffer overrun or flow control
     * watchdog problems (traps 129-131), in which case the SM marks it unhealthy for a while and routing avoids
     * the link it is on. Behavioural counterpart: {@code osm_physp_is_healthy}.
     */
    public boolean isHealthy() {
        return healthy;
    }

    /** Marks the port healthy or not (see {@link #isHealthy}). */
    public void setHealthy(boolean healthy) {
        this.healthy = healthy;
    }

    /**
     * The partition enforcement the partition manager wants in the port's PortInfo, as PartitionEnforcementInbound
     * (2) and PartitionEnforcementOutbound (1), or -1 to leave the port's bits as they are. A manager's wish is
     * kept on the port rather than in a map of its own so that it leaves the fabric with the port: a node dropped
     * and found again is a new object with no wish, and nothing holds on to the old one.
     */
    public int partitionEnforcementWish() {
        return partitionEnforcementWish;
    }

    /** Sets {@link #partitionEnforcementWish} (0 to 3, or -1 for none). */
    public void setPartitionEnforcementWish(int bits) {
        if (bits < -1 || bits > 3) {
            throw new IllegalArgumentException("partition enforcement bits " + bits + " (expected 0-3, or -1)");
        }
        partitionEnforcementWish = (byte) bits;
    }

    /** The VLHighLimit the QoS manager wants in the port's PortInfo, or -1 to leave it as it is (as above). */
    public int vlHighLimitWish() {
        return vlHighLimitWish;
    }

    /** Sets {@link #vlHighLimitWish} (0 to 255, or -1 for none). */
    public void setVlHighLimitWish(int limit) {
        if (limit < -1 || limit > 255) {
            throw new IllegalArgumentException("VLHighLimit " + limit + " (expected 0-255, or -1)");
        }
        vlHighLimitWish = (short) limit;
    }

    /** The link to the remote peer, or {@code null} if none is known. */
    public Link link() {
        return link;
    }

    /** The remote peer port, or {@code null} if none is known. */
    public PhysPort remote() {
        return link == null ? null : link.other(this);
    }

    /** Whether this is port 0 of a switch (not cabled; addressable as the switch's end port). */
    public boolean isSwitchPort0() {
        return portNum == 0 && node.isSwitch();
    }

    /** The end port this physical port is (CA/router ports and switch port 0), or {@code null}. */
    public EndPort endPort() {
        return endPort;
    }

    /**
     * The dense physical-port index.
     *
     * @throws IllegalStateException if the subnet changed since the last {@link Subnet#index()}
     */
    public int index() {
        return Subnet.checkIndexed(index, this);
    }

    void setIndex(int index) {
        this.index = index;
    }

    void setLink(Link link) {
        this.link = link;
    }

    void setEndPort(EndPort endPort) {
        this.endPort = endPort;
    }

    /** {@code 0x<node guid>[<port>]}. */
    @Override
    public String toString() {
        return Guid.toString(node.nodeGuid()) + "[" + portNum + "]";
    }
}
