package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.VNodeAttributes;
import dev.jsm.subnet.VPortAttributes;

/**
 * A virtual port (docs/virtualization.md) as it was when the snapshot was taken: where it is, its identity, the LID
 * the SM assigned it (0: none of its own; it answers to its physical port's LIDs), what its port answered for it, and
 * the tables the SM knew it to hold.
 *
 * <p>In detail: docs/design/subnet.md#vportview.
 */
public record VPortView(int index, int endPortIndex, int portIndex, int nodeIndex, int vportIndex, long guid, int lid,
                        VPortAttributes attributes, VNodeAttributes vnode, String description, HeldBlocks heldPKeys,
                        HeldBlocks heldGuids, HeldBlocks heldRateLimits) {

    /** Whether the SM assigned the vport a LID of its own. */
    public boolean hasLid() {
        return lid != 0;
    }

    /** Whether the vport is up (VPortState Init, Armed or Active). */
    public boolean isUp() {
        return attributes.isUp();
    }

    /** {@code vport 0x... 3 ACTIVE 0x0012}. */
    @Override
    public String toString() {
        return "vport " + Guid.toString(guid) + " " + vportIndex + " " + VPortAttributes.stateName(attributes.state())
                + (lid == 0 ? "" : String.format(" 0x%04x", lid));
    }
}
