package dev.jsm.qos.tables;

import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.VlArbBlock;
import dev.jsm.text.CNumber;
import java.util.List;

/**
 * Turns the text of the {@code qos_*vlarb_high/low} and {@code qos_*sl2vl} options into tables. The {@code conf}
 * module has already checked the text when it read the file (and reported {@code file:line} errors there), so a
 * failure here means a caller bypassed it; the message still names the option and the entry.
 *
 * <p>Numbers follow C's {@code strtoul(s, NULL, 0)} (0x hex, leading-0 octal, decimal); blanks around entries and
 * empty entries are ignored, as OpenSM's tokenizer does.
 *
 * <p>Stateless; safe to share.
 */
public final class QosListParser {

    private static final int VL_ARB_ENTRIES = 2 * VlArbBlock.ENTRIES;

    private QosListParser() {
    }

    /**
     * Parses a {@code VL:weight,...} list into two 32-entry blocks; missing entries are {@code 0:0}.
     *
     * @param option the option name, for messages
     * @param text the option's value
     * @return block 0 (entries 0..31) and block 1 (entries 32..63)
     * @throws IllegalArgumentException naming the option and entry if the text is not 1..64 pairs of VL 0..14 and
     *     weight 0..255
     */
    public static List<VlArbBlock> vlArb(String option, String text) {
        byte[][] vls = new byte[2][VlArbBlock.ENTRIES];
        int[][] weights = new int[2][VlArbBlock.ENTRIES];
        int n = 0;
        for (String raw : text.split(",", -1)) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            if (n == VL_ARB_ENTRIES) {
                throw bad(option, entry, "at most 64 VL:weight pairs");
            }
            int colon = entry.indexOf(':');
            if (colon < 0) {
                throw bad(option, entry, "a VL:weight pair");
            }
            long vl = number(option, entry, entry.substring(0, colon).strip(), 14, "VL 0..14");
            long weight = number(option, entry, entry.substring(colon + 1).strip(), 255, "weight 0..255");
            vls[n / VlArbBlock.ENTRIES][n % VlArbBlock.ENTRIES] = (byte) vl;
            weights[n / VlArbBlock.ENTRIES][n % VlArbBlock.ENTRIES] = (int) weight;
            n++;
        }
        if (n == 0) {
            throw bad(option, text, "at least one VL:weight pair");
        }
        return List.of(new VlArbBlock(vls[0], weights[0]), new VlArbBlock(vls[1], weights[1]));
    }

    /**
     * Parses a list of 16 VLs, SL 0 first.
     *
     * @param option the option name, for messages
     * @param text the option's value
     * @return the table
     * @throws IllegalArgumentException naming the option and entry unless the text has exactly 16 VLs 0..15
     */
    public static Sl2VlMap sl2Vl(String option, String text) {
        int[] vls = new int[Sl2VlMap.SL_COUNT];
        int n = 0;
        for (String raw : text.split(",", -1)) {
            String entry = raw.strip();
            if (entry.isEmpty()) {
                continue;
            }
            if (n == vls.length) {
                throw bad(option, text, "exactly 16 VLs, one per SL");
            }
            vls[n++] = (int) number(option, entry, entry, 15, "VL 0..15");
        }
        if (n != vls.length) {
            throw bad(option, text, "exactly 16 VLs, one per SL (found " + n + ")");
        }
        return Sl2VlMap.of(vls);
    }

    private static long number(String option, String entry, String digits, long max, String expected) {
        return CNumber.tryParseUnsigned(digits, max).orElseThrow(() -> bad(option, entry, expected));
    }

    private static IllegalArgumentException bad(String option, String entry, String expected) {
        return new IllegalArgumentException("option '" + option + "': expected " + expected + ", found '" + entry
                + "'");
    }
}
