package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;

/**
 * A physical port as it was when the snapshot was taken.
 *
 * <p>In detail: docs/design/subnet.md#portview.
 */
public record PortView(int index, int nodeIndex, long nodeGuid, int portNum, long portGuid,
                       PortAttributes attributes, int peerIndex, int linkIndex, int endPortIndex,
                       boolean healthy, HeldBlocks heldPKeys, HeldBlocks heldSl2Vl, HeldBlocks heldVlArb,
                       HeldBlocks heldRateLimits) {

    /** Whether the port has a known remote peer. */
    public boolean isConnected() {
        return peerIndex >= 0;
    }

    /** {@code 0x<node guid>[<port>]}. */
    @Override
    public String toString() {
        return Guid.toString(nodeGuid) + "[" + portNum + "]";
    }
}
