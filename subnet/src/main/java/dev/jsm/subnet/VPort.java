package dev.jsm.subnet;

/**
 * A virtual port (SR-IOV virtual function) behind a CA end port (docs/virtualization.md): its index on that port, its
 * port GUID, the VPortInfo, VNodeInfo and VNodeDescription values the port answered, the LID the LID manager assigned
 * it if it needs one of its own ({@link VPortAttributes#lidRequired()}), and its tables kept twice, wanted and held:
 * P_Keys (VPortPKeyTable), GUIDs (VPortGUIDInfo) and per-SL rate limits (QoSConfigSL, vport form). Vport 0 is the
 * physical function: it has the physical port's GUID and answers to its LID.
 *
 * <p>The assigned LID, not the VPortLID the vport last reported, is what the LID map and routing use (wanted vs
 * programmed, as for {@link EndPort#lidRange()}). A vport with no LID of its own answers to its physical port's LIDs.
 *
 * <p>Confined to the sweep thread. Behavioural counterpart: NVIDIA's OpenSM {@code osm_vport_t}.
 */
public final class VPort {

    /** Bytes of one 32-entry P_Key block or 8-entry GUID block, and of the 16 per-SL rate limits. */
    static final int BLOCK_BYTES = 64;

    private final EndPort endPort;
    private final int index;
    private final long guid;
    private VPortAttributes attributes;
    private VNodeAttributes vnode = VNodeAttributes.NONE;
    private String description = "";
    private int lid;
    private BlockTable pKeys;
    private BlockTable guids;
    private BlockTable rateLimits;

    VPort(EndPort endPort, int index, long guid, VPortAttributes attributes) {
        this.endPort = endPort;
        this.index = index;
        this.guid = guid;
        this.attributes = attributes;
    }

    /** The CA end port the vport is behind. */
    public EndPort endPort() {
        return endPort;
    }

    /** The vport index on its port (the attribute modifier of its VPortInfo); 0 is the physical function. */
    public int index() {
        return index;
    }

    /** The vport's port GUID (VPortInfo.VPortGUID); vport 0's is its physical port's. */
    public long guid() {
        return guid;
    }

    /** The VPortInfo values the vport last returned. */
    public VPortAttributes attributes() {
        return attributes;
    }

    /** Stores the VPortInfo values the vport returned (Get or Set response). */
    public void setAttributes(VPortAttributes attributes) {
        this.attributes = attributes;
    }

    /** The VNodeInfo values of the vport's vnode ({@link VNodeAttributes#NONE} until read). */
    public VNodeAttributes vnode() {
        return vnode;
    }

    /** Stores the VNodeInfo values the port returned for this vport. */
    public void setVNode(VNodeAttributes vnode) {
        this.vnode = vnode;
    }

    /** The VNodeDescription text ("" until read). */
    public String description() {
        return description;
    }

    /** Sets the VNodeDescription text. */
    public void setDescription(String description) {
        this.description = description;
    }

    /** The LID the LID manager assigned, or 0 (none, or the vport needs none of its own). */
    public int lid() {
        return lid;
    }

    /** Whether the LID manager assigned the vport a LID of its own. */
    public boolean hasLid() {
        return lid != 0;
    }

    void setLid(int lid) {
        this.lid = lid;
    }

    /**
     * The vport's P_Key table, wanted and held, in blocks of 32 P_Keys; created with {@code blocks} blocks, or anew
     * (nothing held known) when its capacity (VPartitionCap) changed.
     */
    public BlockTable pKeyTable(int blocks) {
        if (pKeys == null || pKeys.blockCount() != blocks) {
            pKeys = new BlockTable(blocks, BLOCK_BYTES);
        }
        return pKeys;
    }

    /** The vport's P_Key table if {@link #pKeyTable} created one, else {@code null}. */
    public BlockTable pKeyTableIfAny() {
        return pKeys;
    }

    /**
     * The vport's GUID table (VPortGUIDInfo), wanted and held, in blocks of 8 GUIDs; created with {@code blocks}
     * blocks, or anew when its capacity (VGUIDCap) changed.
     */
    public BlockTable guidTable(int blocks) {
        if (guids == null || guids.blockCount() != blocks) {
            guids = new BlockTable(blocks, BLOCK_BYTES);
        }
        return guids;
    }

    /** The vport's GUID table if {@link #guidTable} created one, else {@code null}. */
    public BlockTable guidTableIfAny() {
        return guids;
    }

    /**
     * The vport's per-SL rate limits (QoSConfigSL in its vport form), wanted and held: one block of 16 entries in
     * wire layout. Created on first use.
     */
    public BlockTable rateLimitTable() {
        if (rateLimits == null) {
            rateLimits = new BlockTable(1, BLOCK_BYTES);
        }
        return rateLimits;
    }

    /** The vport's rate limits if {@link #rateLimitTable} created them, else {@code null}. */
    public BlockTable rateLimitTableIfAny() {
        return rateLimits;
    }

    void forgetHeld() {
        for (BlockTable t : new BlockTable[] {pKeys, guids, rateLimits}) {
            if (t != null) {
                t.forgetHeld();
            }
        }
    }

    /** {@code vport 0x<guid> (0x<port guid>/3)}. */
    @Override
    public String toString() {
        return "vport " + Guid.toString(guid) + " (" + Guid.toString(endPort.portGuid()) + "/" + index + ")";
    }
}
