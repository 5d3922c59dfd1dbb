package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.NodeKind;
import java.util.List;

/**
 * A node as it was when the snapshot was taken.
 *
 * <p>Immutable; safe to share.
 *
 * @param index the dense node index ({@code 0..N-1}, node-GUID order)
 * @param kind CA, switch or router
 * @param nodeGuid node GUID
 * @param systemImageGuid NodeInfo.SystemImageGUID
 * @param description NodeDescription text
 * @param numPorts NodeInfo.NumPorts
 * @param vendorId NodeInfo.VendorID
 * @param deviceId NodeInfo.DeviceID
 * @param revision NodeInfo.Revision
 * @param partitionCap NodeInfo.PartitionCap
 * @param switchIndex the dense switch index, or -1 for CAs and routers
 * @param drPath egress port per hop of the directed route the node was reached by
 * @param generalCapabilities the first 64 bits of the GeneralInfo CapabilityMask (0 if not read)
 */
public record NodeView(int index, NodeKind kind, long nodeGuid, long systemImageGuid, String description,
                       int numPorts, int vendorId, int deviceId, long revision, int partitionCap, int switchIndex,
                       List<Integer> drPath, long generalCapabilities) {

    /** Copies {@code drPath} into an unmodifiable list. */
    public NodeView {
        drPath = List.copyOf(drPath);
    }

    /** Whether GeneralInfo capability {@code bit} (0-63) is set. */
    public boolean hasGeneralCapability(int bit) {
        return (generalCapabilities >>> bit & 1) != 0;
    }

    /** Whether the node is a switch. */
    public boolean isSwitch() {
        return switchIndex >= 0;
    }

    /** {@code SWITCH 0x... "description"}. */
    @Override
    public String toString() {
        return kind + " " + Guid.toString(nodeGuid) + " \"" + description + "\"";
    }
}
