package dev.jsm.sim;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.CongestionKeyInfo;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.cc.SwitchPortCongestionSetting;

/**
 * What the congestion control agents of a {@link SimFabric} hold, for tests, and what they are: the CC_Key of each
 * end port, each switch's SwitchCongestionSetting and per-port elements, each CA port's CACongestionSetting and
 * CongestionControlTable, as a Get with the right key would read them ({@code docs/congestion-control.md}). Reading
 * counts no MAD and moves nothing but a lease that has run out. The setters change what a node is or holds as the
 * hardware or another manager would have made it: a key the manager under test does not know, a smaller table, a
 * node without agent.
 *
 * <p>Thread-safe.
 */
public final class SimCongestion {

    private final FabricState state;
    private final CcAgent agent;

    SimCongestion(FabricState state, CcAgent agent) {
        this.state = state;
        this.agent = agent;
    }

    /** Whether {@code node} has a congestion control agent (switches and CAs do unless a test took it away). */
    public boolean hasAgent(int node) {
        checkNode(node);
        synchronized (state) {
            return agent.hasAgent(node);
        }
    }

    /** The CongestionKeyInfo of the end port at {@code port} of {@code node} (port 0 of a switch), key included. */
    public CongestionKeyInfo keyInfo(int node, int port) {
        int end = endPort(node, port);
        synchronized (state) {
            return agent.keyInfo(end);
        }
    }

    /** The SwitchCongestionSetting of switch {@code node}. */
    public SwitchCongestionSetting switchSetting(int node) {
        checkSwitch(node);
        synchronized (state) {
            return state.cc.switchSetting(node);
        }
    }

    /** The SwitchPortCongestionSetting element of port {@code port} (0..N) of switch {@code node}. */
    public SwitchPortCongestionSetting.Element switchPortSetting(int node, int port) {
        checkSwitch(node);
        checkPort(node, port);
        synchronized (state) {
            return state.cc.switchPortSetting(node, port);
        }
    }

    /** The CACongestionSetting of port {@code port} of CA {@code node}. */
    public CaCongestionSetting caSetting(int node, int port) {
        int slot = caPort(node, port);
        synchronized (state) {
            return state.cc.caSetting(slot);
        }
    }

    /**
     * Block {@code block} of the CongestionControlTable of port {@code port} of CA {@code node}, with the table's
     * CCTI_Limit.
     *
     * @throws IllegalArgumentException if the port holds fewer blocks
     */
    public CongestionControlTable table(int node, int port, int block) {
        int slot = caPort(node, port);
        synchronized (state) {
            if (block < 0 || block >= state.cc.tableBlocks[node]) {
                throw new IllegalArgumentException(describe(node) + " holds " + state.cc.tableBlocks[node]
                        + " table blocks, not block " + block);
            }
            return state.cc.table(slot, block);
        }
    }

    /** CongestionInfo.ControlTableCap of CA {@code node}'s ports: how many 64-entry blocks each table holds. */
    public int tableBlocks(int node) {
        checkNode(node);
        synchronized (state) {
            return state.cc.tableBlocks[node];
        }
    }

    /**
     * Makes CA {@code node}'s ports hold {@code blocks} table blocks of 64 entries (0 to 255; 2 unless changed), as
     * other hardware would; the tables they held are emptied.
     */
    public void setTableBlocks(int node, int blocks) {
        checkNode(node);
        if (blocks < 0 || blocks > 0xFF) {
            throw new IllegalArgumentException("ControlTableCap " + blocks + " is not 0..255");
        }
        synchronized (state) {
            state.cc.tableBlocks[node] = blocks;
            for (int p = 1; p <= state.numPorts[node]; p++) {
                int slot = state.slot(node, p);
                state.cc.cct[slot] = null;
                state.cc.cctiLimit[slot] = 0;
            }
        }
    }

    /**
     * Gives the end port at {@code port} of {@code node} (port 0 of a switch) a CC_Key, protect bit and lease period,
     * as another manager would have set them.
     */
    public void setKey(int node, int port, long ccKey, boolean protect, int leasePeriod) {
        int end = endPort(node, port);
        if (leasePeriod < 0 || leasePeriod > 0xFFFF) {
            throw new IllegalArgumentException("CC_KeyLeasePeriod " + leasePeriod + " is not 16 bits");
        }
        synchronized (state) {
            state.cc.ccKey[end] = ccKey;
            state.cc.protect[end] = protect;
            state.cc.leasePeriod[end] = leasePeriod;
        }
    }

    /**
     * Takes {@code node}'s congestion control agent away ({@code present} false), so that it answers every Get and
     * Set 0x000C as a device without congestion control does, or gives it back.
     */
    public void setAgent(int node, boolean present) {
        checkNode(node);
        synchronized (state) {
            state.cc.noAgent[node] = !present;
        }
    }

    private int endPort(int node, int port) {
        checkPort(node, port);
        if (state.isSwitch[node] ? port != 0 : port == 0) {
            throw new IllegalArgumentException(describe(node) + " has no end port " + port);
        }
        return state.slot(node, port);
    }

    private int caPort(int node, int port) {
        checkPort(node, port);
        if (state.isSwitch[node] || port == 0) {
            throw new IllegalArgumentException(describe(node) + " port " + port + " is not a CA port");
        }
        return state.slot(node, port);
    }

    private void checkSwitch(int node) {
        checkNode(node);
        if (!state.isSwitch[node]) {
            throw new IllegalArgumentException(describe(node) + " is not a switch");
        }
    }

    private void checkPort(int node, int port) {
        checkNode(node);
        if (port < 0 || port > state.numPorts[node]) {
            throw new IllegalArgumentException(describe(node) + " has no port " + port);
        }
    }

    private void checkNode(int node) {
        if (node < 0 || node >= state.nodeCount) {
            throw new IllegalArgumentException("no node " + node + " (fabric has " + state.nodeCount + ")");
        }
    }

    private String describe(int node) {
        return "\"" + state.topology.node(node).name() + "\"";
    }
}
