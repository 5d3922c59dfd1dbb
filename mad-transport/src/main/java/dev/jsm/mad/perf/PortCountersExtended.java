package dev.jsm.mad.perf;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * PortCountersExtended (PerfMgt attribute 0x001D, 72 bytes; IBA 16.1.4.11): one port's data and packet counters in
 * 64 bits, for ports whose PMA says so in ClassPortInfo ({@link PerfMgt#CAP_EXTENDED_WIDTH}; with
 * {@link PerfMgt#CAP_EXTENDED_WIDTH_NO_IETF} the unicast and multicast counters are not kept). In a Set,
 * CounterSelect (bit 0 PortXmitData .. bit 7 PortMulticastRcvPkts) names the counters to clear. CounterSelect2 is
 * reserved in 1.2.1.
 *
 * <p>Immutable; safe to share.
 *
 * @param portSelect PortSelect
 * @param counterSelect CounterSelect (16 bits)
 * @param counterSelect2 CounterSelect2 (unsigned 32 bits)
 * @param portXmitData PortXmitData (in words)
 * @param portRcvData PortRcvData (in words)
 * @param portXmitPkts PortXmitPkts
 * @param portRcvPkts PortRcvPkts
 * @param portUnicastXmitPkts PortUnicastXmitPkts
 * @param portUnicastRcvPkts PortUnicastRcvPkts
 * @param portMulticastXmitPkts PortMulticastXmitPkts
 * @param portMulticastRcvPkts PortMulticastRcvPkts
 */
public record PortCountersExtended(int portSelect, int counterSelect, long counterSelect2, long portXmitData,
                                   long portRcvData, long portXmitPkts, long portRcvPkts, long portUnicastXmitPkts,
                                   long portUnicastRcvPkts, long portMulticastXmitPkts, long portMulticastRcvPkts) {

    /** Attribute size in bytes. */
    public static final int SIZE = 72;
    /** CounterSelect of all eight counters, as OpenSM sends it. */
    public static final int SELECT_ALL = 0x00FF;

    public static final Field PORT_SELECT = Field.u8("PortSelect", 1);
    public static final Field COUNTER_SELECT = Field.u16("CounterSelect", 2);
    public static final Field COUNTER_SELECT2 = Field.u32("CounterSelect2", 4);
    public static final Field PORT_XMIT_DATA = Field.u64("PortXmitData", 8);
    public static final Field PORT_RCV_DATA = Field.u64("PortRcvData", 16);
    public static final Field PORT_XMIT_PKTS = Field.u64("PortXmitPkts", 24);
    public static final Field PORT_RCV_PKTS = Field.u64("PortRcvPkts", 32);
    public static final Field PORT_UNICAST_XMIT_PKTS = Field.u64("PortUnicastXmitPkts", 40);
    public static final Field PORT_UNICAST_RCV_PKTS = Field.u64("PortUnicastRcvPkts", 48);
    public static final Field PORT_MULTICAST_XMIT_PKTS = Field.u64("PortMulticastXmitPkts", 56);
    public static final Field PORT_MULTICAST_RCV_PKTS = Field.u64("PortMulticastRcvPkts", 64);

    public static final Layout LAYOUT = Layout.of("PortCountersExtended", SIZE, Field.reservedBytes(0, 1),
            PORT_SELECT, COUNTER_SELECT, COUNTER_SELECT2, PORT_XMIT_DATA, PORT_RCV_DATA, PORT_XMIT_PKTS, PORT_RCV_PKTS,
            PORT_UNICAST_XMIT_PKTS, PORT_UNICAST_RCV_PKTS, PORT_MULTICAST_XMIT_PKTS, PORT_MULTICAST_RCV_PKTS);

    /** A Get of port {@code port} (or a Set clearing {@code counterSelect} there): the counters zero. */
    public static PortCountersExtended select(int port, int counterSelect) {
        return new PortCountersExtended(port, counterSelect, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Decodes the attribute at {@code off}. */
    public static PortCountersExtended decode(byte[] b, int off) {
        return new PortCountersExtended(PORT_SELECT.getInt(b, off), COUNTER_SELECT.getInt(b, off),
                COUNTER_SELECT2.getLong(b, off), PORT_XMIT_DATA.getLong(b, off), PORT_RCV_DATA.getLong(b, off),
                PORT_XMIT_PKTS.getLong(b, off), PORT_RCV_PKTS.getLong(b, off),
                PORT_UNICAST_XMIT_PKTS.getLong(b, off), PORT_UNICAST_RCV_PKTS.getLong(b, off),
                PORT_MULTICAST_XMIT_PKTS.getLong(b, off), PORT_MULTICAST_RCV_PKTS.getLong(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved byte zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        PORT_SELECT.put(b, off, portSelect);
        COUNTER_SELECT.put(b, off, counterSelect);
        COUNTER_SELECT2.put(b, off, counterSelect2);
        PORT_XMIT_DATA.put(b, off, portXmitData);
        PORT_RCV_DATA.put(b, off, portRcvData);
        PORT_XMIT_PKTS.put(b, off, portXmitPkts);
        PORT_RCV_PKTS.put(b, off, portRcvPkts);
        PORT_UNICAST_XMIT_PKTS.put(b, off, portUnicastXmitPkts);
        PORT_UNICAST_RCV_PKTS.put(b, off, portUnicastRcvPkts);
        PORT_MULTICAST_XMIT_PKTS.put(b, off, portMulticastXmitPkts);
        PORT_MULTICAST_RCV_PKTS.put(b, off, portMulticastRcvPkts);
    }
}
