package dev.jsm.sa.query;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The SM's copy of each port's P_Key, SLtoVLMappingTable and VLArbitrationTable blocks, in wire layout, as the SA
 * answers them (P_KeyTableRecord, SLtoVLMappingTableRecord, VLArbitrationTableRecord): what the SM programmed and
 * the port acknowledged. OpenSM's SA answers from the same copies in {@code osm_physp_t} ({@code pkeys},
 * {@code slvl_by_port}, {@code vl_arb}); a table the SM holds no copy of reads as zeros there and here.
 *
 * <p>Ports are named by node GUID and port number. Built once per SUBNET UP with a {@link Builder}; immutable
 * afterwards and safe to share (the accessors return copies).
 */
public final class PortTables {

    /** Bytes of one P_Key block (32 entries). */
    public static final int P_KEY_BLOCK_BYTES = 64;
    /** Bytes of one VLArbitrationTable block (32 entries). */
    public static final int VL_ARB_BLOCK_BYTES = 64;
    /** VLArbitrationTable blocks per port: 1, 2 (low priority), 3, 4 (high priority). */
    public static final int VL_ARB_BLOCKS = 4;

    /** A limited member of a P_Key base ({@link #memberships}). */
    private static final byte LIMITED = 1;
    /** A full member of a P_Key base. */
    private static final byte FULL = 2;

    /** No copies at all (tests, the view before the first SUBNET UP). */
    public static final PortTables NONE = new Builder().build();

    private final Map<Key, Port> ports;

    private PortTables(Map<Key, Port> ports) {
        this.ports = ports;
    }

    /** A builder for one SUBNET UP's copies. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Number of P_Key blocks the SM keeps for a port (0: none; OpenSM's {@code osm_pkey_tbl_get_num_blocks}): a
     * GetTable without BlockNum answers this many.
     */
    public int pKeyBlockCount(long nodeGuid, int portNum) {
        Port p = ports.get(new Key(nodeGuid, portNum));
        return p == null || p.pKeys == null ? 0 : p.pKeys.length;
    }

    /** Block {@code block} of a port's P_Key table (64 bytes), or {@code null} if the SM keeps no copy of it. */
    public byte[] pKeyBlock(long nodeGuid, int portNum, int block) {
        Port p = ports.get(new Key(nodeGuid, portNum));
        return p == null || p.pKeys == null || block < 0 || block >= p.pKeys.length || p.pKeys[block] == null
                ? null : p.pKeys[block].clone();
    }

    /**
     * Whether the port's P_Key table, as far as the SM knows it, holds any valid P_Key (a non-zero low 15 bits);
     * OpenSM treats a port without one as sharing every partition.
     */
    private boolean hasPKeys(long nodeGuid, int portNum) {
        Port p = ports.get(new Key(nodeGuid, portNum));
        if (p == null || p.pKeys == null) {
            return false;
        }
        for (byte[] block : p.pKeys) {
            for (int i = 0; block != null && i < P_KEY_BLOCK_BYTES; i += 2) {
                if (((block[i] & 0x7F) << 8 | block[i + 1] & 0xFF) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The partition check of one requester's port against others by the P_Key tables the SM knows (OpenSM's
     * {@code osm_physp_share_pkey}), for answering one request.
     */
    public Sharing sharingWith(long nodeGuid, int portNum) {
        Port p = ports.get(new Key(nodeGuid, portNum));
        return new Sharing(nodeGuid, portNum, hasPKeys(nodeGuid, portNum) ? memberships(p) : null);
    }

    /** Per P_Key base (index 1..0x7FFF): 0 absent, {@link #LIMITED}, {@link #FULL} (full wins). */
    private static byte[] memberships(Port p) {
        byte[] m = new byte[0x8000];
        for (byte[] block : p.pKeys) {
            for (int i = 0; block != null && i < P_KEY_BLOCK_BYTES; i += 2) {
                int base = (block[i] & 0x7F) << 8 | block[i + 1] & 0xFF;
                if (base != 0) {
                    m[base] = (byte) Math.max(m[base], (block[i] & 0x80) != 0 ? FULL : LIMITED);
                }
            }
        }
        return m;
    }

    /**
     * Whether a requester's port shares a partition with other ports: the same port, a port without a valid
     * P_Key on either side, or a P_Key base both hold with at least one of them a full member. Immutable; for the
     * thread answering one request.
     */
    public final class Sharing {
        private final long nodeGuid;
        private final int portNum;
        private final byte[] mine;

        private Sharing(long nodeGuid, int portNum, byte[] mine) {
            this.nodeGuid = nodeGuid;
            this.portNum = portNum;
            this.mine = mine;
        }

        /** Whether the requester's port shares a partition with port {@code portNum} of node {@code nodeGuid}. */
        public boolean with(long otherNodeGuid, int otherPortNum) {
            if (mine == null || otherNodeGuid == nodeGuid && otherPortNum == portNum
                    || !hasPKeys(otherNodeGuid, otherPortNum)) {
                return true;
            }
            for (byte[] block : ports.get(new Key(otherNodeGuid, otherPortNum)).pKeys) {
                for (int i = 0; block != null && i < P_KEY_BLOCK_BYTES; i += 2) {
                    int base = (block[i] & 0x7F) << 8 | block[i + 1] & 0xFF;
                    if (base != 0 && mine[base] != 0 && (mine[base] == FULL || (block[i] & 0x80) != 0)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /**
     * The SLtoVLMappingTable (8 bytes as one big-endian value) an output port holds for one input port (CA and
     * router ports: input 0), or 0 if the SM keeps no copy (all SLs on VL 0, OpenSM's answer for a table it never
     * programmed).
     */
    public long sl2Vl(long nodeGuid, int outPort, int inPort) {
        Port p = ports.get(new Key(nodeGuid, outPort));
        return p == null || p.sl2VlByIn == null || inPort < 0 || inPort >= p.sl2VlByIn.length
                ? 0 : p.sl2VlByIn[inPort];
    }

    /**
     * VLArbitrationTable block {@code block} (1..4) of a port (64 bytes), or {@code null} if the SM keeps no copy.
     */
    public byte[] vlArb(long nodeGuid, int portNum, int block) {
        Port p = ports.get(new Key(nodeGuid, portNum));
        if (p == null || p.vlArb == null || block < 1 || block > VL_ARB_BLOCKS || p.vlArb[block - 1] == null) {
            return null;
        }
        return p.vlArb[block - 1].clone();
    }

    private record Key(long nodeGuid, int portNum) {
    }

    /** One port's copies; arrays allocated on first use. */
    private static final class Port {
        byte[][] pKeys;
        long[] sl2VlByIn;
        byte[][] vlArb;
    }

    /**
     * Collects the copies of one SUBNET UP. Each call copies its bytes. Confined to the thread that builds.
     */
    public static final class Builder {

        private final Map<Key, Port> ports = new HashMap<>();

        private Builder() {
        }

        /**
         * Declares that the SM keeps {@code blocks} P_Key blocks for a port (blocks not given by
         * {@link #pKeyBlock} read as zeros).
         */
        public Builder pKeyBlocks(long nodeGuid, int portNum, int blocks) {
            Port p = port(nodeGuid, portNum);
            p.pKeys = p.pKeys == null ? new byte[blocks][] : Arrays.copyOf(p.pKeys, blocks);
            return this;
        }

        /**
         * Block {@code block} of a port's P_Key table: 64 bytes from {@code src[off..]}; extends the block count
         * to cover it.
         */
        public Builder pKeyBlock(long nodeGuid, int portNum, int block, byte[] src, int off) {
            Port p = port(nodeGuid, portNum);
            if (p.pKeys == null || p.pKeys.length <= block) {
                pKeyBlocks(nodeGuid, portNum, block + 1);
            }
            p.pKeys[block] = Arrays.copyOfRange(src, off, off + P_KEY_BLOCK_BYTES);
            return this;
        }

        /**
         * The SLtoVLMappingTable output port {@code outPort} holds for input port {@code inPort} (0..254), as 8
         * wire bytes in one big-endian value.
         */
        public Builder sl2Vl(long nodeGuid, int outPort, int inPort, long table) {
            Port p = port(nodeGuid, outPort);
            if (p.sl2VlByIn == null || p.sl2VlByIn.length <= inPort) {
                p.sl2VlByIn = p.sl2VlByIn == null ? new long[inPort + 1] : Arrays.copyOf(p.sl2VlByIn, inPort + 1);
            }
            p.sl2VlByIn[inPort] = table;
            return this;
        }

        /** VLArbitrationTable block {@code block} (1..4) of a port: 64 bytes from {@code src[off..]}. */
        public Builder vlArb(long nodeGuid, int portNum, int block, byte[] src, int off) {
            if (block < 1 || block > VL_ARB_BLOCKS) {
                throw new IllegalArgumentException("VLArbitrationTable block " + block + " is not 1..4");
            }
            Port p = port(nodeGuid, portNum);
            if (p.vlArb == null) {
                p.vlArb = new byte[VL_ARB_BLOCKS][];
            }
            p.vlArb[block - 1] = Arrays.copyOfRange(src, off, off + VL_ARB_BLOCK_BYTES);
            return this;
        }

        /** The copies collected so far; the builder must not be used afterwards. */
        public PortTables build() {
            return new PortTables(Map.copyOf(ports));
        }

        private Port port(long nodeGuid, int portNum) {
            return ports.computeIfAbsent(new Key(nodeGuid, portNum), k -> new Port());
        }
    }
}
