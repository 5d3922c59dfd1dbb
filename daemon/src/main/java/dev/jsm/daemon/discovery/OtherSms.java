package dev.jsm.daemon.discovery;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.subnet.PhysPort;
import java.util.function.Consumer;

/**
 * The other SMs discovery meets: the ports whose PortInfo.CapabilityMask says IsSM, and the SMs already known, which
 * a light sweep asks again (docs/reference/opensm-behaviour.md#discovery and #heavy-and-light-sweeps). The SM's
 * election implements it; discovery only reports.
 *
 * <p>Called on the SM thread.
 */
public interface OtherSms {

    /** None: another SM is never looked at ({@code ignore_other_sm}, and the tests of one SM alone). */
    OtherSms NONE = new OtherSms() {
        @Override
        public void discoveryStarted() {
        }

        @Override
        public void smPortFound(PhysPort port, DrPath path) {
        }

        @Override
        public void lightSweep(Consumer<String> change) {
        }
    };

    /** A heavy sweep's discovery starts: what it learns replaces what the previous one learned. */
    void discoveryStarted();

    /**
     * A port that is up and says IsSM, other than this SM's own: asks the SM there for its SMInfo.
     *
     * @param path directed route to the port (for a switch's port 0, to the switch)
     */
    void smPortFound(PhysPort port, DrPath path);

    /** A light sweep: asks the SMs known again; {@code change} takes a reason when a heavy sweep is needed. */
    void lightSweep(Consumer<String> change);
}
