package dev.jsm.partitions;

import java.util.Arrays;

/**
 * Places one port's P_Keys into its table the way OpenSM does, and derives the table of the switch port facing a CA
 * or router.
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/partitions.md#pkeytablebuilder.
 */
public final class PKeyTableBuilder {

    private static final int DEFAULT_PKEY = 0x7FFF;

    private PKeyTableBuilder() {
    }

    /**
     * A table and the keys that did not fit it.
     *
     * @param table the table to program
     * @param dropped keys (with membership bit) left out for lack of room, in order
     */
    public record Placement(PortPKeyTable table, int[] dropped) {

        /** Whether every key fitted. */
        public boolean complete() {
            return dropped.length == 0;
        }
    }

    /**
     * The table of an end port.
     *
     * @param wanted the port's keys with membership bits, in placement order ({@link PartitionSet#pkeysOf})
     * @param indx0Key the key {@code indx0} put at index 0, or 0
     * @param held what the port holds now, or {@code null} if unknown
     * @param capacity NodeInfo.PartitionCap
     */
    public static Placement endPort(int[] wanted, int indx0Key, PortPKeyTable held, int capacity, PKeyOptions options) {
        boolean both = options.allowBothPKeys();
        int[] keys = dedupe(wanted, both);
        int[] table = new int[Math.max(capacity, 0)];
        boolean[] placed = new boolean[keys.length];
        int top = 0;
        for (int k = 0; k < keys.length && capacity > 0; k++) {
            if (indx0Key != 0 ? same(keys[k], indx0Key, both)
                    : (both ? keys[k] == (DEFAULT_PKEY | 0x8000) : (keys[k] & 0x7FFF) == DEFAULT_PKEY)) {
                table[0] = keys[k];
                placed[k] = true;
                break;
            }
        }
        if (options.keepPKeyIndexes() && held != null) {
            int limit = Math.min(capacity, held.blockCount() * PortPKeyTable.BLOCK_SIZE);
            for (int i = 1; i < limit; i++) {
                int h = held.entry(i);
                for (int k = 0; h != 0 && k < keys.length; k++) {
                    if (!placed[k] && same(keys[k], h, both)) {
                        table[i] = keys[k];
                        placed[k] = true;
                        top = i;
                        break;
                    }
                }
            }
        }
        int next = top + 1;
        int[] dropped = new int[keys.length];
        int nDropped = 0;
        for (int k = 0; k < keys.length; k++) {
            if (placed[k]) {
                continue;
            }
            if (next < capacity) {
                table[next++] = keys[k];
                continue;
            }
            int hole = freeSlot(table);
            if (hole > 0) {
                table[hole] = keys[k];
            } else {
                dropped[nDropped++] = keys[k];
            }
        }
        return new Placement(PortPKeyTable.of(capacity, table), Arrays.copyOf(dropped, nDropped));
    }

    /**
     * The table of the switch port facing an end port whose table is {@code endTable}.
     *
     * @param capacity SwitchInfo.PartitionEnforcementCap
     */
    public static Placement switchPort(PortPKeyTable endTable, int capacity) {
        int[] src = endTable.entries();
        int[] out = new int[src.length];
        int n = 0;
        for (int v : src) {
            if (v == 0 || ((v & 0x8000) == 0 && contains(src, v | 0x8000))) {
                continue;
            }
            out[n++] = v;
        }
        int fit = Math.min(n, Math.max(capacity, 0));
        return new Placement(PortPKeyTable.of(Math.max(capacity, 0), Arrays.copyOf(out, fit)),
                Arrays.copyOfRange(out, fit, n));
    }

    private static int[] dedupe(int[] wanted, boolean both) {
        int[] out = new int[wanted.length];
        int n = 0;
        for (int w : wanted) {
            int at = -1;
            for (int k = 0; k < n; k++) {
                if (same(out[k], w, both)) {
                    at = k;
                    break;
                }
            }
            if (at < 0) {
                out[n++] = w;
            } else {
                out[at] |= w & 0x8000;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static boolean same(int a, int b, boolean both) {
        return both ? (a & 0xFFFF) == (b & 0xFFFF) : (a & 0x7FFF) == (b & 0x7FFF);
    }

    private static int freeSlot(int[] table) {
        for (int i = 1; i < table.length; i++) {
            if (table[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(int[] a, int v) {
        for (int x : a) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }
}
