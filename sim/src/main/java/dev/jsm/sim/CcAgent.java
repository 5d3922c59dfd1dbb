package dev.jsm.sim;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.CongestionInfo;
import dev.jsm.mad.cc.CongestionKeyInfo;
import dev.jsm.mad.cc.CongestionLog;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.cc.SwitchPortCongestionSetting;
import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.sim.topo.NodeKind;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * The Congestion Control Manager Agent of every simulated switch and CA (class 0x21;
 * {@code docs/congestion-control.md#the-simulators-agent}): checks the CC_Key, answers Get and Set in place from
 * {@link CongestionState} and returns the MAD status, or {@link #NO_ANSWER} for a MAD that failed the key check.
 *
 * <ul>
 *   <li>A switch answers at port 0 for ClassPortInfo, CongestionInfo, CongestionKeyInfo, CongestionLog,
 *       SwitchCongestionSetting, SwitchPortCongestionSetting (blocks of 32 ports up to its last port) and TimeStamp;
 *       a CA port for the same but CACongestionSetting and CongestionControlTable (ControlTableCap blocks) instead of
 *       the switch's two. A Set answers the attribute as stored after it.</li>
 *   <li>A Set stores the whole attribute as written; Control_Map is kept, not applied (the sources disagree on the
 *       switch's bits). A CongestionControlTable Set stores its block's 64 entries and the CCTI_Limit.</li>
 *   <li>Statuses: class version other than 2 0x0004, a method other than Get and Set 0x0008, an attribute the node
 *       does not have or a Set of a read-only one 0x000C, a block beyond the node's or a CCTI_Limit beyond the table
 *       0x001C. A router, or a node a test left without agent, answers every Get and Set 0x000C, as Linux's MAD
 *       layer answers a class no agent registered.</li>
 *   <li>CC_Key: a port whose key is 0 accepts everything; a MAD with the port's key passes and stops a running lease
 *       countdown. Any other MAD fails, except a Get of CongestionKeyInfo, which is answered (with the key zeroed if
 *       CC_KeyProtectBit is set). A MAD that fails gets no answer and counts in CC_KeyViolations (saturating);
 *       when CC_KeyLeasePeriod is not 0 and no countdown runs, one starts, and when it ends the protect bit clears.
 *       No trap is sent: ClassPortInfo says the agent sends none.</li>
 * </ul>
 *
 * <p>Confined to the simulator thread, or to a thread holding the {@link FabricState} monitor.
 *
 * <p>In detail: docs/design/sim.md#ccagent.
 */
final class CcAgent {

    /** Returned by {@link #handle} for a MAD that failed the CC_Key check: it is dropped unanswered. */
    static final int NO_ANSWER = -1;

    private static final int RESP_TIME_VALUE = 0x12;
    private static final int VIOLATIONS_MAX = 0xFFFF;
    private static final int D = CongestionControl.DATA_OFFSET;
    private static final int LOG = CongestionControl.LOG_DATA_OFFSET;

    private final FabricState s;
    private final CongestionState cc;
    private final LongSupplier clockMillis;

    CcAgent(FabricState s, LongSupplier clockMillis) {
        this.s = s;
        this.cc = s.cc;
        this.clockMillis = clockMillis;
    }

    /**
     * Processes a congestion control request that reached end port {@code end}; the MAD is answered in place.
     *
     * @return the MAD status, or {@link #NO_ANSWER}
     */
    int handle(int end, byte[] mad) {
        int n = s.portNode[end];
        int method = MadBytes.method(mad);
        boolean request = method == Sma.METHOD_GET || method == Sma.METHOD_SET;
        if (!hasAgent(n)) {
            return request ? Sma.STATUS_ATTR_UNSUPPORTED : NO_ANSWER;
        }
        if (MadBytes.classVersion(mad) != CongestionControl.CLASS_VERSION) {
            return Sma.STATUS_BAD_VERSION;
        }
        int attr = MadBytes.attributeId(mad);
        boolean set = method == Sma.METHOD_SET;
        boolean keyGet = attr == CongestionControl.CONGESTION_KEY_INFO && method == Sma.METHOD_GET;
        if (!keyPasses(end, mad, keyGet)) {
            return NO_ANSWER;
        }
        if (!request) {
            return Sma.STATUS_METHOD_UNSUPPORTED;
        }
        boolean sw = s.isSwitch[n];
        long modifier = MadBytes.attributeModifier(mad);
        return switch (attr) {
            case CongestionControl.CLASS_PORT_INFO -> set ? Sma.STATUS_ATTR_UNSUPPORTED : classPortInfo(mad);
            case CongestionControl.CONGESTION_INFO -> set ? Sma.STATUS_ATTR_UNSUPPORTED : congestionInfo(n, mad);
            case CongestionControl.CONGESTION_KEY_INFO -> keyInfo(end, set, keyGet && !matches(end, mad), mad);
            case CongestionControl.CONGESTION_LOG -> set ? Sma.STATUS_ATTR_UNSUPPORTED : log(sw, mad);
            case CongestionControl.TIME_STAMP -> set ? Sma.STATUS_ATTR_UNSUPPORTED : timeStamp(mad);
            case CongestionControl.SWITCH_CONGESTION_SETTING ->
                    sw ? switchSetting(n, set, mad) : Sma.STATUS_ATTR_UNSUPPORTED;
            case CongestionControl.SWITCH_PORT_CONGESTION_SETTING ->
                    sw ? switchPortSetting(n, set, modifier, mad) : Sma.STATUS_ATTR_UNSUPPORTED;
            case CongestionControl.CA_CONGESTION_SETTING ->
                    sw ? Sma.STATUS_ATTR_UNSUPPORTED : caSetting(end, set, mad);
            case CongestionControl.CONGESTION_CONTROL_TABLE ->
                    sw ? Sma.STATUS_ATTR_UNSUPPORTED : table(end, set, modifier, mad);
            default -> Sma.STATUS_ATTR_UNSUPPORTED;
        };
    }

    /** Whether node {@code n} has an agent: a switch or CA a test did not take it from. */
    boolean hasAgent(int n) {
        return !cc.noAgent[n] && s.topology.node(n).kind() != NodeKind.ROUTER;
    }

    /** The CongestionKeyInfo of end port {@code end} now (a lease that ran out has ended first). */
    CongestionKeyInfo keyInfo(int end) {
        expireLease(end);
        return new CongestionKeyInfo(cc.ccKey[end], cc.protect[end], cc.leasePeriod[end], cc.violations[end]);
    }

    private boolean matches(int end, byte[] mad) {
        long key = cc.ccKey[end];
        return key == 0 || CongestionControl.CC_KEY.getLong(mad, 0) == key;
    }

    private boolean keyPasses(int end, byte[] mad, boolean keyGet) {
        expireLease(end);
        if (matches(end, mad)) {
            cc.leaseEnds[end] = CongestionState.NO_LEASE;
            return true;
        }
        if (keyGet) {
            return true;
        }
        cc.violations[end] = Math.min(VIOLATIONS_MAX, cc.violations[end] + 1);
        if (cc.leasePeriod[end] != 0 && cc.leaseEnds[end] == CongestionState.NO_LEASE) {
            cc.leaseEnds[end] = clockMillis.getAsLong() + cc.leasePeriod[end] * 1000L;
        }
        return false;
    }

    private void expireLease(int end) {
        long ends = cc.leaseEnds[end];
        if (ends != CongestionState.NO_LEASE && clockMillis.getAsLong() - ends >= 0) {
            cc.leaseEnds[end] = CongestionState.NO_LEASE;
            cc.protect[end] = false;
        }
    }

    private static int classPortInfo(byte[] mad) {
        clear(mad);
        ClassPortInfoLayout.BASE_VERSION.put(mad, D, 1);
        ClassPortInfoLayout.CLASS_VERSION.put(mad, D, CongestionControl.CLASS_VERSION);
        ClassPortInfoLayout.RESP_TIME_VALUE.put(mad, D, RESP_TIME_VALUE);
        return Sma.STATUS_OK;
    }

    private int congestionInfo(int n, byte[] mad) {
        clear(mad);
        new CongestionInfo(0, s.isSwitch[n] ? 0 : cc.tableBlocks[n]).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int keyInfo(int end, boolean set, boolean hideKey, byte[] mad) {
        if (set) {
            CongestionKeyInfo in = CongestionKeyInfo.decode(mad, D);
            cc.ccKey[end] = in.ccKey();
            cc.protect[end] = in.protectBit();
            cc.leasePeriod[end] = in.leasePeriod();
            if (in.violations() == 0) {
                cc.violations[end] = 0;
            }
        }
        CongestionKeyInfo now = keyInfo(end);
        clear(mad);
        new CongestionKeyInfo(hideKey && now.protectBit() ? 0 : now.ccKey(), now.protectBit(), now.leasePeriod(),
                now.violations()).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int log(boolean sw, byte[] mad) {
        long now = timeStampNow();
        (sw ? CongestionLog.ofSwitch(0, 0, now, BigInteger.ZERO) : CongestionLog.ofCa(0, 0, 0, now))
                .encodeTo(mad, LOG);
        return Sma.STATUS_OK;
    }

    private int timeStamp(byte[] mad) {
        clear(mad);
        CongestionControl.TIME_STAMP_VALUE.put(mad, D, timeStampNow());
        return Sma.STATUS_OK;
    }

    /** The free-running clock in units of 1.024 microseconds (1000 ms = 976,562.5 units), 32 bits. */
    private long timeStampNow() {
        return clockMillis.getAsLong() * 15_625 / 16 & 0xFFFF_FFFFL;
    }

    private int switchSetting(int n, boolean set, byte[] mad) {
        if (set) {
            cc.sw[n] = SwitchCongestionSetting.decode(mad, D);
        }
        clear(mad);
        cc.switchSetting(n).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int switchPortSetting(int n, boolean set, long modifier, byte[] mad) {
        int ports = s.numPorts[n];
        if (modifier > ports / SwitchPortCongestionSetting.PORTS_PER_BLOCK) {
            return Sma.STATUS_INVALID_FIELD;
        }
        int first = (int) modifier * SwitchPortCongestionSetting.PORTS_PER_BLOCK;
        if (set) {
            SwitchPortCongestionSetting in = SwitchPortCongestionSetting.decode(mad, D);
            if (cc.swPorts[n] == null) {
                cc.swPorts[n] = new SwitchPortCongestionSetting.Element[ports + 1];
                Arrays.fill(cc.swPorts[n], SwitchPortCongestionSetting.Element.ZERO);
            }
            for (int p = first; p <= Math.min(ports, first + SwitchPortCongestionSetting.PORTS_PER_BLOCK - 1); p++) {
                cc.swPorts[n][p] = in.elements().get(p - first);
            }
        }
        SwitchPortCongestionSetting.Element[] out = new SwitchPortCongestionSetting.Element[
                SwitchPortCongestionSetting.PORTS_PER_BLOCK];
        for (int i = 0; i < out.length; i++) {
            out[i] = first + i <= ports ? cc.switchPortSetting(n, first + i) : SwitchPortCongestionSetting.Element.ZERO;
        }
        clear(mad);
        new SwitchPortCongestionSetting(Arrays.asList(out)).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int caSetting(int end, boolean set, byte[] mad) {
        if (set) {
            cc.ca[end] = CaCongestionSetting.decode(mad, D);
        }
        clear(mad);
        cc.caSetting(end).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    private int table(int end, boolean set, long modifier, byte[] mad) {
        int blocks = cc.tableBlocks[s.portNode[end]];
        if (modifier >= blocks) {
            return Sma.STATUS_INVALID_FIELD;
        }
        int block = (int) modifier;
        if (set) {
            CongestionControlTable in = CongestionControlTable.decode(mad, D);
            if (in.cctiLimit() >= blocks * CongestionControlTable.ENTRIES) {
                return Sma.STATUS_INVALID_FIELD;
            }
            if (cc.cct[end] == null) {
                cc.cct[end] = new int[blocks * CongestionControlTable.ENTRIES];
            }
            System.arraycopy(in.entries(), 0, cc.cct[end], block * CongestionControlTable.ENTRIES,
                    CongestionControlTable.ENTRIES);
            cc.cctiLimit[end] = in.cctiLimit();
        }
        clear(mad);
        cc.table(end, block).encodeTo(mad, D);
        return Sma.STATUS_OK;
    }

    /** Zeroes the log data and the attribute data, the answer's bytes after the CC_Key. */
    private static void clear(byte[] mad) {
        Arrays.fill(mad, LOG, mad.length, (byte) 0);
    }
}
