package dev.jsm.daemon.dump;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.VPortAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.HeldBlocks;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;

/**
 * {@code opensm-vports.dump}: the virtual ports (docs/virtualization.md) at SUBNET UP, one line per vport in the
 * snapshot's order - its physical port's GUID, index, GUID, state, its own LID (or {@code -} when it answers to its
 * port's), the vnode GUID and description, and the P_Keys it is known to hold - so that an operator sees what
 * NVIDIA's SM shows in its virtualization dump. Written only when the fabric has vports.
 *
 * <p>Stateless; thread-safe.
 */
final class VPortsDump {

    private VPortsDump() {
    }

    static String render(SubnetSnapshot s) {
        StringBuilder out = new StringBuilder(64 + 160 * s.vports().size());
        out.append("# port_guid index vport_guid state lid vnode_guid description pkeys\n");
        for (VPortView v : s.vports()) {
            EndPortView ep = s.endPorts().get(v.endPortIndex());
            out.append(Guid.toString(ep.portGuid())).append(' ').append(v.vportIndex()).append(' ')
                    .append(Guid.toString(v.guid())).append(' ')
                    .append(VPortAttributes.stateName(v.attributes().state())).append(' ')
                    .append(v.hasLid() ? String.format("0x%04x", v.lid()) : "-").append(' ')
                    .append(Guid.toString(v.vnode().nodeGuid())).append(" \"").append(v.description()).append("\" ")
                    .append(pKeys(v.heldPKeys())).append('\n');
        }
        return out.toString();
    }

    /** The non-zero P_Keys held, comma-separated in table order, or {@code -}. */
    private static String pKeys(HeldBlocks held) {
        if (held == null) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        byte[] block = new byte[held.blockBytes()];
        for (int i = 0; i < held.blockCount(); i++) {
            if (!held.isKnown(i)) {
                continue;
            }
            held.copy(i, block, 0);
            for (int e = 0; e + 1 < block.length; e += 2) {
                int key = (block[e] & 0xFF) << 8 | block[e + 1] & 0xFF;
                if ((key & 0x7FFF) != 0) {
                    b.append(b.length() == 0 ? "" : ",").append(String.format("0x%04x", key));
                }
            }
        }
        return b.length() == 0 ? "-" : b.toString();
    }
}
