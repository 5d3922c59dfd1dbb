package dev.jsm.sim;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;

/**
 * A {@link MadChannel} on one port of a {@link SimFabric}: a CA port, or port 0 of a switch (an SM running on the
 * switch). Open it with {@link SimFabric#openChannel}; several channels may be open on one fabric, one per port.
 *
 * <p>{@link #send} copies the MAD and queues it for the fabric's simulator thread (the copy becomes the response, so
 * nothing else is allocated per MAD); whatever reaches this port - responses, traps, SMInfo and SA requests from
 * other channels - is handed to the receiver on the simulator thread, as a 256-byte array the receiver keeps. A MAD
 * the fabric cannot deliver (no route, link down, nobody listening) comes back at once through
 * {@link MadReceiver#onSendFailed} with status 110, as ibsim reports it through umad2sim; MADs eaten by loss
 * injection do not. The receiver must not block that thread; it may send.
 *
 * <p>Thread-safe.
 */
public final class SimMadChannel implements MadChannel {

    private final FabricState state;
    private final SimEngine engine;
    private final MadProcessor processor;
    private final int slot;
    private volatile MadReceiver receiver;
    private volatile boolean closed;

    SimMadChannel(FabricState state, SimEngine engine, MadProcessor processor, int slot) {
        this.state = state;
        this.engine = engine;
        this.processor = processor;
        this.slot = slot;
    }

    /** The port as it is now: LID, SM LID and state change as the SM configures the fabric. */
    @Override
    public LocalPort localPort() {
        synchronized (state) {
            int n = state.portNode[slot];
            return new LocalPort(state.topology.node(n).description(), state.portNum(slot), state.portGuid[slot],
                    state.lid(slot), state.masterSmLid(slot), state.portState(slot));
        }
    }

    /**
     * Queues one MAD for the fabric.
     *
     * @throws IOException if the channel is closed or {@code length} is not 24..256
     */
    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        if (closed) {
            throw new IOException("simulated channel on port " + state.portNum(slot) + " is closed");
        }
        if (length < MadHeader.SIZE || length > MadHeader.MAD_SIZE) {
            throw new IOException("MAD length " + length + " outside " + MadHeader.SIZE + ".." + MadHeader.MAD_SIZE);
        }
        byte[] copy = new byte[MadHeader.MAD_SIZE];
        System.arraycopy(mad, 0, copy, 0, length);
        engine.submit(this, to, copy);
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver;
    }

    /**
     * Sets or clears the IsSM bit of the port's CapabilityMask, as opening the {@code issm} device does on a real
     * host: other SMs find this port's SM through it. A change sends Trap 144 to the master SM, as the port's SMA
     * does.
     */
    public void setIsSm(boolean isSm) {
        synchronized (state) {
            int off = FabricState.piOff(slot);
            long cap = PortInfo.CAPABILITY_MASK.getLong(state.portInfo, off);
            long now = isSm ? cap | PortInfo.CAP_IS_SM : cap & ~PortInfo.CAP_IS_SM;
            PortInfo.CAPABILITY_MASK.put(state.portInfo, off, now);
            if (now != cap) {
                processor.capabilityChanged(slot);
            }
        }
    }

    /** Detaches from the port (clearing IsSM); queued and later MADs for it are dropped. */
    @Override
    public void close() {
        synchronized (state) {
            if (!closed) {
                setIsSm(false);
                closed = true;
                state.channels[slot] = null;
            }
        }
    }

    int slot() {
        return slot;
    }

    boolean isClosed() {
        return closed;
    }

    MadReceiver receiver() {
        return receiver;
    }
}
