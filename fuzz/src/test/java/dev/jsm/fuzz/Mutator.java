package dev.jsm.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Derives one fuzz input from a target's seeds: one to four stacked mutations of a seed (bit flips, byte insert,
 * delete, duplicate and overwrite, boundary integers written big-endian, splicing with another seed, truncation) and,
 * for text, token-level ones (a number replaced by a boundary number such as {@code 2147483648}, {@code -1} or a bare
 * {@code 0x}; a format keyword inserted; non-ASCII, malformed UTF-8 and control characters; lines emptied, duplicated,
 * dropped or swapped; a huge token or line). Inputs are capped at {@link #MAX_INPUT} bytes.
 *
 * <p>Deterministic: the same random state gives the same input. Stateless; safe to share.
 */
final class Mutator {

    /** Largest input produced (a huge token stays within it). */
    static final int MAX_INPUT = 1 << 18;

    private static final long[] BOUNDARY = {0, 1, -1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
        0x7fffffffL, 0x80000000L, 0xffffffffL, 0x100000000L, Long.MAX_VALUE, Long.MIN_VALUE, 63, 64, 255, 256};
    private static final String[] NUMBERS = {"2147483647", "2147483648", "-2147483649", "4294967296", "-1", "0",
        "-0", "+1", "0x", "0X", "0x0", "0xffffffffffffffff", "0x10000000000000000", "18446744073709551616",
        "99999999999999999999999999", "9223372036854775808", "-9223372036854775809", "1e9", "0.5", "00", "08",
        "0x7fff", "0x8000", "0xffff", "0x10000", "65535", "65536", "255", "256", "1.", "0b1", "٣", "１"};
    private static final String[] ODD = {"\u0000", "\t", "\r", "\r\n", "\f", "\u000b", "\u00a0", "é", "\u00ff",
        "\u2028", "\uFEFF", "\uFFFD", "\uD800", "\uD83D\uDE00", "\u202E", "ß", "\u0130", "\\", "\"", "'", "#", ";",
        ":", ",", "=", "{", "}", "(", ")", "[", "]", "@", "*", "-", "/", ".."};

    private Mutator() {
    }

    /** One input for {@code target}, from {@code random}. */
    static byte[] input(FuzzTarget target, SplittableRandom random) {
        List<byte[]> seeds = target.seeds();
        byte[] b = seeds.get(random.nextInt(seeds.size()));
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits; i++) {
            b = target.text() && random.nextInt(3) != 0 ? textEdit(b, target, random) : byteEdit(b, seeds, random);
            if (b.length > MAX_INPUT) {
                b = Arrays.copyOf(b, MAX_INPUT);
            }
        }
        return b;
    }

    private static byte[] byteEdit(byte[] b, List<byte[]> seeds, SplittableRandom r) {
        int n = b.length;
        int at = r.nextInt(n + 1);
        return switch (r.nextInt(9)) {
            case 0 -> {
                byte[] c = b.clone();
                for (int k = 1 + r.nextInt(4); k > 0 && n > 0; k--) {
                    int bit = r.nextInt(n * 8);
                    c[bit >>> 3] ^= (byte) (0x80 >>> (bit & 7));
                }
                yield c;
            }
            case 1 -> {
                byte[] c = b.clone();
                if (n > 0) {
                    c[r.nextInt(n)] = (byte) r.nextInt(256);
                }
                yield c;
            }
            case 2 -> splice(b, at, at, new byte[] {(byte) r.nextInt(256)});
            case 3 -> splice(b, at, Math.min(n, at + 1 + r.nextInt(16)), new byte[0]);
            case 4 -> {
                int from = r.nextInt(n + 1);
                int len = Math.min(n - from, 1 + r.nextInt(64));
                yield splice(b, at, at, Arrays.copyOfRange(b, from, from + len));
            }
            case 5 -> boundary(b, r);
            case 6 -> {
                byte[] other = seeds.get(r.nextInt(seeds.size()));
                int cut = r.nextInt(other.length + 1);
                yield splice(b, at, n, Arrays.copyOfRange(other, cut, other.length));
            }
            case 7 -> Arrays.copyOf(b, r.nextInt(n + 1));
            default -> {
                byte[] c = b.clone();
                if (n > 0) {
                    c[r.nextInt(n)] = (byte) (r.nextBoolean() ? 0 : 0xff);
                }
                yield c;
            }
        };
    }

    /** A boundary value written big-endian (the wire's order) over 1, 2, 4 or 8 bytes at a random offset. */
    private static byte[] boundary(byte[] b, SplittableRandom r) {
        int width = 1 << r.nextInt(4);
        if (b.length < width) {
            return b;
        }
        byte[] c = b.clone();
        long v = BOUNDARY[r.nextInt(BOUNDARY.length)];
        int off = r.nextInt(b.length - width + 1);
        for (int i = width - 1; i >= 0; i--) {
            c[off + i] = (byte) v;
            v >>>= 8;
        }
        return c;
    }

    private static byte[] textEdit(byte[] b, FuzzTarget target, SplittableRandom r) {
        if (r.nextInt(10) == 0) {
            int at = r.nextInt(b.length + 1);
            return splice(b, at, at, new byte[] {(byte) (0x80 + r.nextInt(0x80))});
        }
        String s = new String(b, StandardCharsets.UTF_8);
        int at = r.nextInt(s.length() + 1);
        List<String> tokens = target.tokens();
        String out = switch (r.nextInt(9)) {
            case 0, 1 -> replaceNumber(s, r);
            case 2 -> tokens.isEmpty() ? s : s.substring(0, at) + pick(tokens, r) + s.substring(at);
            case 3 -> s.substring(0, at) + ODD[r.nextInt(ODD.length)] + s.substring(at);
            case 4 -> s.substring(0, at) + NUMBERS[r.nextInt(NUMBERS.length)] + s.substring(at);
            case 5 -> r.nextInt(8) == 0 ? huge(s, at, tokens, r) : lines(s, r);
            default -> lines(s, r);
        };
        return out.getBytes(StandardCharsets.UTF_8);
    }

    private static String pick(List<String> tokens, SplittableRandom r) {
        return tokens.get(r.nextInt(tokens.size()));
    }

    /** A decimal or 0x number of the text replaced by a boundary number (or the text unchanged when it has none). */
    private static String replaceNumber(String s, SplittableRandom r) {
        int n = s.length();
        for (int tries = 0; tries < 8 && n > 0; tries++) {
            int i = r.nextInt(n);
            if (!Character.isDigit(s.charAt(i))) {
                continue;
            }
            int start = i;
            while (start > 0 && isNumberChar(s.charAt(start - 1))) {
                start--;
            }
            int end = i;
            while (end < n && isNumberChar(s.charAt(end))) {
                end++;
            }
            return s.substring(0, start) + NUMBERS[r.nextInt(NUMBERS.length)] + s.substring(end);
        }
        return s;
    }

    private static boolean isNumberChar(char c) {
        return Character.isLetterOrDigit(c) && c < 0x80;
    }

    /** A token, a character or a line repeated up to 100,000 times. */
    private static String huge(String s, int at, List<String> tokens, SplittableRandom r) {
        String unit = switch (r.nextInt(3)) {
            case 0 -> tokens.isEmpty() ? "x" : pick(tokens, r) + (r.nextBoolean() ? "," : " ");
            case 1 -> String.valueOf((char) ('a' + r.nextInt(26)));
            default -> r.nextBoolean() ? "9" : "(";
        };
        int times = 1 + r.nextInt(Math.max(1, (MAX_INPUT / 2) / Math.max(1, unit.length())));
        return s.substring(0, at) + unit.repeat(Math.min(times, 100_000)) + s.substring(at);
    }

    /** A line emptied, duplicated, dropped, swapped with another, or many empty lines inserted. */
    private static String lines(String s, SplittableRandom r) {
        String[] lines = s.split("\n", -1);
        int a = r.nextInt(lines.length);
        int b = r.nextInt(lines.length);
        StringBuilder sb = new StringBuilder(s.length() + 16);
        int op = r.nextInt(5);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i == a) {
                switch (op) {
                    case 0 -> line = "";
                    case 1 -> line = line + "\n" + line;
                    case 2 -> {
                        continue;
                    }
                    case 3 -> line = lines[b];
                    default -> line = "\n".repeat(1 + r.nextInt(100)) + line;
                }
            } else if (i == b && op == 3) {
                line = lines[a];
            }
            sb.append(line).append('\n');
        }
        sb.setLength(Math.max(0, sb.length() - 1));
        return sb.toString();
    }

    /** {@code b} with bytes {@code [from, to)} replaced by {@code insert}. */
    static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, from);
        out.write(insert, 0, insert.length);
        int end = Math.max(from, to);
        out.write(b, end, b.length - end);
        return out.toByteArray();
    }
}
