package dev.jsm.mad.perf;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * PortCounters (PerfMgt attribute 0x0012, 44 bytes; IBA 16.1.3.5): one port's error counters, its 32-bit data and
 * packet counters and PortXmitWait. The counters stop at their maximum rather than wrap. In a Get, PortSelect names
 * the port; in a Set, CounterSelect (bit 0 SymbolErrorCounter .. bit 11 VL15Dropped, bit 12 PortXmitData .. bit 15
 * PortRcvPkts) and CounterSelect2 (bit 0 PortXmitWait) name the counters to clear. The data counters count 32-bit
 * words. Byte 20 is QP1Dropped in later editions of the spec, reserved in 1.2.1.
 *
 * <p>In detail: docs/design/mad-transport.md#portcounters.
 */
public record PortCounters(int portSelect, int counterSelect, int symbolErrorCounter, int linkErrorRecoveryCounter,
                           int linkDownedCounter, int portRcvErrors, int portRcvRemotePhysicalErrors,
                           int portRcvSwitchRelayErrors, int portXmitDiscards, int portXmitConstraintErrors,
                           int portRcvConstraintErrors, int counterSelect2, int localLinkIntegrityErrors,
                           int excessiveBufferOverrunErrors, int qp1Dropped, int vl15Dropped, long portXmitData,
                           long portRcvData, long portXmitPkts, long portRcvPkts, long portXmitWait) {

    /** Attribute size in bytes. */
    public static final int SIZE = 44;
    /** CounterSelect of every error counter (bits 0-11), not the data and packet counters. */
    public static final int SELECT_ERRORS = 0x0FFF;
    /** CounterSelect of every counter. */
    public static final int SELECT_ALL = 0xFFFF;

    public static final Field PORT_SELECT = Field.u8("PortSelect", 1);
    public static final Field COUNTER_SELECT = Field.u16("CounterSelect", 2);
    public static final Field SYMBOL_ERROR_COUNTER = Field.u16("SymbolErrorCounter", 4);
    public static final Field LINK_ERROR_RECOVERY_COUNTER = Field.u8("LinkErrorRecoveryCounter", 6);
    public static final Field LINK_DOWNED_COUNTER = Field.u8("LinkDownedCounter", 7);
    public static final Field PORT_RCV_ERRORS = Field.u16("PortRcvErrors", 8);
    public static final Field PORT_RCV_REMOTE_PHYSICAL_ERRORS = Field.u16("PortRcvRemotePhysicalErrors", 10);
    public static final Field PORT_RCV_SWITCH_RELAY_ERRORS = Field.u16("PortRcvSwitchRelayErrors", 12);
    public static final Field PORT_XMIT_DISCARDS = Field.u16("PortXmitDiscards", 14);
    public static final Field PORT_XMIT_CONSTRAINT_ERRORS = Field.u8("PortXmitConstraintErrors", 16);
    public static final Field PORT_RCV_CONSTRAINT_ERRORS = Field.u8("PortRcvConstraintErrors", 17);
    public static final Field COUNTER_SELECT2 = Field.u8("CounterSelect2", 18);
    public static final Field LOCAL_LINK_INTEGRITY_ERRORS = Field.bits("LocalLinkIntegrityErrors", 19, 7, 4);
    public static final Field EXCESSIVE_BUFFER_OVERRUN_ERRORS = Field.bits("ExcessiveBufferOverrunErrors", 19, 3, 0);
    public static final Field QP1_DROPPED = Field.u16("QP1Dropped", 20);
    public static final Field VL15_DROPPED = Field.u16("VL15Dropped", 22);
    public static final Field PORT_XMIT_DATA = Field.u32("PortXmitData", 24);
    public static final Field PORT_RCV_DATA = Field.u32("PortRcvData", 28);
    public static final Field PORT_XMIT_PKTS = Field.u32("PortXmitPkts", 32);
    public static final Field PORT_RCV_PKTS = Field.u32("PortRcvPkts", 36);
    public static final Field PORT_XMIT_WAIT = Field.u32("PortXmitWait", 40);

    public static final Layout LAYOUT = Layout.of("PortCounters", SIZE, Field.reservedBytes(0, 1), PORT_SELECT,
            COUNTER_SELECT, SYMBOL_ERROR_COUNTER, LINK_ERROR_RECOVERY_COUNTER, LINK_DOWNED_COUNTER, PORT_RCV_ERRORS,
            PORT_RCV_REMOTE_PHYSICAL_ERRORS, PORT_RCV_SWITCH_RELAY_ERRORS, PORT_XMIT_DISCARDS,
            PORT_XMIT_CONSTRAINT_ERRORS, PORT_RCV_CONSTRAINT_ERRORS, COUNTER_SELECT2, LOCAL_LINK_INTEGRITY_ERRORS,
            EXCESSIVE_BUFFER_OVERRUN_ERRORS, QP1_DROPPED, VL15_DROPPED, PORT_XMIT_DATA, PORT_RCV_DATA, PORT_XMIT_PKTS,
            PORT_RCV_PKTS, PORT_XMIT_WAIT);

    /** A Get of port {@code port}: PortSelect set, everything else zero. */
    public static PortCounters select(int port) {
        return clear(port, 0, 0);
    }

    /** A Set that clears the counters {@code counterSelect} and {@code counterSelect2} name on port {@code port}. */
    public static PortCounters clear(int port, int counterSelect, int counterSelect2) {
        return new PortCounters(port, counterSelect, 0, 0, 0, 0, 0, 0, 0, 0, 0, counterSelect2, 0, 0, 0, 0, 0, 0, 0,
                0, 0);
    }

    /** Decodes the attribute at {@code off}. */
    public static PortCounters decode(byte[] b, int off) {
        return new PortCounters(PORT_SELECT.getInt(b, off), COUNTER_SELECT.getInt(b, off),
                SYMBOL_ERROR_COUNTER.getInt(b, off), LINK_ERROR_RECOVERY_COUNTER.getInt(b, off),
                LINK_DOWNED_COUNTER.getInt(b, off), PORT_RCV_ERRORS.getInt(b, off),
                PORT_RCV_REMOTE_PHYSICAL_ERRORS.getInt(b, off), PORT_RCV_SWITCH_RELAY_ERRORS.getInt(b, off),
                PORT_XMIT_DISCARDS.getInt(b, off), PORT_XMIT_CONSTRAINT_ERRORS.getInt(b, off),
                PORT_RCV_CONSTRAINT_ERRORS.getInt(b, off), COUNTER_SELECT2.getInt(b, off),
                LOCAL_LINK_INTEGRITY_ERRORS.getInt(b, off), EXCESSIVE_BUFFER_OVERRUN_ERRORS.getInt(b, off),
                QP1_DROPPED.getInt(b, off), VL15_DROPPED.getInt(b, off), PORT_XMIT_DATA.getLong(b, off),
                PORT_RCV_DATA.getLong(b, off), PORT_XMIT_PKTS.getLong(b, off), PORT_RCV_PKTS.getLong(b, off),
                PORT_XMIT_WAIT.getLong(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved byte zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        PORT_SELECT.put(b, off, portSelect);
        COUNTER_SELECT.put(b, off, counterSelect);
        SYMBOL_ERROR_COUNTER.put(b, off, symbolErrorCounter);
        LINK_ERROR_RECOVERY_COUNTER.put(b, off, linkErrorRecoveryCounter);
        LINK_DOWNED_COUNTER.put(b, off, linkDownedCounter);
        PORT_RCV_ERRORS.put(b, off, portRcvErrors);
        PORT_RCV_REMOTE_PHYSICAL_ERRORS.put(b, off, portRcvRemotePhysicalErrors);
        PORT_RCV_SWITCH_RELAY_ERRORS.put(b, off, portRcvSwitchRelayErrors);
        PORT_XMIT_DISCARDS.put(b, off, portXmitDiscards);
        PORT_XMIT_CONSTRAINT_ERRORS.put(b, off, portXmitConstraintErrors);
        PORT_RCV_CONSTRAINT_ERRORS.put(b, off, portRcvConstraintErrors);
        COUNTER_SELECT2.put(b, off, counterSelect2);
        LOCAL_LINK_INTEGRITY_ERRORS.put(b, off, localLinkIntegrityErrors);
        EXCESSIVE_BUFFER_OVERRUN_ERRORS.put(b, off, excessiveBufferOverrunErrors);
        QP1_DROPPED.put(b, off, qp1Dropped);
        VL15_DROPPED.put(b, off, vl15Dropped);
        PORT_XMIT_DATA.put(b, off, portXmitData);
        PORT_RCV_DATA.put(b, off, portRcvData);
        PORT_XMIT_PKTS.put(b, off, portXmitPkts);
        PORT_RCV_PKTS.put(b, off, portRcvPkts);
        PORT_XMIT_WAIT.put(b, off, portXmitWait);
    }
}
