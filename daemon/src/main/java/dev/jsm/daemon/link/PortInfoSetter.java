package dev.jsm.daemon.link;

import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.PhysPort;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Sends one PortInfo Set (with SMSupportExtendedSpeeds where the port has extended speeds,
 * {@link Attributes#portInfoModifier}) and stores the answer in the model. A failed Set of the link manager's counts as
 * a sweep error (OpenSM marks {@code subnet_initialization_error} and sweeps again); {@link #disable}, which the trap
 * handling uses outside sweeps, only reports the outcome.
 *
 * <p>Confined to the SM thread.
 */
public final class PortInfoSetter {

    private static final Logger LOG = LogManager.getLogger(PortInfoSetter.class);

    private PortInfoSetter() {
    }

    /**
     * Sets {@code config} and {@code portState} on {@code port}; {@code answered} runs once the answer is stored.
     *
     * @return false if no route to the port is known (nothing sent; counted as an error)
     */
    static boolean send(SweepState state, SmpSender smps, MKeyBook mKeys, PhysPort port, PortConfig config,
                        int portState, boolean rereg, Runnable answered) {
        DrPath path = state.paths().toPort(port);
        if (path == null) {
            LOG.error("LINK-0402 no directed route to port {} of node {}", port.portNum(),
                    Guid.toString(port.node().nodeGuid()));
            state.recordError();
            return false;
        }
        var attrs = port.attributes();
        int num = port.portNum();
        setAndStore(smps, mKeys, path, port, (mad, off) -> config.writeTo(mad, off, attrs, num, portState, rereg),
                answered,
                failure -> {
                    state.recordError();
                    LOG.error("LINK-0401 PortInfo Set (PortState {}) of port {} of node {} failed: {}",
                            portState, num, Guid.toString(port.node().nodeGuid()), failure);
                });
        return true;
    }

    /**
     * Disables {@code port}: a PortInfo Set with the values it last reported, PortState Down and PortPhysicalState
     * Disabled (IBA 14.2.5.6), which takes its link down until someone sets PortPhysicalState Polling again - the
     * SM never does, so the port stays disabled until an operator enables it. For {@code babbling_port_policy}.
     *
     * @param mKeys told the M_Key the port's answer shows
     * @param done told on the SM thread whether the port accepted the Set (not told at shutdown)
     * @return false if no route to the port is known (nothing sent)
     */
    public static boolean disable(SweepState state, SmpSender smps, MKeyBook mKeys, PhysPort port,
                                  Consumer<Boolean> done) {
        DrPath path = state.paths().toPort(port);
        if (path == null) {
            return false;
        }
        var attrs = port.attributes();
        int num = port.portNum();
        setAndStore(smps, mKeys, path, port, (mad, off) -> Attributes.toPortInfo(attrs, num)
                .withPortState(PortInfo.STATE_DOWN).withPortPhysicalState(PortInfo.PHYS_STATE_DISABLED)
                .encodeTo(mad, off), () -> done.accept(true), failure -> {
                    LOG.error("LINK-0404 PortInfo Set (PortPhysicalState Disabled) of port {} of node {} failed: {}",
                            num, Guid.toString(port.node().nodeGuid()), failure);
                    done.accept(false);
                });
        return true;
    }

    /**
     * Sends the PortInfo Set; an answer is stored as the port's attributes and then {@code stored} runs, a failure
     * is told to {@code failed} (neither when the transactions layer is closing).
     */
    private static void setAndStore(SmpSender smps, MKeyBook mKeys, DrPath path, PhysPort port,
                                    SmpSender.Payload payload, Runnable stored, Consumer<String> failed) {
        long modifier = Attributes.portInfoModifier(port.node(), port.portNum());
        smps.set(path, AttributeId.PORT_INFO, modifier, payload, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null) {
                PortInfo pi = PortInfo.decode(mad, Smp.DATA_OFFSET);
                port.setAttributes(Attributes.of(pi));
                mKeys.observed(port, pi.mKey(), pi.mKeyProtectBits());
                stored.run();
            } else if (!Replies.isClosed(outcome)) {
                failed.accept(Replies.failure(outcome));
            }
        });
    }
}
