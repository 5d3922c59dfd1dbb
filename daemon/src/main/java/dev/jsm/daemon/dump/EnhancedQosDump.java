package dev.jsm.daemon.dump;

import dev.jsm.daemon.view.HeldRateLimits;
import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * {@code opensm-enhanced-qos.dump}: the per-SL rate limits (docs/enhanced-qos.md) every CA port and vport holds at
 * SUBNET UP, as the SM programmed them from {@code enhanced_qos_policy_file} - one line per port or vport: the
 * physical port's GUID, the vport index ({@code -} for the port itself), the GUID of the port or vport, and the 16
 * limits in Mb/s, SL 0 first (0: unlimited). Written only when some port holds a table.
 *
 * <p>Stateless; thread-safe.
 */
final class EnhancedQosDump {

    private EnhancedQosDump() {
    }

    static String render(List<HeldRateLimits> tables) {
        StringBuilder out = new StringBuilder(96 + 120 * tables.size());
        out.append("# port_guid vport guid rate_limit_mbps_sl0..sl15\n");
        for (HeldRateLimits t : tables) {
            out.append(Guid.toString(t.portGuid())).append(' ')
                    .append(t.isVPort() ? Integer.toString(t.vportIndex()) : "-").append(' ')
                    .append(Guid.toString(t.guid()));
            for (int limit : t.limits()) {
                out.append(' ').append(limit);
            }
            out.append('\n');
        }
        return out.toString();
    }
}
