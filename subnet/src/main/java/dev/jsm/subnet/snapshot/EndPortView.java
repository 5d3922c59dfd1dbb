package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.VirtualizationAttributes;

/**
 * An addressable port (CA or router port, switch port 0) as it was when the snapshot was taken.
 *
 * <p>Immutable; safe to share.
 *
 * @param index the dense end-port index
 * @param portIndex index of the physical port
 * @param nodeIndex index of the node
 * @param kind the node's kind
 * @param portGuid port GUID
 * @param lidRange the assigned LID range, or {@code null} if none was assigned
 * @param virtualization the port's VirtualizationInfo values, or {@code null} if it has no virtualization (or, for
 *     a vport seen as an end port ({@link SubnetSnapshot#asEndPort}), always)
 */
public record EndPortView(int index, int portIndex, int nodeIndex, NodeKind kind, long portGuid,
                          LidRange lidRange, VirtualizationAttributes virtualization) {

    /** Whether a LID range is assigned. */
    public boolean hasLids() {
        return lidRange != null;
    }

    /** {@code port 0x... 0x0004-0x0007}. */
    @Override
    public String toString() {
        return "port " + Guid.toString(portGuid) + (lidRange == null ? " (no LID)" : " " + lidRange);
    }
}
