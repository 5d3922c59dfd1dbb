package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.math.BigInteger;

/**
 * SwitchCongestionSetting (attribute 0x0014, Get and Set on a switch, 76 bytes;
 * {@code docs/congestion-control.md#switchcongestionsetting}): how the switch marks packets with FECN and applies
 * credit starvation. Control_Map says which groups of fields a Set applies (the sources disagree on which bit is
 * which group, see the document); Victim_Mask and Credit_Mask have one bit per port, bit n for port n (bit 0 the
 * enhanced port 0, bit 255 reserved); CS_ReturnDelay is a {@code shift:multiplier} value like a
 * CongestionControlTable entry.
 *
 * <p>Immutable; safe to share.
 *
 * @param controlMap Control_Map, 32 bits
 * @param victimMask Victim_Mask, 256 bits
 * @param creditMask Credit_Mask, 256 bits
 * @param threshold Threshold, 4 bits (0 no marking .. 15 most aggressive)
 * @param packetSize Packet_Size, 8 bits, in credits (64 bytes): smaller packets are never marked
 * @param csThreshold CS_Threshold, 4 bits
 * @param csReturnDelay CS_ReturnDelay, 16 bits: shift (15:14) and multiplier (13:0)
 * @param markingRate Marking_Rate, 16 bits: mean number of packets between two markings
 */
public record SwitchCongestionSetting(long controlMap, BigInteger victimMask, BigInteger creditMask, int threshold,
                                      int packetSize, int csThreshold, int csReturnDelay, int markingRate) {

    /** Attribute size in bytes. */
    public static final int SIZE = 76;
    /** Every field zero: the setting of a switch nobody configured. */
    public static final SwitchCongestionSetting ZERO = new SwitchCongestionSetting(0, BigInteger.ZERO,
            BigInteger.ZERO, 0, 0, 0, 0, 0);

    public static final Field CONTROL_MAP = Field.u32("Control_Map", 0);
    public static final Field VICTIM_MASK = Field.bytes("Victim_Mask", 4, CcFields.MASK_BYTES);
    public static final Field CREDIT_MASK = Field.bytes("Credit_Mask", 36, CcFields.MASK_BYTES);
    public static final Field THRESHOLD = Field.bits("Threshold", 68, 7, 4);
    public static final Field PACKET_SIZE = Field.u8("Packet_Size", 69);
    public static final Field CS_THRESHOLD = Field.bits("CS_Threshold", 70, 7, 4);
    public static final Field CS_RETURN_DELAY = Field.u16("CS_ReturnDelay", 72);
    public static final Field MARKING_RATE = Field.u16("Marking_Rate", 74);
    public static final Layout LAYOUT = Layout.of("SwitchCongestionSetting", SIZE, CONTROL_MAP, VICTIM_MASK,
            CREDIT_MASK, THRESHOLD, Field.reserved(68 * 8 + 4, 4), PACKET_SIZE, CS_THRESHOLD,
            Field.reserved(70 * 8 + 4, 12), CS_RETURN_DELAY, MARKING_RATE);

    /**
     * @throws IllegalArgumentException if a field is out of its range
     */
    public SwitchCongestionSetting {
        CcFields.check("Control_Map", controlMap, 0xFFFF_FFFFL);
        CcFields.checkMask("Victim_Mask", victimMask);
        CcFields.checkMask("Credit_Mask", creditMask);
        CcFields.check("Threshold", threshold, 0xF);
        CcFields.check("Packet_Size", packetSize, 0xFF);
        CcFields.check("CS_Threshold", csThreshold, 0xF);
        CcFields.check("CS_ReturnDelay", csReturnDelay, 0xFFFF);
        CcFields.check("Marking_Rate", markingRate, 0xFFFF);
    }

    /** The CS_ReturnDelay of {@code shift:multiplier} (shift 0..3, multiplier 0..16383). */
    public static int returnDelay(int shift, int multiplier) {
        return CcFields.shiftMultiplier(shift, multiplier);
    }

    /** Decodes the attribute at {@code off}. */
    public static SwitchCongestionSetting decode(byte[] b, int off) {
        return new SwitchCongestionSetting(CONTROL_MAP.getLong(b, off),
                CcFields.mask(b, off + VICTIM_MASK.byteOffset()), CcFields.mask(b, off + CREDIT_MASK.byteOffset()),
                THRESHOLD.getInt(b, off), PACKET_SIZE.getInt(b, off), CS_THRESHOLD.getInt(b, off),
                CS_RETURN_DELAY.getInt(b, off), MARKING_RATE.getInt(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        CONTROL_MAP.put(b, off, controlMap);
        CcFields.putMask(b, off + VICTIM_MASK.byteOffset(), victimMask);
        CcFields.putMask(b, off + CREDIT_MASK.byteOffset(), creditMask);
        b[off + 68] = (byte) (threshold << 4);
        PACKET_SIZE.put(b, off, packetSize);
        b[off + 70] = (byte) (csThreshold << 4);
        b[off + 71] = 0;
        CS_RETURN_DELAY.put(b, off, csReturnDelay);
        MARKING_RATE.put(b, off, markingRate);
    }

    /** The shift of CS_ReturnDelay. */
    public int returnDelayShift() {
        return CcFields.shift(csReturnDelay);
    }

    /** The multiplier of CS_ReturnDelay. */
    public int returnDelayMultiplier() {
        return CcFields.multiplier(csReturnDelay);
    }
}
