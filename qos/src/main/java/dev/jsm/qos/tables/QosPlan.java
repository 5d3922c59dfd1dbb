package dev.jsm.qos.tables;

import dev.jsm.subnet.PhysPort;
import java.util.List;

/**
 * What one QoS pass wants done: the SL2VL and VLArb Sets to send (only the ones that differ from what the ports are
 * known to hold), and the VLHighLimit every configured port should have, which OpenSM writes with the link
 * manager's PortInfo Set.
 *
 * <p>Immutable; safe to share.
 *
 * @param sets the Sets, grouped by node in unsigned node-GUID order
 * @param vlHighLimits the wanted VLHighLimit of every port the pass configured
 */
public record QosPlan(List<QosSet> sets, List<VlHighLimit> vlHighLimits) {

    /** Nothing to do (QoS off). */
    public static final QosPlan EMPTY = new QosPlan(List.of(), List.of());

    /** Copies the lists. */
    public QosPlan {
        sets = List.copyOf(sets);
        vlHighLimits = List.copyOf(vlHighLimits);
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
}
