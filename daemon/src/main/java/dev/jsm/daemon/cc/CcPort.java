package dev.jsm.daemon.cc;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import java.util.HashMap;
import java.util.Map;

/**
 * What the congestion control manager knows of one end port (a switch's port 0 or a CA port) from sweep to sweep:
 * the attributes as the device last answered a Set of them (so that a later sweep sends only what differs), whether
 * the port is left alone as unable to do congestion control, and its timeouts in a row (OpenSM's
 * {@code cc_timeout_count}, {@code cc_unavailable_flag}).
 *
 * <p>Confined to the SM thread.
 */
final class CcPort {

    /** Timeouts in a row after which a port is left alone, as OpenSM's {@code OSM_CC_TIMEOUT_COUNT_THRESHOLD}. */
    static final int TIMEOUT_THRESHOLD = 3;

    /** How to name the port in log lines. */
    final String name;
    SwitchCongestionSetting switchSetting;
    CaCongestionSetting caSetting;
    final Map<Integer, CongestionControlTable> tableBlocks = new HashMap<>();
    boolean unavailable;
    int timeouts;

    CcPort(String name) {
        this.name = name;
    }

    /** Forgets what the port holds: the next sweep writes everything again. */
    void forgetHeld() {
        switchSetting = null;
        caSetting = null;
        tableBlocks.clear();
    }
}
