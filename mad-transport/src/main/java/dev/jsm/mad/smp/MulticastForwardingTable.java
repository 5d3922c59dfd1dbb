package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * MulticastForwardingTable (attribute 0x001B, 64 bytes; IBA 14.2.5.12): one block of a switch's multicast
 * forwarding table, a 16-bit port mask for each of 32 consecutive MLIDs.
 *
 * <p>The attribute modifier carries two numbers: bits 31:28 the position (which 16 ports the masks cover:
 * ports {@code 16 * position .. 16 * position + 15}, bit {@code port % 16} of a mask, LSB = lowest port) and bits
 * 8:0 the block (entry {@code i} of block {@code b} is MLID {@code 0xC000 + 32 * b + i}). A switch with more than
 * 15 ports therefore needs several positions for the same block.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param portMasks port mask of each MLID of the block, 32 entries of 16 bits
 */
public record MulticastForwardingTable(int[] portMasks) {

    /** Entries (MLIDs) per block. */
    public static final int ENTRIES = 32;
    /** Ports covered by one position. */
    public static final int PORTS_PER_POSITION = 16;
    /** Highest position (4 bits). */
    public static final int MAX_POSITION = 15;
    /** Highest block number (9 bits). */
    public static final int MAX_BLOCK = 0x1FF;
    /** First multicast LID. */
    public static final int MLID_BASE = 0xC000;

    /** {@code PortMask[i]}: ports of MLID {@code 0xC000 + 32 * block + i} within the position. */
    public static final Field[] PORT_MASK = BlockFields.repeat("PortMask[", "]", ENTRIES, 0, 16, 16);
    public static final Layout LAYOUT = Layout.of("MulticastForwardingTable", 64, PORT_MASK);

    /**
     * @throws IllegalArgumentException unless {@code portMasks} has 32 entries of 16 bits
     */
    public MulticastForwardingTable {
        BlockFields.checkLength("MulticastForwardingTable", portMasks.length, ENTRIES);
        portMasks = portMasks.clone();
        for (int m : portMasks) {
            BlockFields.checkRange("MulticastForwardingTable port mask", m, 0, 0xFFFF);
        }
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static MulticastForwardingTable decode(byte[] b, int off) {
        int[] masks = new int[ENTRIES];
        for (int i = 0; i < ENTRIES; i++) {
            masks[i] = PORT_MASK[i].getInt(b, off);
        }
        return new MulticastForwardingTable(masks);
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < ENTRIES; i++) {
            PORT_MASK[i].put(b, off, portMasks[i]);
        }
    }

    /** Port mask of entry {@code index} (0..31). */
    public int portMask(int index) {
        BlockFields.checkIndex("MulticastForwardingTable", index, ENTRIES);
        return portMasks[index];
    }

    /** A copy of the 32 port masks. */
    @Override
    public int[] portMasks() {
        return portMasks.clone();
    }

    /** The MLID that entry {@code index} of block {@code block} forwards. */
    public static int mlid(int block, int index) {
        return MLID_BASE + block * ENTRIES + index;
    }

    /** Attribute modifier selecting a position and a block. */
    public static long modifier(int position, int block) {
        BlockFields.checkRange("MulticastForwardingTable position", position, 0, MAX_POSITION);
        BlockFields.checkRange("MulticastForwardingTable block", block, 0, MAX_BLOCK);
        return ((long) position << 28) | block;
    }

    /** The position (bits 31:28) of an attribute modifier. */
    public static int position(long attributeModifier) {
        return (int) ((attributeModifier >>> 28) & 0xF);
    }

    /** The block (bits 8:0) of an attribute modifier. */
    public static int block(long attributeModifier) {
        return (int) (attributeModifier & MAX_BLOCK);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MulticastForwardingTable other && Arrays.equals(portMasks, other.portMasks);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(portMasks);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("MulticastForwardingTable[portMasks=");
        for (int i = 0; i < ENTRIES; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("%04x", portMasks[i]));
        }
        return sb.append(']').toString();
    }
}
