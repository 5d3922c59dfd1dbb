package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PortAttributes;

/**
 * A physical port as it was when the snapshot was taken.
 *
 * <p>Immutable; safe to share.
 *
 * @param index the dense physical-port index (node-GUID order, then port number)
 * @param nodeIndex index of the port's node
 * @param nodeGuid GUID of the port's node
 * @param portNum port number
 * @param portGuid port GUID (switch external ports: the switch's port GUID)
 * @param attributes the PortInfo values
 * @param peerIndex index of the remote port, or -1 if not cabled
 * @param linkIndex index of the link, or -1 if not cabled
 * @param endPortIndex index of the end port this port is, or -1 for switch external ports
 * @param healthy false if the SM had marked the port unhealthy (repeated traps 129-131; routing avoids its link)
 * @param heldPKeys the P_Key blocks the port was known to hold, or {@code null} if the SM keeps no P_KeyTable for it
 * @param heldSl2Vl the SL2VL tables the port (as output port) was known to hold, one block per input port, or
 *     {@code null} if the SM never planned any for it
 * @param heldVlArb the four VLArb blocks the port was known to hold, or {@code null} if the SM never planned any
 * @param heldRateLimits the per-SL rate limits (QoSConfigSL) the port was known to hold, or {@code null} if the SM
 *     set none
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
