package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * LinearForwardingTable (attribute 0x0019, 64 bytes; IBA 14.2.5.10): one block of a switch's unicast forwarding
 * table, the egress port of 64 consecutive LIDs. The attribute modifier is the block number; entry {@code i} of
 * block {@code b} is the port for LID {@code b * 64 + i}, and port 255 ({@link #NO_PATH}) means "no route".
 *
 * <p>A block is one 64-byte array, never 64 objects: the SM keeps a switch's whole table as one {@code byte[]}
 * indexed by LID and moves blocks in and out of it with {@link #fromTable} and {@link #copyInto} (OpenSM's
 * 64-entry block diff, ibsim's {@code sw->fdb + block * 64}).
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param ports egress port of each LID of the block, 64 entries
 */
public record LinearForwardingTable(byte[] ports) {

    /** Entries per block. */
    public static final int ENTRIES = 64;
    /** Egress port meaning "no route to this LID". */
    public static final int NO_PATH = 0xFF;
    /** Highest block number: unicast LIDs end at 0xBFFF. */
    public static final int MAX_BLOCK = 0xBFFF / ENTRIES;

    /** {@code Port[i]}: egress port for LID {@code block * 64 + i}. */
    public static final Field[] PORT = BlockFields.repeat("Port[", "]", ENTRIES, 0, 8, 8);
    public static final Layout LAYOUT = Layout.of("LinearForwardingTable", ENTRIES, PORT);

    /**
     * @throws IllegalArgumentException unless {@code ports} has 64 entries
     */
    public LinearForwardingTable {
        BlockFields.checkLength("LinearForwardingTable", ports.length, ENTRIES);
        ports = ports.clone();
    }

    /** Decodes a block at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static LinearForwardingTable decode(byte[] b, int off) {
        return new LinearForwardingTable(Arrays.copyOfRange(b, off, off + ENTRIES));
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        System.arraycopy(ports, 0, b, off, ENTRIES);
    }

    /**
     * Block {@code block} of a whole table indexed by LID; LIDs beyond the end of {@code lft} get {@link #NO_PATH}.
     */
    public static LinearForwardingTable fromTable(byte[] lft, int block) {
        BlockFields.checkRange("LinearForwardingTable block", block, 0, MAX_BLOCK);
        byte[] p = new byte[ENTRIES];
        Arrays.fill(p, (byte) NO_PATH);
        int first = block * ENTRIES;
        if (first < lft.length) {
            System.arraycopy(lft, first, p, 0, Math.min(ENTRIES, lft.length - first));
        }
        return new LinearForwardingTable(p);
    }

    /** Writes this block into a whole table indexed by LID, as far as {@code lft} reaches. */
    public void copyInto(byte[] lft, int block) {
        BlockFields.checkRange("LinearForwardingTable block", block, 0, MAX_BLOCK);
        int first = block * ENTRIES;
        if (first < lft.length) {
            System.arraycopy(ports, 0, lft, first, Math.min(ENTRIES, lft.length - first));
        }
    }

    /** Egress port of entry {@code index} (0..63). */
    public int port(int index) {
        BlockFields.checkIndex("LinearForwardingTable", index, ENTRIES);
        return ports[index] & 0xFF;
    }

    /** A copy of the 64 egress ports. */
    @Override
    public byte[] ports() {
        return ports.clone();
    }

    /** The LID that entry {@code index} of block {@code block} routes. */
    public static int lid(int block, int index) {
        return block * ENTRIES + index;
    }

    /** Attribute modifier selecting a block. */
    public static long modifier(int block) {
        BlockFields.checkRange("LinearForwardingTable block", block, 0, MAX_BLOCK);
        return block;
    }

    /** The block an attribute modifier selects; values above {@link #MAX_BLOCK} are invalid requests. */
    public static int block(long attributeModifier) {
        return (int) Math.min(attributeModifier & 0xFFFF_FFFFL, Integer.MAX_VALUE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinearForwardingTable other && Arrays.equals(ports, other.ports);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ports);
    }

    @Override
    public String toString() {
        return "LinearForwardingTable[ports=" + HexFormat.of().formatHex(ports) + "]";
    }
}
