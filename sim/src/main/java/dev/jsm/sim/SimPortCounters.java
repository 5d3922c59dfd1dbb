package dev.jsm.sim;

import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;

/**
 * The performance counters of every port slot, as a port's PMA keeps them, in flat primitive arrays: the twelve
 * error counters and PortXmitWait, the 32-bit data and packet counters of PortCounters, and the 64-bit ones of
 * PortCountersExtended (kept apart, cleared apart, as ibsim does). Every MAD that crosses a cable counts one packet
 * of 72 words (a 256-byte MAD plus headers, ibsim's figure) out of one port and into the other, unicast both, so
 * the fabric's own management traffic moves the counters. 32-bit and error counters stop at their maximum (IBA
 * 16.1.3.5); the tests add errors and traffic of their own through {@link SimFaults}.
 *
 * <p>Not thread-safe: guarded by the {@link FabricState} monitor.
 */
final class SimPortCounters {

    /** Words one MAD adds to the data counters on each cable it crosses. */
    static final int WORDS_PER_MAD = 72;
    /** The error counters in CounterSelect bit order (0 SymbolErrorCounter .. 11 VL15Dropped). */
    static final int ERROR_COUNTERS = 12;
    private static final long[] ERROR_MAX = {0xFFFF, 0xFF, 0xFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFF, 0xFF, 0xF, 0xF,
        0xFFFF};
    private static final long U32 = 0xFFFF_FFFFL;
    /** 32-bit data counters per slot: xmit data, rcv data, xmit packets, rcv packets. */
    private static final int DATA = 4;

    private final long[] errors;
    private final long[] xmitWait;
    private final long[] data32;
    private final long[] data64;
    private final long[] unicast64;

    SimPortCounters(int slots) {
        errors = new long[slots * ERROR_COUNTERS];
        xmitWait = new long[slots];
        data32 = new long[slots * DATA];
        data64 = new long[slots * DATA];
        unicast64 = new long[slots * 2];
    }

    /** One MAD crossed the cable from slot {@code out} to slot {@code in}. */
    void crossed(int out, int in) {
        add(out, 0, WORDS_PER_MAD, 1);
        add(in, 1, WORDS_PER_MAD, 1);
    }

    /** Traffic of a test: {@code words} and {@code packets} out of ({@code rcv} false) or into {@code slot}. */
    void traffic(int slot, boolean rcv, long words, long packets) {
        add(slot, rcv ? 1 : 0, words, packets);
    }

    /** Adds {@code count} to error counter {@code bit} (CounterSelect order) of {@code slot}, saturating. */
    void addErrors(int slot, int bit, long count) {
        int i = slot * ERROR_COUNTERS + bit;
        errors[i] = Math.min(ERROR_MAX[bit], errors[i] + count);
    }

    /** Adds {@code ticks} to PortXmitWait of {@code slot}, saturating at 32 bits. */
    void addXmitWait(int slot, long ticks) {
        xmitWait[slot] = Math.min(U32, xmitWait[slot] + ticks);
    }

    /** PortCounters of {@code slot} (PortSelect {@code portSelect}), after clearing what a Set selects. */
    PortCounters portCounters(int slot, int portSelect) {
        long[] e = errors;
        int b = slot * ERROR_COUNTERS;
        int d = slot * DATA;
        return new PortCounters(portSelect, 0, (int) e[b], (int) e[b + 1], (int) e[b + 2], (int) e[b + 3],
                (int) e[b + 4], (int) e[b + 5], (int) e[b + 6], (int) e[b + 7], (int) e[b + 8], 0, (int) e[b + 9],
                (int) e[b + 10], 0, (int) e[b + 11], data32[d], data32[d + 1], data32[d + 2], data32[d + 3],
                xmitWait[slot]);
    }

    /** The sum over {@code slots} (PortSelect 0xFF of a switch), each counter saturating at its width. */
    PortCounters portCountersSum(int firstSlot, int slots) {
        long[] sum = new long[ERROR_COUNTERS + DATA + 1];
        for (int s = firstSlot; s < firstSlot + slots; s++) {
            for (int i = 0; i < ERROR_COUNTERS; i++) {
                sum[i] = Math.min(ERROR_MAX[i], sum[i] + errors[s * ERROR_COUNTERS + i]);
            }
            for (int i = 0; i < DATA; i++) {
                sum[ERROR_COUNTERS + i] = Math.min(U32, sum[ERROR_COUNTERS + i] + data32[s * DATA + i]);
            }
            sum[ERROR_COUNTERS + DATA] = Math.min(U32, sum[ERROR_COUNTERS + DATA] + xmitWait[s]);
        }
        int e = ERROR_COUNTERS;
        return new PortCounters(0xFF, 0, (int) sum[0], (int) sum[1], (int) sum[2], (int) sum[3], (int) sum[4],
                (int) sum[5], (int) sum[6], (int) sum[7], (int) sum[8], 0, (int) sum[9], (int) sum[10], 0,
                (int) sum[11], sum[e], sum[e + 1], sum[e + 2], sum[e + 3], sum[e + DATA]);
    }

    /** Clears on {@code slot} what PortCounters' CounterSelect and CounterSelect2 name. */
    void clear(int slot, int counterSelect, int counterSelect2) {
        for (int i = 0; i < ERROR_COUNTERS; i++) {
            if ((counterSelect & (1 << i)) != 0) {
                errors[slot * ERROR_COUNTERS + i] = 0;
            }
        }
        for (int i = 0; i < DATA; i++) {
            if ((counterSelect & (1 << (ERROR_COUNTERS + i))) != 0) {
                data32[slot * DATA + i] = 0;
            }
        }
        if ((counterSelect2 & 1) != 0) {
            xmitWait[slot] = 0;
        }
    }

    /** PortCountersExtended of {@code slot}; multicast counters are always 0 (every MAD is unicast). */
    PortCountersExtended extended(int slot, int portSelect) {
        int d = slot * DATA;
        return new PortCountersExtended(portSelect, 0, 0, data64[d], data64[d + 1], data64[d + 2], data64[d + 3],
                unicast64[slot * 2], unicast64[slot * 2 + 1], 0, 0);
    }

    /** The sum of PortCountersExtended over {@code slots} (PortSelect 0xFF of a switch). */
    PortCountersExtended extendedSum(int firstSlot, int slots) {
        long[] sum = new long[DATA + 2];
        for (int s = firstSlot; s < firstSlot + slots; s++) {
            for (int i = 0; i < DATA; i++) {
                sum[i] += data64[s * DATA + i];
            }
            sum[DATA] += unicast64[s * 2];
            sum[DATA + 1] += unicast64[s * 2 + 1];
        }
        return new PortCountersExtended(0xFF, 0, 0, sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], 0, 0);
    }

    /** Clears on {@code slot} what PortCountersExtended's CounterSelect names (bits 0-5; 6-7 count nothing). */
    void clearExtended(int slot, int counterSelect) {
        for (int i = 0; i < DATA; i++) {
            if ((counterSelect & (1 << i)) != 0) {
                data64[slot * DATA + i] = 0;
            }
        }
        for (int i = 0; i < 2; i++) {
            if ((counterSelect & (1 << (DATA + i))) != 0) {
                unicast64[slot * 2 + i] = 0;
            }
        }
    }

    /** Zeroes every counter of {@code slot} (the node powered off and on). */
    void reset(int slot) {
        clear(slot, PortCounters.SELECT_ALL, 1);
        clearExtended(slot, PortCountersExtended.SELECT_ALL);
    }

    private void add(int slot, int direction, long words, long packets) {
        int d = slot * DATA;
        data32[d + direction] = Math.min(U32, data32[d + direction] + words);
        data32[d + 2 + direction] = Math.min(U32, data32[d + 2 + direction] + packets);
        data64[d + direction] += words;
        data64[d + 2 + direction] += packets;
        unicast64[slot * 2 + direction] += packets;
    }
}
