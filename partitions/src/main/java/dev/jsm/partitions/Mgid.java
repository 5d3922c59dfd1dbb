package dev.jsm.partitions;

/**
 * A 128-bit multicast GID in two host-order halves, with the IPv6 text form partitions.conf uses
 * ({@code ff12:401b::ffff:ffff}).
 *
 * <p>Immutable; safe to share.
 *
 * @param high bytes 0-7 (byte 0 in the top bits)
 * @param low bytes 8-15
 */
public record Mgid(long high, long low) {

    /** Whether byte 0 is 0xFF, the multicast prefix. */
    public boolean isMulticast() {
        return (high >>> 56) == 0xFF;
    }

    /** The scope nibble (low 4 bits of byte 1). */
    public int scope() {
        return (int) (high >>> 48) & 0xF;
    }

    /** The 16-bit signature in bytes 2-3 (0x401B IPv4, 0x601B IPv6 over IB). */
    public int signature() {
        return (int) (high >>> 32) & 0xFFFF;
    }

    /** The P_Key field of an IP multicast GID, bytes 4-5. */
    public int ipPKey() {
        return (int) (high >>> 16) & 0xFFFF;
    }

    /** Whether this is an IPoIB (IPv4 0x401B or IPv6 0x601B signature) group. */
    public boolean isIp() {
        return signature() == 0x401B || signature() == 0x601B;
    }

    /** A copy with another scope nibble. */
    public Mgid withScope(int scope) {
        return new Mgid((high & ~(0xFL << 48)) | ((long) (scope & 0xF) << 48), low);
    }

    /** A copy with another P_Key in bytes 4-5. */
    public Mgid withIpPKey(int pkey) {
        return new Mgid((high & ~(0xFFFFL << 16)) | ((long) (pkey & 0xFFFF) << 16), low);
    }

    /** The IPoIB broadcast MGID {@code ff12:401b:<pkey>::ffff:ffff} (scope 2) for a P_Key with the full bit set. */
    public static Mgid ipoibBroadcast(int pkey) {
        return new Mgid(0xFF12_401B_0000_0000L | ((long) ((pkey | 0x8000) & 0xFFFF) << 16), 0x0000_0000_FFFF_FFFFL);
    }

    /**
     * Parses the IPv6 text form: eight groups of 1-4 hex digits separated by {@code :}, at most one {@code ::}
     * standing for one or more zero groups, optionally ending in a dotted IPv4 quad (as {@code inet_pton} accepts).
     *
     * @return the GID, or {@code null} if {@code text} is not in that form
     */
    public static Mgid parse(String text) {
        int[] groups = new int[8];
        int count = 0;
        int gap = -1;
        int i = 0;
        int n = text.length();
        if (text.startsWith("::")) {
            gap = 0;
            i = 2;
            if (n == 2) {
                return new Mgid(0, 0);
            }
        } else if (text.startsWith(":")) {
            return null;
        }
        while (i < n) {
            int start = i;
            while (i < n && isHexDigit(text.charAt(i)) && i - start < 5) {
                i++;
            }
            if (i < n && text.charAt(i) == '.') {
                if (count > 6 || !parseQuad(text.substring(start), groups, count)) {
                    return null;
                }
                count += 2;
                i = n;
                break;
            }
            int len = i - start;
            if (len == 0 || len > 4 || count == 8) {
                return null;
            }
            groups[count++] = Integer.parseInt(text.substring(start, i), 16);
            if (i == n) {
                break;
            }
            if (text.charAt(i) != ':') {
                return null;
            }
            i++;
            if (i < n && text.charAt(i) == ':') {
                if (gap >= 0) {
                    return null;
                }
                gap = count;
                i++;
            } else if (i == n) {
                return null;
            }
        }
        if (gap < 0 ? count != 8 : count > 7) {
            return null;
        }
        int[] full = new int[8];
        if (gap < 0) {
            full = groups;
        } else {
            int tail = count - gap;
            System.arraycopy(groups, 0, full, 0, gap);
            System.arraycopy(groups, gap, full, 8 - tail, tail);
        }
        long high = 0;
        long low = 0;
        for (int g = 0; g < 4; g++) {
            high = (high << 16) | full[g];
            low = (low << 16) | full[g + 4];
        }
        return new Mgid(high, low);
    }

    private static boolean isHexDigit(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean parseQuad(String quad, int[] groups, int at) {
        String[] parts = quad.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        int[] b = new int[4];
        for (int k = 0; k < 4; k++) {
            String p = parts[k];
            if (p.isEmpty() || p.length() > 3) {
                return false;
            }
            for (int c = 0; c < p.length(); c++) {
                if (p.charAt(c) < '0' || p.charAt(c) > '9') {
                    return false;
                }
            }
            b[k] = Integer.parseInt(p);
            if (b[k] > 255) {
                return false;
            }
        }
        groups[at] = (b[0] << 8) | b[1];
        groups[at + 1] = (b[2] << 8) | b[3];
        return true;
    }

    /** The compressed IPv6 text form (longest run of two or more zero groups as {@code ::}). */
    @Override
    public String toString() {
        int[] g = new int[8];
        for (int k = 0; k < 4; k++) {
            g[k] = (int) (high >>> (48 - 16 * k)) & 0xFFFF;
            g[k + 4] = (int) (low >>> (48 - 16 * k)) & 0xFFFF;
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int k = 0; k < 8; ) {
            if (g[k] != 0) {
                k++;
                continue;
            }
            int s = k;
            while (k < 8 && g[k] == 0) {
                k++;
            }
            if (k - s > bestLen) {
                bestStart = s;
                bestLen = k - s;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 8; k++) {
            if (k == bestStart) {
                sb.append(k == 0 ? "::" : ":");
                k += bestLen - 1;
                continue;
            }
            sb.append(Integer.toHexString(g[k]));
            if (k < 7) {
                sb.append(':');
            }
        }
        return sb.toString();
    }

    // equals and hashCode written out: a record's generated ones are linked through method handles at their first
    // call, and the first such link in a JVM costs the daemon's first sweep about 25 ms.
    @Override
    public boolean equals(Object o) {
        return o instanceof Mgid m && m.high == high && m.low == low;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(high) * 31 + Long.hashCode(low);
    }
}
