package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * SLtoVLMappingTable (attribute 0x0017, 8 bytes; IBA 14.2.5.8): the VL each of the 16 service levels uses on one
 * output port. Byte {@code i} holds SL {@code 2i} in its high nibble and SL {@code 2i+1} in its low nibble; VL 15
 * means "drop".
 *
 * <p>On a switch the table belongs to an (input port, output port) pair: attribute modifier bits 15:8 are the input
 * port and bits 7:0 the output port ({@link #switchModifier}). With optimized programming (SwitchInfo
 * OptimizedSLtoVLMappingProgramming) bit 16 ({@link #ALL_OUTPUT_PORTS}) applies a Set to every output port and bit
 * 17 ({@link #ALL_INPUT_PORTS}) to every input port, so OpenSM sends {@code 0x30000} once and then
 * {@code 0x20000 | out} for output ports that differ. CA and router ports ignore the modifier (use 0).
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param vls VL of each SL, 16 entries of 0..15
 */
public record SlToVlMappingTable(byte[] vls) {

    /** Number of service levels. */
    public static final int SL_COUNT = 16;
    /** Attribute modifier bit 16: the Set applies to all output ports. */
    public static final long ALL_OUTPUT_PORTS = 0x1_0000L;
    /** Attribute modifier bit 17: the Set applies to all input ports. */
    public static final long ALL_INPUT_PORTS = 0x2_0000L;

    /** {@code SL<i>toVL}: the VL of service level {@code i}, one nibble each. */
    public static final Field[] SL_TO_VL = BlockFields.repeat("SL", "toVL", SL_COUNT, 0, 4, 4);
    public static final Layout LAYOUT = Layout.of("SLtoVLMappingTable", 8, SL_TO_VL);

    /**
     * @throws IllegalArgumentException unless {@code vls} has 16 entries of 0..15
     */
    public SlToVlMappingTable {
        BlockFields.checkLength("SLtoVLMappingTable", vls.length, SL_COUNT);
        vls = vls.clone();
        for (byte vl : vls) {
            BlockFields.checkRange("SLtoVLMappingTable VL", vl, 0, 15);
        }
    }

    /** A table from 16 VLs, SL 0 first. */
    public static SlToVlMappingTable of(int... vls) {
        BlockFields.checkLength("SLtoVLMappingTable", vls.length, SL_COUNT);
        byte[] b = new byte[SL_COUNT];
        for (int sl = 0; sl < SL_COUNT; sl++) {
            BlockFields.checkRange("SLtoVLMappingTable VL", vls[sl], 0, 15);
            b[sl] = (byte) vls[sl];
        }
        return new SlToVlMappingTable(b);
    }

    /** Decodes the table at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static SlToVlMappingTable decode(byte[] b, int off) {
        byte[] v = new byte[SL_COUNT];
        for (int sl = 0; sl < SL_COUNT; sl++) {
            v[sl] = (byte) SL_TO_VL[sl].getInt(b, off);
        }
        return new SlToVlMappingTable(v);
    }

    /** Encodes the 8 table bytes at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int sl = 0; sl < SL_COUNT; sl++) {
            SL_TO_VL[sl].put(b, off, vls[sl]);
        }
    }

    /** The VL of service level {@code sl} (0..15). */
    public int vl(int sl) {
        BlockFields.checkIndex("SLtoVLMappingTable", sl, SL_COUNT);
        return vls[sl];
    }

    /** A copy of the 16 VLs. */
    @Override
    public byte[] vls() {
        return vls.clone();
    }

    /** Attribute modifier of a switch's table for one (input port, output port) pair. */
    public static long switchModifier(int inPort, int outPort) {
        BlockFields.checkRange("SLtoVLMappingTable input port", inPort, 0, 255);
        BlockFields.checkRange("SLtoVLMappingTable output port", outPort, 0, 255);
        return ((long) inPort << 8) | outPort;
    }

    /** The input port (bits 15:8) of a switch's attribute modifier. */
    public static int inPort(long attributeModifier) {
        return (int) ((attributeModifier >>> 8) & 0xFF);
    }

    /** The output port (bits 7:0) of a switch's attribute modifier. */
    public static int outPort(long attributeModifier) {
        return (int) (attributeModifier & 0xFF);
    }

    /** Whether the modifier applies a Set to all input ports (bit 17). */
    public static boolean isAllInputPorts(long attributeModifier) {
        return (attributeModifier & ALL_INPUT_PORTS) != 0;
    }

    /** Whether the modifier applies a Set to all output ports (bit 16). */
    public static boolean isAllOutputPorts(long attributeModifier) {
        return (attributeModifier & ALL_OUTPUT_PORTS) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlToVlMappingTable other && Arrays.equals(vls, other.vls);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vls);
    }

    /** {@code SlToVlMappingTable[0,1,2,...]}: the VL of SL 0, 1, 2, ... */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SlToVlMappingTable[");
        for (int sl = 0; sl < SL_COUNT; sl++) {
            sb.append(sl == 0 ? "" : ",").append(vls[sl]);
        }
        return sb.append(']').toString();
    }
}
