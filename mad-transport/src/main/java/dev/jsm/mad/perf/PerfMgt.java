package dev.jsm.mad.perf;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;

/**
 * The performance management class (0x04, class version 1; IBA 16.1): its attribute IDs, the capability bits of its
 * ClassPortInfo, and its MAD layout - the common header, 40 reserved bytes, then the attribute at byte 64. A
 * Performance Management Agent (PMA) answers on QP1 at the port's LID (a switch's at port 0's LID, every port
 * chosen by PortSelect). The attribute IDs are the class's own: 0x0012 is SwitchInfo in the SMP class.
 *
 * <p>Immutable; safe to share.
 */
public final class PerfMgt {

    /** Class version of PerfMgt MADs. */
    public static final int CLASS_VERSION = 1;
    /** Offset of the attribute in a PerfMgt MAD. */
    public static final int DATA_OFFSET = 64;

    /** ClassPortInfo (IBA 16.1.2). */
    public static final int CLASS_PORT_INFO = 0x0001;
    /** PortCounters (IBA 16.1.3.5). */
    public static final int PORT_COUNTERS = 0x0012;
    /** PortCountersExtended (IBA 16.1.4.11). */
    public static final int PORT_COUNTERS_EXTENDED = 0x001D;

    /** CapabilityMask bit 8: PortSelect 0xFF (all ports) is supported. */
    public static final int CAP_ALL_PORT_SELECT = 1 << 8;
    /** CapabilityMask bit 9: PortCountersExtended with every field (the "IETF" counters included). */
    public static final int CAP_EXTENDED_WIDTH = 1 << 9;
    /** CapabilityMask bit 10: PortCountersExtended without the unicast and multicast packet counters. */
    public static final int CAP_EXTENDED_WIDTH_NO_IETF = 1 << 10;
    /** CapabilityMask bit 12: PortCounters.PortXmitWait is supported. */
    public static final int CAP_XMIT_WAIT = 1 << 12;

    /** PortSelect for every port of a switch together (when {@link #CAP_ALL_PORT_SELECT}). */
    public static final int ALL_PORTS = 0xFF;

    private PerfMgt() {
    }

    /**
     * A PerfMgt request MAD: header (base version 1, class 0x04, version 1, {@code method}, {@code attributeId},
     * modifier 0, TransactionID {@code tid}), the rest zero for the caller to fill at {@link #DATA_OFFSET}.
     */
    public static byte[] request(int method, int attributeId, long tid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.PERF_MGT.value(), CLASS_VERSION, method, 0, 0, tid, attributeId, 0)
                .encodeTo(mad);
        return mad;
    }

    /** Whether {@code capabilityMask} promises PortCountersExtended (with or without the IETF counters). */
    public static boolean hasExtendedCounters(int capabilityMask) {
        return (capabilityMask & (CAP_EXTENDED_WIDTH | CAP_EXTENDED_WIDTH_NO_IETF)) != 0;
    }
}
