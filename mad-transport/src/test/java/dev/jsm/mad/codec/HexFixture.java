package dev.jsm.mad.codec;

import java.io.ByteArrayOutputStream;

/**
 * Parses annotated hex fixtures (OpenDaylight {@code PortStatusMessageFactoryTest} style): hex digits in groups,
 * each group followed by a comment naming its field.
 *
 * <pre>
 * 01 01                    // BaseVersion, ClassVersion
 * 0002c90300a1b2c3         // SystemImageGUID
 * </pre>
 *
 * Comments start with {@code //} or {@code #}; whitespace between groups is ignored; {@code 00*44} is the byte
 * 0x00 44 times and {@code 0000*31} the group 0x0000 31 times (padding). Shared with other modules' tests through
 * the test jar.
 *
 * <p>Stateless.
 */
public final class HexFixture {

    private HexFixture() {
    }

    /**
     * @param annotated the fixture text
     * @return the bytes
     * @throws IllegalArgumentException naming the line of a non-hex character, an odd digit count or a bad repeat
     *     count
     */
    public static byte[] parse(String annotated) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] lines = annotated.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            int cut = indexOfComment(line);
            String data = (cut < 0 ? line : line.substring(0, cut)).trim();
            for (String token : data.isEmpty() ? new String[0] : data.split("\\s+")) {
                int star = token.indexOf('*');
                byte[] group = parseGroup(star < 0 ? token : token.substring(0, star), n, line);
                int count = star < 0 ? 1 : parseCount(token.substring(star + 1), n, line);
                for (int i = 0; i < count; i++) {
                    out.writeBytes(group);
                }
            }
        }
        return out.toByteArray();
    }

    private static byte[] parseGroup(String digits, int n, String line) {
        if (digits.isEmpty() || digits.length() % 2 != 0) {
            throw new IllegalArgumentException("fixture line " + (n + 1) + ": odd number of hex digits: " + line);
        }
        byte[] group = new byte[digits.length() / 2];
        for (int i = 0; i < group.length; i++) {
            int hi = Character.digit(digits.charAt(2 * i), 16);
            int lo = Character.digit(digits.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("fixture line " + (n + 1) + ": not hex: " + line);
            }
            group[i] = (byte) (hi << 4 | lo);
        }
        return group;
    }

    private static int parseCount(String count, int n, String line) {
        if (!count.matches("[0-9]{1,4}")) {
            throw new IllegalArgumentException("fixture line " + (n + 1) + ": expected a count after '*': " + line);
        }
        return Integer.parseInt(count);
    }

    private static int indexOfComment(String line) {
        int slash = line.indexOf("//");
        int hash = line.indexOf('#');
        if (slash < 0) {
            return hash;
        }
        return hash < 0 ? slash : Math.min(slash, hash);
    }
}
