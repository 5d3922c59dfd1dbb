package dev.jsm.daemon.perfmgr;

import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;

/**
 * The counters the performance manager keeps per port, in the order of its arrays: the twelve error counters in
 * PortCounters.CounterSelect bit order (OpenSM's order of its error messages), PortXmitWait, then the data and
 * packet counters of PortCountersExtended (from PortCounters' 32-bit ones where a port has no extended counters).
 * Each carries its name in the spec (log lines), in OpenSM's counter dumps, and its width on the wire (the
 * threshold at which the manager clears it).
 */
public enum Counter {
    SYMBOL_ERROR("SymbolErrorCounter", "symbol_err_cnt", 16),
    LINK_ERROR_RECOVERY("LinkErrorRecoveryCounter", "link_err_recover", 8),
    LINK_DOWNED("LinkDownedCounter", "link_downed", 8),
    RCV_ERRORS("PortRcvErrors", "rcv_err", 16),
    RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", "rcv_rem_phys_err", 16),
    RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", "rcv_switch_relay_err", 16),
    XMIT_DISCARDS("PortXmitDiscards", "xmit_discards", 16),
    XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", "xmit_constraint_err", 8),
    RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", "rcv_constraint_err", 8),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", "link_integrity_err", 4),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", "buf_overrun_err", 4),
    VL15_DROPPED("VL15Dropped", "vl15_dropped", 16),
    XMIT_WAIT("PortXmitWait", "xmit_wait", 32),
    XMIT_DATA("PortXmitData", "xmit_data", 64),
    RCV_DATA("PortRcvData", "rcv_data", 64),
    XMIT_PKTS("PortXmitPkts", "xmit_pkts", 64),
    RCV_PKTS("PortRcvPkts", "rcv_pkts", 64),
    UNICAST_XMIT_PKTS("PortUnicastXmitPkts", "unicast_xmit_pkts", 64),
    UNICAST_RCV_PKTS("PortUnicastRcvPkts", "unicast_rcv_pkts", 64),
    MULTICAST_XMIT_PKTS("PortMulticastXmitPkts", "multicast_xmit_pkts", 64),
    MULTICAST_RCV_PKTS("PortMulticastRcvPkts", "multicast_rcv_pkts", 64);

    /** How many counters a port has: the stride of the arrays. */
    public static final int COUNT = values().length;
    /** The error counters are {@code 0 .. ERRORS - 1}. */
    public static final int ERRORS = 12;
    /** The first data counter; the error counters and XmitWait come before it. */
    public static final int FIRST_DATA = XMIT_DATA.ordinal();
    /** The data counters PortCounters has in 32 bits: data and packets, each way. */
    public static final int DATA_32 = 4;

    private static final Counter[] ALL = values();

    private final String specName;
    private final String dumpName;
    private final int width;

    Counter(String specName, String dumpName, int width) {
        this.specName = specName;
        this.dumpName = dumpName;
        this.width = width;
    }

    /** The counter at {@code index} of the arrays. */
    public static Counter at(int index) {
        return ALL[index];
    }

    /** The spec's name, as the error log lines use it. */
    public String specName() {
        return specName;
    }

    /** OpenSM's name in its counter dumps and prints ({@code symbol_err_cnt}, ...). */
    public String dumpName() {
        return dumpName;
    }

    /** Whether this is a data or packet counter. */
    public boolean isData() {
        return ordinal() >= FIRST_DATA;
    }

    /**
     * Whether a wire value of this counter in PortCounters ({@code width} bits, or 32 for the data counters there)
     * is close enough to its maximum to be cleared: at three quarters, as OpenSM; a 4-bit counter at 10.
     */
    static boolean nearFull(long value, int bits) {
        return switch (bits) {
            case 4 -> value >= 10;
            case 64 -> Long.compareUnsigned(value, 0xC000_0000_0000_0000L) >= 0;
            default -> value >= ((1L << bits) - 1) - (((1L << bits) - 1) / 4);
        };
    }

    /** The wire width of this counter in PortCounters (the data counters are 32 bits there). */
    int portCountersWidth() {
        return isData() ? 32 : width;
    }

    /** The error counters and XmitWait of a PortCounters reading, in array order ({@code xmitWait} 0 if absent). */
    static void errors(PortCounters pc, boolean xmitWait, long[] out) {
        out[0] = pc.symbolErrorCounter();
        out[1] = pc.linkErrorRecoveryCounter();
        out[2] = pc.linkDownedCounter();
        out[3] = pc.portRcvErrors();
        out[4] = pc.portRcvRemotePhysicalErrors();
        out[5] = pc.portRcvSwitchRelayErrors();
        out[6] = pc.portXmitDiscards();
        out[7] = pc.portXmitConstraintErrors();
        out[8] = pc.portRcvConstraintErrors();
        out[9] = pc.localLinkIntegrityErrors();
        out[10] = pc.excessiveBufferOverrunErrors();
        out[11] = pc.vl15Dropped();
        out[12] = xmitWait ? pc.portXmitWait() : 0;
    }

    /** The 32-bit data counters of a PortCounters reading at {@code out[FIRST_DATA..]}, the others 0. */
    static void data(PortCounters pc, long[] out) {
        out[FIRST_DATA] = pc.portXmitData();
        out[FIRST_DATA + 1] = pc.portRcvData();
        out[FIRST_DATA + 2] = pc.portXmitPkts();
        out[FIRST_DATA + 3] = pc.portRcvPkts();
        for (int i = FIRST_DATA + DATA_32; i < COUNT; i++) {
            out[i] = 0;
        }
    }

    /** The counters of a PortCountersExtended reading at {@code out[FIRST_DATA..]}; without IETF ones those 0. */
    static void data(PortCountersExtended x, boolean ietf, long[] out) {
        out[FIRST_DATA] = x.portXmitData();
        out[FIRST_DATA + 1] = x.portRcvData();
        out[FIRST_DATA + 2] = x.portXmitPkts();
        out[FIRST_DATA + 3] = x.portRcvPkts();
        out[FIRST_DATA + 4] = ietf ? x.portUnicastXmitPkts() : 0;
        out[FIRST_DATA + 5] = ietf ? x.portUnicastRcvPkts() : 0;
        out[FIRST_DATA + 6] = ietf ? x.portMulticastXmitPkts() : 0;
        out[FIRST_DATA + 7] = ietf ? x.portMulticastRcvPkts() : 0;
    }
}
