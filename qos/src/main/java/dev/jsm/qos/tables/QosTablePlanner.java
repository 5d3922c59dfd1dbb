package dev.jsm.qos.tables;

import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VlArbBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Computes the SL2VL and VL arbitration tables QoS wants for every port, as OpenSM's {@code osm_qos_setup} does, and
 * writes them as the wanted content of the ports' tables in the model ({@link PhysPort#sl2VlTable()}, {@link
 * PhysPort#vlArbTable()}); which blocks differ from what the ports hold, and the Sets that carry them, are the daemon's
 * business. The rules per port class, the optimized all-ports SL2VL Set and two deliberate differences from OpenSM are
 * in the design notes.
 *
 * <p>Confined to the sweep thread (reads the mutable {@link Subnet} and writes its ports' tables).
 *
 * <p>In detail: docs/design/qos.md#qostableplanner.
 */
public final class QosTablePlanner {

    private static final int BLOCK = VlArbBlock.ENTRIES;

    private final QosConfig config;
    private final Sl2VlOverride override;
    private final List<QosPlan.VlHighLimit> limits = new ArrayList<>();
    private final List<QosPlan.AllPortsSl2Vl> allPorts = new ArrayList<>();
    private final byte[] vlArbBytes = new byte[VlArbBlock.BLOCK_BYTES];
    /** The last masked SL2VL map wanted, in wire layout: most ports of a fabric share it. */
    private final byte[] sl2VlBytes = new byte[Sl2VlMap.BLOCK_BYTES];
    private Sl2VlMap lastTemplate;
    private int lastMask = -1;

    private QosTablePlanner(QosConfig config, Sl2VlOverride override) {
        this.config = config;
        this.override = override;
    }

    /**
     * Plans one QoS pass over the subnet: forgets what every port's SL2VL and VLArb tables wanted before, then writes
     * what they want now.
     *
     * @param subnet the model after discovery (PortInfo and SwitchInfo values current)
     * @param config the resolved QoS settings
     * @param override the routing engine's SL2VL maps, or {@link Sl2VlOverride#NONE}
     * @return the wanted VLHighLimits and the optimized switches; {@link QosPlan#EMPTY}, and no table touched, if
     *     QoS is off
     */
    public static QosPlan plan(Subnet subnet, QosConfig config, Sl2VlOverride override) {
        if (!config.enabled()) {
            return QosPlan.EMPTY;
        }
        QosTablePlanner p = new QosTablePlanner(config, override);
        List<Node> nodes = new ArrayList<>(subnet.nodes());
        nodes.sort((a, b) -> Long.compareUnsigned(a.nodeGuid(), b.nodeGuid()));
        for (Node node : nodes) {
            for (PhysPort port : node.ports()) {
                clearWanted(port.sl2VlTableIfAny());
                clearWanted(port.vlArbTableIfAny());
            }
        }
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
        return new QosPlan(p.limits, p.allPorts);
    }

    private static void clearWanted(BlockTable table) {
        if (table != null) {
            table.clearWanted();
        }
    }

    private void switchNode(Node node) {
        QosPortConfig swe = config.switchExternal();
        int n = node.numPorts();
        for (int out = 1; out <= n; out++) {
            PhysPort p = node.port(out);
            if (isUp(p)) {
                vlArb(p, swe);
            }
        }
        boolean enhanced = node.asSwitch().attributes().hasEnhancedPort0();
        boolean optimized = node.asSwitch().attributes().optimizedSlToVlMappingProgramming() != 0
                && config.useOptimizedSl2Vl();
        PhysPort port0 = node.port(0);
        if (port0 != null && port0.attributes().hasCapability(PortAttributes.CAP_IS_SL_MAPPING_SUPPORTED)) {
            if (optimized && override == Sl2VlOverride.NONE) {
                optimizedSl2Vl(node, swe.sl2Vl(), enhanced ? 0 : 1);
            } else {
                for (int out = enhanced ? 0 : 1; out <= n; out++) {
                    PhysPort p = node.port(out);
                    if (!isUp(p)) {
                        continue;
                    }
                    for (int in = out == 0 ? 1 : 0; in <= n; in++) {
                        sl2Vl(p, in, override.table(node, in, out, swe.sl2Vl()));
                    }
                }
            }
        }
        if (enhanced && port0 != null) {
            QosPortConfig sw0 = config.switchPort0();
            endPort(port0, sw0, optimized && swe.sl2Vl().equals(sw0.sl2Vl()));
        }
    }

    /**
     * Lists the switch for the optimized Sets and wants, on every up external port, the table for each input port
     * {@code firstIn..N} those Sets cover.
     */
    private void optimizedSl2Vl(Node node, Sl2VlMap table, int firstIn) {
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
        List<PhysPort> others = new ArrayList<>();
        for (int out = 1; out <= node.numPorts(); out++) {
            PhysPort p = node.port(out);
            if (!isUp(p)) {
                continue;
            }
            if ((p.attributes().operationalVls() & 0xF) != common) {
                others.add(p);
            }
            for (int in = firstIn; in <= node.numPorts(); in++) {
                sl2Vl(p, in, table);
            }
        }
        allPorts.add(new QosPlan.AllPortsSl2Vl(representative, others));
    }

    private void endPort(PhysPort p, QosPortConfig cfg, boolean vlArbOnly) {
        vlArb(p, cfg);
        if (vlArbOnly || !p.attributes().hasCapability(PortAttributes.CAP_IS_SL_MAPPING_SUPPORTED)) {
            return;
        }
        sl2Vl(p, 0, override.table(p.node(), 0, 0, cfg.sl2Vl()));
    }

    private void vlArb(PhysPort p, QosPortConfig cfg) {
        PortAttributes a = p.attributes();
        if (a.vlCap() == 1) {
            limits.add(new QosPlan.VlHighLimit(p, 0));
            return;
        }
        limits.add(new QosPlan.VlHighLimit(p, cfg.highLimit()));
        int mask = vlMask(a.operationalVls());
        blocks(p, cfg, mask, a.vlArbitrationLowCap(), 0);
        blocks(p, cfg, mask, a.vlArbitrationHighCap(), 2);
    }

    private void blocks(PhysPort p, QosPortConfig cfg, int mask, int cap, int firstBlock) {
        if (cap > 0) {
            vlArbBlock(p, cfg, mask, firstBlock, Math.min(cap, BLOCK));
        }
        if (cap > BLOCK) {
            vlArbBlock(p, cfg, mask, firstBlock + 1, Math.min(cap - BLOCK, BLOCK));
        }
    }

    private void vlArbBlock(PhysPort p, QosPortConfig cfg, int mask, int blockNum, int length) {
        VlArbBlock template = cfg.vlArbBlock(blockNum);
        byte[] vls = new byte[BLOCK];
        int[] weights = new int[BLOCK];
        for (int i = 0; i < length; i++) {
            vls[i] = (byte) (template.vl(i) & mask);
            weights[i] = template.weight(i);
        }
        new VlArbBlock(vls, weights).writeTo(vlArbBytes, 0);
        p.vlArbTable().setWanted(blockNum, vlArbBytes, 0);
    }

    /** Wants {@code template}, masked to the output port's OperationalVLs, as {@code out}'s table for {@code in}. */
    private void sl2Vl(PhysPort out, int in, Sl2VlMap template) {
        int mask = vlMask(out.attributes().operationalVls());
        if (template != lastTemplate || mask != lastMask) {
            int[] vls = new int[Sl2VlMap.SL_COUNT];
            for (int sl = 0; sl < vls.length; sl++) {
                int vl = template.vl(sl);
                vls[sl] = vl == Sl2VlMap.VL_DROP ? Sl2VlMap.VL_DROP : vl & mask;
            }
            Sl2VlMap.of(vls).writeTo(sl2VlBytes, 0);
            lastTemplate = template;
            lastMask = mask;
        }
        out.sl2VlTable().setWanted(in, sl2VlBytes, 0);
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
