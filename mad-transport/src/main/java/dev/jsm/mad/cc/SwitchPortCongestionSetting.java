package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * SwitchPortCongestionSetting (attribute 0x0015, Get and Set on a switch, 128 bytes;
 * {@code docs/congestion-control.md#switchportcongestionsetting}): one block of 32 per-port elements, the attribute
 * modifier naming the block (ports {@code 32 * block} to {@code 32 * block + 31}). An element is valid or not, and sets
 * either the port's congestion parameters (Control_Type 0: Threshold, Packet_Size, Marking_Rate) or its credit
 * starvation threshold (Control_Type 1: Threshold alone).
 *
 * <p>Immutable; safe to share.
 *
 * @param elements the 32 elements of the block
 */
public record SwitchPortCongestionSetting(List<Element> elements) {

    /** Attribute size in bytes. */
    public static final int SIZE = 128;
    /** Elements (ports) per block. */
    public static final int PORTS_PER_BLOCK = 32;
    /** Bytes per element. */
    public static final int ELEMENT_SIZE = 4;

    public static final Field VALID = Field.bits("Valid", 0, 7, 7);
    public static final Field CONTROL_TYPE = Field.bits("Control_Type", 0, 6, 6);
    public static final Field THRESHOLD = Field.bits("Threshold", 0, 3, 0);
    public static final Field PACKET_SIZE = Field.u8("Packet_Size", 1);
    public static final Field CONG_PARM = Field.u16("Cong_Parm", 2);
    /** One element, as the block repeats it every 4 bytes. */
    public static final Layout ELEMENT_LAYOUT = Layout.of("SwitchPortCongestionSettingElement", ELEMENT_SIZE, VALID,
            CONTROL_TYPE, Field.reserved(2, 2), THRESHOLD, PACKET_SIZE, CONG_PARM);

    /**
     * @throws IllegalArgumentException unless there are 32 elements
     */
    public SwitchPortCongestionSetting {
        if (elements.size() != PORTS_PER_BLOCK) {
            throw new IllegalArgumentException("SwitchPortCongestionSetting needs " + PORTS_PER_BLOCK
                    + " elements, not " + elements.size());
        }
        elements = List.copyOf(elements);
    }

    /** A block of 32 elements that are all zero (not valid). */
    public static SwitchPortCongestionSetting zero() {
        return new SwitchPortCongestionSetting(Collections.nCopies(PORTS_PER_BLOCK, Element.ZERO));
    }

    /** Decodes the block at {@code off}. */
    public static SwitchPortCongestionSetting decode(byte[] b, int off) {
        List<Element> list = new ArrayList<>(PORTS_PER_BLOCK);
        for (int i = 0; i < PORTS_PER_BLOCK; i++) {
            list.add(Element.decode(b, off + i * ELEMENT_SIZE));
        }
        return new SwitchPortCongestionSetting(list);
    }

    /** Encodes the block at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int i = 0; i < PORTS_PER_BLOCK; i++) {
            elements.get(i).encodeTo(b, off + i * ELEMENT_SIZE);
        }
    }

    /** The element of port {@code port} in block {@code block}, or -1 if the block does not hold it. */
    public static int index(int block, int port) {
        int i = port - block * PORTS_PER_BLOCK;
        return i >= 0 && i < PORTS_PER_BLOCK ? i : -1;
    }

    /**
     * One port's element (4 bytes).
     *
     * @param valid Valid: the element is to be applied
     * @param controlType Control_Type, 1 bit: 0 congestion control parameters, 1 credit starvation
     * @param threshold Threshold, 4 bits (Control_Type 1: CS_Threshold)
     * @param packetSize Packet_Size, 8 bits (Control_Type 0 only)
     * @param congParm Cong_Parm, 16 bits: the port's Marking_Rate (Control_Type 0 only)
     */
    public record Element(boolean valid, int controlType, int threshold, int packetSize, int congParm) {

        /** An element that is all zero. */
        public static final Element ZERO = new Element(false, 0, 0, 0, 0);

        /**
         * @throws IllegalArgumentException if a field is out of its range
         */
        public Element {
            CcFields.check("Control_Type", controlType, 1);
            CcFields.check("Threshold", threshold, 0xF);
            CcFields.check("Packet_Size", packetSize, 0xFF);
            CcFields.check("Cong_Parm", congParm, 0xFFFF);
        }

        /** Decodes an element at {@code off}. */
        public static Element decode(byte[] b, int off) {
            return new Element(VALID.getInt(b, off) != 0, CONTROL_TYPE.getInt(b, off), THRESHOLD.getInt(b, off),
                    PACKET_SIZE.getInt(b, off), CONG_PARM.getInt(b, off));
        }

        /** Encodes the element at {@code off}, the reserved bits zeroed. */
        public void encodeTo(byte[] b, int off) {
            b[off] = (byte) ((valid ? 0x80 : 0) | controlType << 6 | threshold);
            PACKET_SIZE.put(b, off, packetSize);
            CONG_PARM.put(b, off, congParm);
        }
    }
}
