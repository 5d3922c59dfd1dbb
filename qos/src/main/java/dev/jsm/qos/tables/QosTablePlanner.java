package dev.jsm.qos.tables;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Subnet;
import java.util.ArrayList;
import java.util.List;

/**
 * Computes, for every port of the subnet, the SL2VL and VL arbitration tables QoS wants and the Sets needed to get
 * there, as OpenSM's {@code osm_qos_setup} does:
 * <ul>
 *   <li>Switch external ports (Init or later) take the {@code qos_swe_} settings: VLArb per output port, then, if
 *       port 0's CapabilityMask has IsSLMappingSupported, SL2VL for every (input 0..N, output) pair (outputs from 0
 *       when the switch has an enhanced port 0). If SwitchInfo.OptimizedSLtoVLMappingProgramming is set,
 *       {@code use_optimized_slvl} is TRUE and no engine overrides SL2VL, one Set with modifier {@code 0x30000}
 *       goes to the port with the most common OperationalVLs, then {@code 0x20000 | out} to each port whose
 *       OperationalVLs differ.</li>
 *   <li>An enhanced switch port 0 takes {@code qos_sw0_}, CA ports {@code qos_ca_}, router ports {@code qos_rtr_}:
 *       VLArb with port 0 in the modifier, SL2VL with modifier 0 if the port has IsSLMappingSupported (port 0 only
 *       VLArb when the optimized Set already covers it with the same table).</li>
 *   <li>VLArb is skipped on ports whose VLCap is 1 (VL0 only; VLHighLimit 0). The low table is sent as blocks 1
 *       and 2, the high table as blocks 3 and 4, sized by VLArbitrationLowCap/HighCap; entries past the capacity
 *       are zero.</li>
 *   <li>Every VL is ANDed with {@code (1 << (OperationalVLs - 1)) - 1} of the port it leaves by (SL2VL keeps VL
 *       15, "drop"), so with 8 operational VLs SL 8..15 fall onto VL 0..7 as with OpenSM.</li>
 *   <li>A Set is planned only where the table differs from what {@link ProgrammedQosTables} knows (for VLArb: the
 *       entries within the capacity).</li>
 * </ul>
 * Deliberate differences: the (input 0, output 0) pair of an enhanced port 0 is written once, by the
 * {@code qos_sw0_} pass (OpenSM writes it twice per sweep, first with the {@code qos_swe_} table, so it never
 * settles when the two differ); with a capacity of 64, OpenSM computes the second block's length as
 * {@code cap % 32 = 0} and never programs entries 32..63; here the second block has {@code min(cap - 32, 32)}
 * entries.
 *
 * <p>Confined to the sweep thread (reads the mutable {@link Subnet}).
 */
public final class QosTablePlanner {

    private static final int BLOCK = VlArbitrationTable.ENTRIES;
    private static final int VL_DROP = 15;

    private final QosConfig config;
    private final ProgrammedQosTables programmed;
    private final Sl2VlOverride override;
    private final List<QosSet> sets = new ArrayList<>();
    private final List<QosPlan.VlHighLimit> limits = new ArrayList<>();

    private QosTablePlanner(QosConfig config, ProgrammedQosTables programmed, Sl2VlOverride override) {
        this.config = config;
        this.programmed = programmed;
        this.override = override;
    }

    /**
     * Plans one QoS pass over the subnet.
     *
     * @param subnet the model after discovery (PortInfo and SwitchInfo values current)
     * @param config the resolved QoS settings
     * @param programmed the tables the ports are known to hold
     * @param override the routing engine's SL2VL maps, or {@link Sl2VlOverride#NONE}
     * @return the Sets to send and the wanted VLHighLimits; {@link QosPlan#EMPTY} if QoS is off
     */
    public static QosPlan plan(Subnet subnet, QosConfig config, ProgrammedQosTables programmed,
            Sl2VlOverride override) {
        if (!config.enabled()) {
            return QosPlan.EMPTY;
        }
        QosTablePlanner p = new QosTablePlanner(config, programmed, override);
        List<Node> nodes = new ArrayList<>(subnet.nodes());
        nodes.sort((a, b) -> Long.compareUnsigned(a.nodeGuid(), b.nodeGuid()));
        for (Node node : nodes) {
            if (node.isSwitch()) {
                p.switchNode(node);
            } else {
                QosPortConfig cfg = node.kind() == NodeKind.ROUTER ? config.router() : config.ca();
                for (PhysPort port : node.ports()) {
                    if (port.endPort() != null) {
                        p.endPort(port, cfg, false);
                    }
                }
            }
        }
        return new QosPlan(p.sets, p.limits);
    }

    private void switchNode(Node node) {
        QosPortConfig swe = config.switchExternal();
        int n = node.numPorts();
        for (int out = 1; out <= n; out++) {
            PhysPort p = node.port(out);
            if (isUp(p)) {
                vlArb(p, out, swe);
            }
        }
        boolean enhanced = node.asSwitch().attributes().hasEnhancedPort0();
        boolean optimized = node.asSwitch().attributes().optimizedSlToVlMappingProgramming() != 0
                && config.useOptimizedSl2Vl();
        PhysPort port0 = node.port(0);
        if (port0 != null && port0.attributes().hasCapability(PortInfo.CAP_IS_SL_MAPPING_SUPPORTED)) {
            if (optimized && override == Sl2VlOverride.NONE) {
                optimizedSl2Vl(node, swe.sl2Vl());
            } else {
                for (int out = enhanced ? 0 : 1; out <= n; out++) {
                    PhysPort p = node.port(out);
                    if (!isUp(p)) {
                        continue;
                    }
                    for (int in = out == 0 ? 1 : 0; in <= n; in++) {
                        sl2Vl(p, in, SlToVlMappingTable.switchModifier(in, out),
                                override.table(node, in, out, swe.sl2Vl()));
                    }
                }
            }
        }
        if (enhanced && port0 != null) {
            QosPortConfig sw0 = config.switchPort0();
            endPort(port0, sw0, optimized && swe.sl2Vl().equals(sw0.sl2Vl()));
        }
    }

    private void optimizedSl2Vl(Node node, SlToVlMappingTable table) {
        int[] count = new int[16];
        int max = 0;
        int common = 0;
        PhysPort representative = null;
        for (int out = 1; out <= node.numPorts(); out++) {
            PhysPort p = node.port(out);
            if (!isUp(p)) {
                continue;
            }
            int op = p.attributes().operationalVls() & 0xF;
            if (++count[op] > max) {
                max = count[op];
                common = op;
                representative = p;
            }
        }
        if (representative == null) {
            return;
        }
        sl2Vl(representative, representative.portNum(),
                SlToVlMappingTable.ALL_INPUT_PORTS | SlToVlMappingTable.ALL_OUTPUT_PORTS, table);
        for (int out = 1; out <= node.numPorts(); out++) {
            PhysPort p = node.port(out);
            if (isUp(p) && (p.attributes().operationalVls() & 0xF) != common) {
                sl2Vl(p, out, SlToVlMappingTable.ALL_INPUT_PORTS | out, table);
            }
        }
    }

    private void endPort(PhysPort p, QosPortConfig cfg, boolean vlArbOnly) {
        vlArb(p, 0, cfg);
        if (vlArbOnly || !p.attributes().hasCapability(PortInfo.CAP_IS_SL_MAPPING_SUPPORTED)) {
            return;
        }
        sl2Vl(p, 0, 0L, override.table(p.node(), 0, 0, cfg.sl2Vl()));
    }

    private void vlArb(PhysPort p, int amPort, QosPortConfig cfg) {
        PortAttributes a = p.attributes();
        if (a.vlCap() == 1) {
            limits.add(new QosPlan.VlHighLimit(p, 0));
            return;
        }
        limits.add(new QosPlan.VlHighLimit(p, cfg.highLimit()));
        int mask = vlMask(a.operationalVls());
        blocks(p, amPort, cfg, mask, a.vlArbitrationLowCap(), 0);
        blocks(p, amPort, cfg, mask, a.vlArbitrationHighCap(), 2);
    }

    private void blocks(PhysPort p, int amPort, QosPortConfig cfg, int mask, int cap, int firstBlock) {
        if (cap > 0) {
            vlArbBlock(p, amPort, cfg, mask, firstBlock, Math.min(cap, BLOCK));
        }
        if (cap > BLOCK) {
            vlArbBlock(p, amPort, cfg, mask, firstBlock + 1, Math.min(cap - BLOCK, BLOCK));
        }
    }

    private void vlArbBlock(PhysPort p, int amPort, QosPortConfig cfg, int mask, int block, int length) {
        VlArbitrationTable template = cfg.vlArbBlock(block);
        byte[] vls = new byte[BLOCK];
        int[] weights = new int[BLOCK];
        for (int i = 0; i < length; i++) {
            vls[i] = (byte) (template.vl(i) & mask);
            weights[i] = template.weight(i);
        }
        VlArbitrationTable known = programmed.vlArb(p, block);
        if (known != null && sameEntries(known, vls, weights, length)) {
            return;
        }
        sets.add(new QosSet.VlArb(p, VlArbitrationTable.modifier(block + 1, amPort),
                new VlArbitrationTable(vls, weights)));
    }

    private static boolean sameEntries(VlArbitrationTable known, byte[] vls, int[] weights, int length) {
        for (int i = 0; i < length; i++) {
            if (known.vl(i) != vls[i] || known.weight(i) != weights[i]) {
                return false;
            }
        }
        return true;
    }

    private void sl2Vl(PhysPort out, int in, long attributeModifier, SlToVlMappingTable template) {
        int mask = vlMask(out.attributes().operationalVls());
        int[] vls = new int[SlToVlMappingTable.SL_COUNT];
        for (int sl = 0; sl < vls.length; sl++) {
            int vl = template.vl(sl);
            vls[sl] = vl == VL_DROP ? VL_DROP : vl & mask;
        }
        SlToVlMappingTable table = SlToVlMappingTable.of(vls);
        if (table.equals(programmed.sl2Vl(out, in))) {
            return;
        }
        sets.add(new QosSet.Sl2Vl(out, attributeModifier, table));
    }

    /**
     * The VL mask of a port with these OperationalVLs (1 = VL0 .. 5 = VL0-14): {@code (1 << (op - 1)) - 1}. An
     * unset value (0) masks nothing, as the C expression does on x86.
     */
    static int vlMask(int operationalVls) {
        return operationalVls <= 0 ? 0xF : ((1 << (operationalVls - 1)) - 1) & 0xF;
    }

    private static boolean isUp(PhysPort p) {
        return p != null && p.attributes().isUp();
    }
}
