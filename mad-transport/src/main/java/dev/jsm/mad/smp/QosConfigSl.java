package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * QoSConfigSL (vendor attribute 0xFF82, 64 bytes; {@code docs/enhanced-qos.md}): per service level, the rate limit
 * and bandwidth share of a physical CA port or of one of its vports - what NVIDIA's enhanced QoS manager programs
 * from its {@code BW_RULES} and {@code VPORT_BW_RULES}. One 32-bit entry per SL: BandwidthShare in bits 31:20,
 * RateLimit (Mb/s, 0 = unlimited) in bits 19:0.
 *
 * <p>Attribute modifier: bit 31 set selects a vport, whose index is in bits 15:0; bit 31 clear selects the physical
 * port in bits 7:0 ({@link #portModifier}, {@link #vportModifier}). GeneralInfo's CapabilityMask says which of the
 * two fields and forms a port supports.
 *
 * <p>Immutable (the arrays are copied in and out); safe to share.
 *
 * @param bandwidthShare the 16 bandwidth shares, 12 bits each
 * @param rateLimit the 16 rate limits, 20 bits each
 */
public record QosConfigSl(int[] bandwidthShare, int[] rateLimit) {

    /** Entries: one per SL. */
    public static final int SLS = 16;
    /** Largest rate limit (20 bits). */
    public static final int MAX_RATE_LIMIT = (1 << 20) - 1;
    /** Largest bandwidth share (12 bits). */
    public static final int MAX_BANDWIDTH_SHARE = (1 << 12) - 1;
    /** Attribute modifier bit 31: the vport form. */
    public static final long VPORT_BIT = 0x8000_0000L;

    /** {@code BandwidthShare[sl]}. */
    public static final Field[] BANDWIDTH_SHARE = BlockFields.repeat("BandwidthShare[", "]", SLS, 0, 32, 12);
    /** {@code RateLimit[sl]}. */
    public static final Field[] RATE_LIMIT = BlockFields.repeat("RateLimit[", "]", SLS, 12, 32, 20);
    public static final Layout LAYOUT = Layout.of("QoSConfigSL", 64,
            BlockFields.concat(BANDWIDTH_SHARE, RATE_LIMIT));

    /**
     * @throws IllegalArgumentException unless both arrays have 16 entries within their field widths
     */
    public QosConfigSl {
        BlockFields.checkLength("QoSConfigSL BandwidthShare", bandwidthShare.length, SLS);
        BlockFields.checkLength("QoSConfigSL RateLimit", rateLimit.length, SLS);
        bandwidthShare = bandwidthShare.clone();
        rateLimit = rateLimit.clone();
        for (int sl = 0; sl < SLS; sl++) {
            BlockFields.checkRange("QoSConfigSL BandwidthShare", bandwidthShare[sl], 0, MAX_BANDWIDTH_SHARE);
            BlockFields.checkRange("QoSConfigSL RateLimit", rateLimit[sl], 0, MAX_RATE_LIMIT);
        }
    }

    /** Rate limits only (bandwidth shares 0), as NVIDIA's SM programs them. */
    public static QosConfigSl ofRateLimits(int... rateLimits) {
        return new QosConfigSl(new int[SLS], rateLimits);
    }

    /** Decodes the 16 entries at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static QosConfigSl decode(byte[] b, int off) {
        int[] share = new int[SLS];
        int[] limit = new int[SLS];
        for (int sl = 0; sl < SLS; sl++) {
            share[sl] = BANDWIDTH_SHARE[sl].getInt(b, off);
            limit[sl] = RATE_LIMIT[sl].getInt(b, off);
        }
        return new QosConfigSl(share, limit);
    }

    /** Encodes the 16 entries at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        for (int sl = 0; sl < SLS; sl++) {
            BANDWIDTH_SHARE[sl].put(b, off, bandwidthShare[sl]);
            RATE_LIMIT[sl].put(b, off, rateLimit[sl]);
        }
    }

    /** The rate limit of {@code sl} in Mb/s (0 = unlimited). */
    public int rateLimit(int sl) {
        BlockFields.checkIndex("QoSConfigSL", sl, SLS);
        return rateLimit[sl];
    }

    /** The bandwidth share of {@code sl}. */
    public int bandwidthShare(int sl) {
        BlockFields.checkIndex("QoSConfigSL", sl, SLS);
        return bandwidthShare[sl];
    }

    /** A copy of the 16 rate limits. */
    @Override
    public int[] rateLimit() {
        return rateLimit.clone();
    }

    /** A copy of the 16 bandwidth shares. */
    @Override
    public int[] bandwidthShare() {
        return bandwidthShare.clone();
    }

    /** Attribute modifier of the physical form: port {@code port} (a CA answers 0 for the arrival port). */
    public static long portModifier(int port) {
        BlockFields.checkRange("QoSConfigSL port", port, 0, 255);
        return port;
    }

    /** Attribute modifier of the vport form: vport {@code index}. */
    public static long vportModifier(int index) {
        BlockFields.checkRange("QoSConfigSL vport index", index, 0, VPortInfo.MAX_INDEX);
        return VPORT_BIT | index;
    }

    /** Whether an attribute modifier selects a vport. */
    public static boolean isVPort(long attributeModifier) {
        return (attributeModifier & VPORT_BIT) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QosConfigSl other && Arrays.equals(bandwidthShare, other.bandwidthShare)
                && Arrays.equals(rateLimit, other.rateLimit);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bandwidthShare) + Arrays.hashCode(rateLimit);
    }

    @Override
    public String toString() {
        return "QosConfigSl[bandwidthShare=" + Arrays.toString(bandwidthShare) + ", rateLimit="
                + Arrays.toString(rateLimit) + "]";
    }
}
