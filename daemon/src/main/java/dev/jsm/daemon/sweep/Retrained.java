package dev.jsm.daemon.sweep;

import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;

/**
 * Tells which ports may have lost the tables the SM programmed: a port whose link (re)trained is in Init until the
 * link manager arms it, and a rebooted node comes back with power-on tables. The partition and QoS managers forget
 * what such ports hold, so the next pass sends their tables again instead of trusting a stale copy (after a host
 * reboot that copy would leave the host with the power-on P_Key 0xFFFF, a full member of the default partition).
 *
 * <p>Stateless; thread-safe.
 */
public final class Retrained {

    private Retrained() {
    }

    /** Whether {@code port} is in Init: its link came up since the last sweep (a new cable or a reboot). */
    public static boolean inInit(PhysPort port) {
        return port.attributes().portState() == PortAttributes.STATE_INIT;
    }

    /** Whether {@code node} is a switch whose cabled external ports are all in Init: it (re)booted. */
    public static boolean switchRebooted(Node node) {
        if (!node.isSwitch()) {
            return false;
        }
        int linked = 0;
        for (PhysPort port : node.ports()) {
            if (port.portNum() == 0 || port.remote() == null) {
                continue;
            }
            linked++;
            if (!inInit(port)) {
                return false;
            }
        }
        return linked > 0;
    }
}
