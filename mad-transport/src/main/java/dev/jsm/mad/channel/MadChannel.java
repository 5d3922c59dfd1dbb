package dev.jsm.mad.channel;

import java.io.IOException;

/**
 * Raw MAD send and receive on one local port: the transport the SM and the SA use, implemented by libibumad (JNA)
 * and by the in-JVM simulator alike, so that the layers above cannot tell them apart.
 *
 * <p>The channel neither matches responses to requests nor retries: that is {@code MadTransactions}' job, because
 * under ibsim/umad2sim the kernel's timeouts do not exist. A send hands the MAD over and returns; whatever comes
 * back (responses, traps, SA requests) reaches the receiver.
 *
 * <p>Thread-safe: {@link #send} may be called from any thread; the receiver is called on the channel's I/O thread.
 */
public interface MadChannel extends AutoCloseable {

    /** The port the channel is bound to. */
    LocalPort localPort();

    /**
     * Sends one MAD.
     *
     * @param to destination ({@link MadAddress#directedRoute()} for DR SMPs)
     * @param mad the MAD; the channel copies it before returning
     * @param length bytes to send (256 for a single MAD)
     * @throws IOException if the transport refused the MAD
     */
    void send(MadAddress to, byte[] mad, int length) throws IOException;

    /** Installs the receiver of everything that arrives; set it before the first send. */
    void setReceiver(MadReceiver receiver);

    /** Stops the I/O thread and releases the port. */
    @Override
    void close();
}
