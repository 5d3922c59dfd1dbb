package dev.jsm.daemon.view;

import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.HeldBlocks;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.ArrayList;
import java.util.List;

/**
 * The enhanced QoS rate limits (docs/enhanced-qos.md) a snapshot says its CA ports and vports hold: one entry per
 * port or vport whose QoSConfigSL table the SM planned and knows the content of, in the snapshot's order (the
 * physical port, then its vports). What the dump file and {@code /metrics} show of enhanced QoS.
 *
 * <p>Immutable; safe to share.
 *
 * @param portGuid the physical port's GUID
 * @param vportIndex the vport's index, or -1 for the physical port itself
 * @param guid the GUID of the port or vport
 * @param limits the 16 RateLimit fields, SL 0 first, in Mb/s (0: unlimited)
 */
public record HeldRateLimits(long portGuid, int vportIndex, long guid, int[] limits) {

    /** SLs of a QoSConfigSL table. */
    public static final int SLS = 16;
    /** RateLimit is bits 19:0 of each big-endian 32-bit entry. */
    private static final int RATE_LIMIT_MASK = (1 << 20) - 1;

    /** Whether this is a vport's table rather than a physical port's. */
    public boolean isVPort() {
        return vportIndex >= 0;
    }

    /** The tables of every CA port and vport of {@code s} that hold a known one. */
    public static List<HeldRateLimits> of(SubnetSnapshot s) {
        List<HeldRateLimits> out = new ArrayList<>();
        List<List<VPortView>> byEndPort = new ArrayList<>();
        for (int i = 0; i < s.endPorts().size(); i++) {
            byEndPort.add(new ArrayList<>());
        }
        for (VPortView v : s.vports()) {
            byEndPort.get(v.endPortIndex()).add(v);
        }
        for (EndPortView ep : s.endPorts()) {
            PortView port = s.ports().get(ep.portIndex());
            int[] own = limits(port.heldRateLimits());
            if (own != null) {
                out.add(new HeldRateLimits(ep.portGuid(), -1, ep.portGuid(), own));
            }
            for (VPortView v : byEndPort.get(ep.index())) {
                int[] limits = limits(v.heldRateLimits());
                if (limits != null) {
                    out.add(new HeldRateLimits(ep.portGuid(), v.vportIndex(), v.guid(), limits));
                }
            }
        }
        return out;
    }

    /** The 16 limits of a held QoSConfigSL table, or {@code null} when none is known. */
    private static int[] limits(HeldBlocks held) {
        if (held == null || !held.isKnown(0)) {
            return null;
        }
        byte[] b = new byte[held.blockBytes()];
        held.copy(0, b, 0);
        int[] limits = new int[SLS];
        for (int sl = 0; sl < SLS; sl++) {
            int o = 4 * sl;
            limits[sl] = ((b[o + 1] & 0xFF) << 16 | (b[o + 2] & 0xFF) << 8 | b[o + 3] & 0xFF) & RATE_LIMIT_MASK;
        }
        return limits;
    }
}
