package dev.jsm.daemon.link;

import dev.jsm.daemon.discovery.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SweepContext;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PhysPort;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Sends one PortInfo Set and stores the answer in the model; a failed Set counts as a sweep error (OpenSM marks
 * {@code subnet_initialization_error} and sweeps again).
 *
 * <p>Confined to the SM thread.
 */
final class PortInfoSetter {

    private static final Logger LOG = LogManager.getLogger(PortInfoSetter.class);

    private PortInfoSetter() {
    }

    /**
     * Sets {@code config} and {@code portState} on {@code port}.
     *
     * @return false if no route to the port is known (nothing sent; counted as an error)
     */
    static boolean send(SweepContext ctx, PhysPort port, PortConfig config, int portState, boolean rereg) {
        DrPath path = ctx.paths().toPort(port);
        if (path == null) {
            LOG.error("LINK-0402 no directed route to port {} of node {}", port.portNum(),
                    Guid.toString(port.node().nodeGuid()));
            ctx.recordError();
            return false;
        }
        var attrs = port.attributes();
        int num = port.portNum();
        ctx.smps().set(path, AttributeId.PORT_INFO, num, (mad, off) -> config.writeTo(mad, off, attrs, num,
                portState, rereg), outcome -> {
                    byte[] mad = Replies.okMad(outcome);
                    if (mad != null) {
                        port.setAttributes(Attributes.of(PortInfo.decode(mad, Smp.DATA_OFFSET)));
                    } else if (!Replies.isClosed(outcome)) {
                        ctx.recordError();
                        LOG.error("LINK-0401 PortInfo Set (PortState {}) of port {} of node {} failed: {}",
                                portState, num, Guid.toString(port.node().nodeGuid()), Replies.failure(outcome));
                    }
                });
        return true;
    }
}
