package dev.jsm.sim;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The M_Key check every simulated SMA makes on the Gets and Sets it receives (IBA 14.2.4): protection levels,
 * M_KeyViolations, Trap 256 and the lease countdown. ibsim 0.10 stores the M_Key fields of PortInfo but checks none, so
 * this is the simulator's own, from the architecture.
 *
 * <p>Confined to the simulator thread, or to a thread holding the {@link FabricState} monitor.
 *
 * <p>In detail: docs/design/sim.md#smamkey.
 */
final class SmaMKey {

    /** The SMP passes. */
    static final int PASS = 0;
    /** A Get passes, and a PortInfo answer's M_Key field must be zeroed (protection level 1). */
    static final int PASS_HIDING_KEY = 1;
    /** The SMP fails the check: dropped, counted, trapped. */
    static final int FAIL = 2;

    private static final int D = Smp.DATA_OFFSET;
    private static final int VIOLATIONS_MAX = 0xFFFF;

    private final FabricState s;
    private final LongSupplier clockMillis;
    /** Per slot: when the running lease countdown ends (clock milliseconds), or {@link Long#MIN_VALUE} if none. */
    private final long[] leaseEnds;

    SmaMKey(FabricState s, LongSupplier clockMillis) {
        this.s = s;
        this.clockMillis = clockMillis;
        this.leaseEnds = new long[s.portSlots];
        Arrays.fill(leaseEnds, Long.MIN_VALUE);
    }

    /**
     * Checks a Get or Set that reached {@code slot}.
     *
     * @return {@link #PASS}, {@link #PASS_HIDING_KEY} or {@link #FAIL} (the violation is already recorded)
     */
    int check(int slot, byte[] mad, boolean set) {
        int port = s.endPort(slot);
        int off = FabricState.piOff(port);
        expireLease(port);
        long key = PortInfo.M_KEY.getLong(s.portInfo, off);
        if (key == 0 || Smp.M_KEY.getLong(mad, 0) == key) {
            leaseEnds[port] = Long.MIN_VALUE;
            return PASS;
        }
        int protect = PortInfo.M_KEY_PROTECT_BITS.getInt(s.portInfo, off);
        if (!set && protect == 0) {
            return PASS;
        }
        if (!set && protect == 1) {
            return PASS_HIDING_KEY;
        }
        int violations = PortInfo.M_KEY_VIOLATIONS.getInt(s.portInfo, off);
        PortInfo.M_KEY_VIOLATIONS.put(s.portInfo, off, Math.min(VIOLATIONS_MAX, violations + 1));
        int lease = PortInfo.M_KEY_LEASE_PERIOD.getInt(s.portInfo, off);
        if (lease != 0 && leaseEnds[port] == Long.MIN_VALUE) {
            leaseEnds[port] = clockMillis.getAsLong() + lease * 1000L;
        }
        return FAIL;
    }

    /** Zeroes the M_Key field of a PortInfo answer (after {@link #PASS_HIDING_KEY}). */
    static void hideKey(byte[] mad) {
        PortInfo.M_KEY.put(mad, D, 0L);
    }

    /**
     * Ends the lease countdown of management port {@code port} if its time has come: M_KeyProtectBits become 0.
     */
    void expireLease(int port) {
        long end = leaseEnds[port];
        if (end != Long.MIN_VALUE && clockMillis.getAsLong() - end >= 0) {
            leaseEnds[port] = Long.MIN_VALUE;
            PortInfo.M_KEY_PROTECT_BITS.put(s.portInfo, FabricState.piOff(port), 0);
        }
    }
}
