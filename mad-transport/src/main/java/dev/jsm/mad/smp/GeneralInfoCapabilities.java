package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * GeneralInfo (Mellanox vendor attribute 0xFF17, 64 bytes) read with attribute modifier 4: the node's CapabilityMask,
 * 128 bits in four 32-bit words, capability {@code n} being bit {@code n % 32} of word {@code n / 32}
 * ({@code docs/virtualization.md}). The other modifiers (hardware, firmware and software information) are not
 * decoded. Read-only.
 *
 * <p>Immutable (the array is copied in and out); safe to share.
 *
 * @param words the four 32-bit words of the mask
 */
public record GeneralInfoCapabilities(long[] words) {

    /** The attribute modifier that selects the CapabilityMask. */
    public static final long MODIFIER = 4;

    /** The port supports the virtualization attributes (VirtualizationInfo, VPortInfo, ...). */
    public static final int IS_VIRTUALIZATION_SUPPORTED = 15;
    /** The port supports VPortGUIDInfo. */
    public static final int IS_VPORT_GUID_INFO_SUPPORTED = 22;
    /** QoSConfigSL rate limits on the physical port. */
    public static final int IS_QOS_CONFIG_SL_RATE_LIMIT_SUPPORTED = 24;
    /** QoSConfigSL rate limits on vports. */
    public static final int IS_QOS_CONFIG_SL_VPORT_RATE_LIMIT_SUPPORTED = 25;
    /** QoSConfigSL bandwidth shares on the physical port. */
    public static final int IS_QOS_CONFIG_SL_ALLOC_BW_SUPPORTED = 26;
    /** QoSConfigSL bandwidth shares on vports. */
    public static final int IS_QOS_CONFIG_SL_VPORT_ALLOC_BW_SUPPORTED = 27;

    private static final int WORDS = 4;

    /** {@code CapabilityMask[w]}: bits {@code 32 w .. 32 w + 31}. */
    public static final Field[] CAPABILITY_MASK = BlockFields.repeat("CapabilityMask[", "]", WORDS, 0, 32, 32);
    public static final Layout LAYOUT = Layout.of("GeneralInfo", 64,
            BlockFields.concat(CAPABILITY_MASK, new Field[] {Field.reservedBytes(16, 48)}));

    /**
     * @throws IllegalArgumentException unless {@code words} has 4 entries of 32 bits
     */
    public GeneralInfoCapabilities {
        BlockFields.checkLength("GeneralInfo CapabilityMask", words.length, WORDS);
        words = words.clone();
        for (long w : words) {
            BlockFields.checkRange("GeneralInfo CapabilityMask word", w, 0, 0xFFFF_FFFFL);
        }
    }

    /** A mask with exactly the capabilities {@code bits} set. */
    public static GeneralInfoCapabilities of(int... bits) {
        long[] w = new long[WORDS];
        for (int bit : bits) {
            BlockFields.checkRange("GeneralInfo capability", bit, 0, 32 * WORDS - 1);
            w[bit / 32] |= 1L << (bit % 32);
        }
        return new GeneralInfoCapabilities(w);
    }

    /** Decodes the mask at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static GeneralInfoCapabilities decode(byte[] b, int off) {
        long[] w = new long[WORDS];
        for (int i = 0; i < WORDS; i++) {
            w[i] = CAPABILITY_MASK[i].getLong(b, off);
        }
        return new GeneralInfoCapabilities(w);
    }

    /** Encodes the 64 bytes at {@code off}; the bytes after the mask are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        for (int i = 0; i < WORDS; i++) {
            CAPABILITY_MASK[i].put(b, off, words[i]);
        }
    }

    /** Whether capability {@code bit} (0..127) is set. */
    public boolean has(int bit) {
        BlockFields.checkRange("GeneralInfo capability", bit, 0, 32 * WORDS - 1);
        return (words[bit / 32] & (1L << (bit % 32))) != 0;
    }

    /** A copy of the four words. */
    @Override
    public long[] words() {
        return words.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GeneralInfoCapabilities other && Arrays.equals(words, other.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return String.format("GeneralInfoCapabilities[%08x %08x %08x %08x]", words[0], words[1], words[2], words[3]);
    }
}
