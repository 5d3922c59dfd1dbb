package dev.jsm.qos.tables;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.List;

/**
 * What one QoS pass wants besides the tables it wrote into the model (the wanted content of each planned port's
 * {@link PhysPort#sl2VlTable() SL2VL} and {@link PhysPort#vlArbTable() VLArb} tables): the VLHighLimit every
 * configured port should have, which OpenSM writes with the link manager's PortInfo Set, and the switches whose SL2VL
 * tables go out the optimized way.
 *
 * <p>Immutable; safe to share (the ports are the sweep thread's model objects).
 *
 * @param vlHighLimits the wanted VLHighLimit of every port the pass configured
 * @param allPortsSl2Vl the switches programmed with optimized "all ports" SL2VL Sets, in node-GUID order
 */
public record QosPlan(List<VlHighLimit> vlHighLimits, List<AllPortsSl2Vl> allPortsSl2Vl) {

    /** Nothing to do (QoS off). */
    public static final QosPlan EMPTY = new QosPlan(List.of(), List.of());

    /** Copies the lists. */
    public QosPlan {
        vlHighLimits = List.copyOf(vlHighLimits);
        allPortsSl2Vl = List.copyOf(allPortsSl2Vl);
    }

    /**
     * The VLHighLimit one port should have.
     *
     * @param port the port
     * @param vlHighLimit the value to write in PortInfo.VLHighLimit (0 on ports with only VL0)
     */
    public record VlHighLimit(PhysPort port, int vlHighLimit) {

        /** Whether the port's last PortInfo has another value, i.e. a PortInfo Set must carry this one. */
        public boolean differs() {
            return port.attributes().vlHighLimit() != vlHighLimit;
        }
    }

    /**
     * A switch whose SL2VL tables go out as OpenSM's optimized Sets (SwitchInfo.OptimizedSLtoVLMappingProgramming,
     * {@code use_optimized_slvl}, no engine maps): one Set for every (input, output) pair with the table of the port
     * whose OperationalVLs most ports have, then one Set for every input port of each port whose OperationalVLs
     * differ. Whether such a Set is due is decided by the one table it is addressed to: the port's own table for
     * input = itself ({@code osm_qos.c} does the same). The wanted content is in the ports' SL2VL tables, masked
     * per output port.
     *
     * @param representative the up port with the most common OperationalVLs (the first to reach that count)
     * @param others the up ports whose OperationalVLs differ from the representative's, by port number
     */
    public record AllPortsSl2Vl(PhysPort representative, List<PhysPort> others) {

        /** Copies the list. */
        public AllPortsSl2Vl {
            others = List.copyOf(others);
        }

        /** The switch. */
        public Node node() {
            return representative.node();
        }
    }
}
