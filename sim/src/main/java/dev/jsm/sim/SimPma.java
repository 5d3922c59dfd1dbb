package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;
import java.util.Arrays;

/**
 * The performance management agent of every simulated node (class 0x04; IBA 16.1): answers Get(ClassPortInfo) and
 * Get/Set of PortCounters and PortCountersExtended in place, from {@link SimPortCounters}, and returns the MAD
 * status. As ibsim's PMA: a CA answers for the port the MAD arrived at only (another PortSelect is 0x001C), a switch
 * for any port 0..N or all of them added up (PortSelect 0xFF); a Set clears what CounterSelect names and answers
 * the counters after the clear; ClassPortInfo says ExtendedWidth and XmitWait (switches also AllPortSelect) unless a
 * test changed a node's capabilities, RespTimeValue 0x12.
 *
 * <p>Redirection (IBA 13.5.3.3), for tests: a node told to redirect answers every request that reaches its QP1
 * with status Redirect and a ClassPortInfo naming its own LID, the default P_Key, QP1's Q_Key and the redirect QP,
 * and answers normally what reaches that QP.
 *
 * <p>Confined to the simulator thread.
 */
final class SimPma {

    /** CapabilityMask of a CA's PMA, as ibsim's. */
    static final int CA_CAPABILITIES = PerfMgt.CAP_EXTENDED_WIDTH | PerfMgt.CAP_XMIT_WAIT;
    /** CapabilityMask of a switch's PMA, as ibsim's. */
    static final int SWITCH_CAPABILITIES = PerfMgt.CAP_ALL_PORT_SELECT | CA_CAPABILITIES;
    private static final int RESP_TIME_VALUE = 0x12;
    private static final int DEFAULT_P_KEY = 0xFFFF;
    private static final int D = PerfMgt.DATA_OFFSET;

    private final FabricState s;
    /** CapabilityMask per node; -1 for the default of its kind. */
    private final int[] capabilities;
    /** QP the node's PMA redirects to, 0 for none. */
    private final int[] redirectQp;

    SimPma(FabricState s) {
        this.s = s;
        this.capabilities = new int[s.nodeCount];
        this.redirectQp = new int[s.nodeCount];
        Arrays.fill(capabilities, -1);
    }

    /** Sets the CapabilityMask node {@code n} reports. */
    void setCapabilities(int n, int mask) {
        capabilities[n] = mask;
    }

    /** Makes node {@code n}'s PMA redirect to {@code qp} (0: no redirection). */
    void setRedirect(int n, int qp) {
        redirectQp[n] = qp;
    }

    /**
     * Processes a PerfMgt request that reached end port {@code slot} on queue pair {@code qpn}; the payload is read
     * and answered in place.
     *
     * @return the MAD status
     */
    int handle(int slot, int qpn, byte[] mad) {
        int n = s.portNode[slot];
        if (MadBytes.classVersion(mad) != PerfMgt.CLASS_VERSION) {
            return Sma.STATUS_BAD_VERSION;
        }
        int method = MadBytes.method(mad);
        if (method != Sma.METHOD_GET && method != Sma.METHOD_SET) {
            return Sma.STATUS_METHOD_UNSUPPORTED;
        }
        if (redirectQp[n] != 0 && qpn != redirectQp[n]) {
            classPortInfo(slot, mad);
            return MadStatus.REDIRECT.value();
        }
        boolean set = method == Sma.METHOD_SET;
        return switch (MadBytes.attributeId(mad)) {
            case PerfMgt.CLASS_PORT_INFO -> set ? Sma.STATUS_ATTR_UNSUPPORTED : classPortInfo(slot, mad);
            case PerfMgt.PORT_COUNTERS -> portCounters(slot, set, mad);
            case PerfMgt.PORT_COUNTERS_EXTENDED -> extended(slot, set, mad);
            default -> Sma.STATUS_ATTR_UNSUPPORTED;
        };
    }

    private int classPortInfo(int slot, byte[] mad) {
        int n = s.portNode[slot];
        Arrays.fill(mad, D, mad.length, (byte) 0);
        ClassPortInfoLayout.BASE_VERSION.put(mad, D, 1);
        ClassPortInfoLayout.CLASS_VERSION.put(mad, D, PerfMgt.CLASS_VERSION);
        ClassPortInfoLayout.CAPABILITY_MASK.put(mad, D, capabilities(n));
        ClassPortInfoLayout.RESP_TIME_VALUE.put(mad, D, RESP_TIME_VALUE);
        if (redirectQp[n] != 0) {
            ClassPortInfoLayout.REDIRECT_LID.put(mad, D, s.lid(slot));
            ClassPortInfoLayout.REDIRECT_P_KEY.put(mad, D, DEFAULT_P_KEY);
            ClassPortInfoLayout.REDIRECT_QP.put(mad, D, redirectQp[n]);
            ClassPortInfoLayout.REDIRECT_Q_KEY.put(mad, D, Integer.toUnsignedLong(MadAddress.QP1_QKEY));
        }
        return Sma.STATUS_OK;
    }

    private int portCounters(int slot, boolean set, byte[] mad) {
        int n = s.portNode[slot];
        int select = PortCounters.PORT_SELECT.getInt(mad, D);
        int first = firstSlot(slot, select);
        if (first < 0) {
            return Sma.STATUS_INVALID_FIELD;
        }
        int count = select == PerfMgt.ALL_PORTS ? s.numPorts[n] + 1 : 1;
        if (set) {
            int counterSelect = PortCounters.COUNTER_SELECT.getInt(mad, D);
            int counterSelect2 = PortCounters.COUNTER_SELECT2.getInt(mad, D);
            for (int i = first; i < first + count; i++) {
                s.perf.clear(i, counterSelect, counterSelect2);
            }
        }
        PortCounters pc = count == 1 ? s.perf.portCounters(first, select) : s.perf.portCountersSum(first, count);
        pc.encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int extended(int slot, boolean set, byte[] mad) {
        int n = s.portNode[slot];
        if (!PerfMgt.hasExtendedCounters(capabilities(n))) {
            return Sma.STATUS_ATTR_UNSUPPORTED;
        }
        int select = PortCountersExtended.PORT_SELECT.getInt(mad, D);
        int first = firstSlot(slot, select);
        if (first < 0) {
            return Sma.STATUS_INVALID_FIELD;
        }
        int count = select == PerfMgt.ALL_PORTS ? s.numPorts[n] + 1 : 1;
        if (set) {
            int counterSelect = PortCountersExtended.COUNTER_SELECT.getInt(mad, D);
            for (int i = first; i < first + count; i++) {
                s.perf.clearExtended(i, counterSelect);
            }
        }
        PortCountersExtended x = count == 1 ? s.perf.extended(first, select) : s.perf.extendedSum(first, count);
        x.encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    /** The slot PortSelect names (the first of all for 0xFF on a switch), or -1 if the PMA does not answer for it. */
    private int firstSlot(int slot, int select) {
        int n = s.portNode[slot];
        if (!s.isSwitch[n]) {
            return select == s.portNum(slot) ? slot : -1;
        }
        if (select == PerfMgt.ALL_PORTS && (capabilities(n) & PerfMgt.CAP_ALL_PORT_SELECT) != 0) {
            return s.portBase[n];
        }
        return select <= s.numPorts[n] ? s.portBase[n] + select : -1;
    }

    private int capabilities(int n) {
        return capabilities[n] >= 0 ? capabilities[n] : s.isSwitch[n] ? SWITCH_CAPABILITIES : CA_CAPABILITIES;
    }
}
