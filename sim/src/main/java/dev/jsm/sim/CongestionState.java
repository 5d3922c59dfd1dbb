package dev.jsm.sim;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.cc.SwitchPortCongestionSetting;
import java.util.Arrays;

/**
 * What the congestion control agents of the fabric remember ({@code docs/congestion-control.md#the-simulators-agent}):
 * per end port (a switch's port 0, each CA port) its CC_Key with protect bit, lease period, violations and running
 * lease countdown; per switch its SwitchCongestionSetting and each port's SwitchPortCongestionSetting element; per CA
 * port its CACongestionSetting and CongestionControlTable. Settings are records, null until first Set (read as
 * zero). All of that returns to zero when the node powers on again. What the hardware is - whether a node has an
 * agent at all, how many table blocks a CA port holds - survives a power cycle.
 *
 * <p>Not thread-safe: guarded by the {@link FabricState} monitor.
 */
final class CongestionState {

    /** CongestionInfo.ControlTableCap of a CA port unless a test changed it: 128 entries, OpenSM's largest table. */
    static final int DEFAULT_TABLE_BLOCKS = 2;
    /** A lease countdown that is not running. */
    static final long NO_LEASE = Long.MIN_VALUE;

    final long[] ccKey;
    final boolean[] protect;
    final int[] leasePeriod;
    final int[] violations;
    /** Per end port: when the running lease countdown ends (clock milliseconds), or {@link #NO_LEASE}. */
    final long[] leaseEnds;
    /** Per CA port: CACongestionSetting, null for zero. */
    final CaCongestionSetting[] ca;
    /** Per CA port: CCTI_Limit. */
    final int[] cctiLimit;
    /** Per CA port: the table's entries (16-bit {@code shift:multiplier}), null for all zero. */
    final int[][] cct;
    /** Per switch node: SwitchCongestionSetting, null for zero. */
    final SwitchCongestionSetting[] sw;
    /** Per switch node: one SwitchPortCongestionSetting element per port 0..N, null for all zero. */
    final SwitchPortCongestionSetting.Element[][] swPorts;
    /** Per node: it has no congestion control agent (what a test chose; routers never have one). */
    final boolean[] noAgent;
    /** Per node: ControlTableCap of its CA ports. */
    final int[] tableBlocks;

    CongestionState(int nodes, int slots) {
        ccKey = new long[slots];
        protect = new boolean[slots];
        leasePeriod = new int[slots];
        violations = new int[slots];
        leaseEnds = new long[slots];
        ca = new CaCongestionSetting[slots];
        cctiLimit = new int[slots];
        cct = new int[slots][];
        sw = new SwitchCongestionSetting[nodes];
        swPorts = new SwitchPortCongestionSetting.Element[nodes][];
        noAgent = new boolean[nodes];
        tableBlocks = new int[nodes];
        Arrays.fill(leaseEnds, NO_LEASE);
        Arrays.fill(tableBlocks, DEFAULT_TABLE_BLOCKS);
    }

    /** Node {@code n}, whose ports are slots {@code first} to {@code last}, powered on: everything set is gone. */
    void powerOn(int n, int first, int last) {
        sw[n] = null;
        swPorts[n] = null;
        for (int slot = first; slot <= last; slot++) {
            ccKey[slot] = 0;
            protect[slot] = false;
            leasePeriod[slot] = 0;
            violations[slot] = 0;
            leaseEnds[slot] = NO_LEASE;
            ca[slot] = null;
            cctiLimit[slot] = 0;
            cct[slot] = null;
        }
    }

    /** The CACongestionSetting of CA port {@code slot}. */
    CaCongestionSetting caSetting(int slot) {
        return ca[slot] == null ? CaCongestionSetting.zero() : ca[slot];
    }

    /** The SwitchCongestionSetting of switch {@code n}. */
    SwitchCongestionSetting switchSetting(int n) {
        return sw[n] == null ? SwitchCongestionSetting.ZERO : sw[n];
    }

    /** The SwitchPortCongestionSetting element of port {@code port} of switch {@code n}. */
    SwitchPortCongestionSetting.Element switchPortSetting(int n, int port) {
        return swPorts[n] == null ? SwitchPortCongestionSetting.Element.ZERO : swPorts[n][port];
    }

    /** Block {@code block} of CA port {@code slot}'s table, with its CCTI_Limit. */
    CongestionControlTable table(int slot, int block) {
        int[] entries = new int[CongestionControlTable.ENTRIES];
        if (cct[slot] != null) {
            System.arraycopy(cct[slot], block * entries.length, entries, 0, entries.length);
        }
        return new CongestionControlTable(cctiLimit[slot], entries);
    }
}
