package dev.jsm.sim.server;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import java.util.function.Consumer;

/**
 * One attached client (one umad2sim process): its id, its pid (which names its sockets), the port it is attached to,
 * whether it is the SM there, and the socket the server talks to it through ({@code <name>:out<id>}, connected to the
 * client's {@code <name>:in<pid>}).
 *
 * <p>Thread-safe: {@link #send} is called on the simulator thread and the I/O thread; the rest is set on the I/O
 * thread and read by both.
 */
final class SimClient {

    final int id;
    final int pid;
    final PortAttachment port;
    private final Channel out;
    private final ServerCounters counters;
    private final Consumer<SimClient> onGone;
    private volatile boolean issm;
    private volatile boolean detached;

    SimClient(int id, int pid, PortAttachment port, boolean issm, Channel out, ServerCounters counters,
              Consumer<SimClient> onGone) {
        this.id = id;
        this.pid = pid;
        this.port = port;
        this.issm = issm;
        this.out = out;
        this.counters = counters;
        this.onGone = onGone;
    }

    boolean issm() {
        return issm;
    }

    void setIssm(boolean on) {
        issm = on;
    }

    boolean detached() {
        return detached;
    }

    /**
     * Sends one MAD datagram; a client that left, or whose socket is full, loses it (counted). A failed send means
     * the client's socket is gone: the server is told, on the I/O thread.
     */
    void send(byte[] datagram) {
        if (detached || !out.isWritable()) {
            counters.undeliverable.incrementAndGet();
            return;
        }
        counters.madsOut.incrementAndGet();
        out.writeAndFlush(Unpooled.wrappedBuffer(datagram)).addListener(f -> {
            if (!f.isSuccess()) {
                counters.undeliverable.incrementAndGet();
                onGone.accept(this);
            }
        });
    }

    /** Marks the client detached and closes its socket; MADs still due to it are dropped. */
    void detach() {
        detached = true;
        out.close();
    }

    @Override
    public String toString() {
        return "client " + id + " (pid " + pid + ") at " + port;
    }
}
