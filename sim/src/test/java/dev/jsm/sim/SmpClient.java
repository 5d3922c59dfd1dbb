package dev.jsm.sim;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A blocking SMP client on a {@link SimMadChannel} for tests: send one SMP, wait for what comes back. */
final class SmpClient implements AutoCloseable {

    /** One MAD the channel received. */
    record Received(MadAddress from, byte[] mad) {
    }

    final SimFabric fabric;
    final SimMadChannel channel;
    final BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
    /** MADs handed back as failed sends (dropped by the fabric). */
    final BlockingQueue<byte[]> failed = new LinkedBlockingQueue<>();
    private long nextTid = 0x100;

    SmpClient(SimFabric fabric, int node, int port) {
        this.fabric = fabric;
        this.channel = fabric.openChannel(node, port);
        channel.setReceiver(new MadReceiver() {
            @Override
            public void onMad(MadAddress from, byte[] mad, int length) {
                inbox.add(new Received(from, mad));
            }

            @Override
            public void onSendFailed(byte[] mad, int length, int status) {
                assertThat(status).isEqualTo(110);
                failed.add(mad);
            }
        });
    }

    /** A DR Get; the response, or null if nothing came back. */
    byte[] get(DrPath path, AttributeId attr, long mod) {
        return exchange(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, nextTid++, attr, mod, path, 0));
    }

    /** A DR Set with {@code data} as payload; the response, or null. */
    byte[] set(DrPath path, AttributeId attr, long mod, byte[] data) {
        byte[] mad = Smp.directedRoute(Method.SET, nextTid++, attr, mod, path, 0);
        System.arraycopy(data, 0, mad, Smp.DATA_OFFSET, Math.min(data.length, Smp.DATA_SIZE));
        return exchange(MadAddress.directedRoute(), mad);
    }

    /** A LID-routed Get; the response, or null. */
    byte[] lidGet(int lid, AttributeId attr, long mod) {
        return exchange(MadAddress.smi(lid), Smp.lidRouted(Method.GET, nextTid++, attr, mod, 0));
    }

    /** A LID-routed Set; the response, or null. */
    byte[] lidSet(int lid, AttributeId attr, long mod, byte[] data) {
        byte[] mad = Smp.lidRouted(Method.SET, nextTid++, attr, mod, 0);
        System.arraycopy(data, 0, mad, Smp.DATA_OFFSET, Math.min(data.length, Smp.DATA_SIZE));
        return exchange(MadAddress.smi(lid), mad);
    }

    /**
     * Sends {@code mad}, waits until the fabric is idle and returns the one MAD received, or null if none (then the
     * fabric handed it back as a failed send, unless loss injection ate it).
     */
    byte[] exchange(MadAddress to, byte[] mad) {
        failed.clear();
        send(to, mad);
        awaitIdle();
        Received r = inbox.poll();
        assertThat(inbox).as("more than one MAD came back").isEmpty();
        long tid = MadHeader.TRANSACTION_ID.getLong(mad, 0);
        if (r != null) {
            assertThat(MadHeader.TRANSACTION_ID.getLong(r.mad(), 0)).isEqualTo(tid);
            assertThat(failed).isEmpty();
        }
        for (byte[] f : failed) {
            assertThat(MadHeader.TRANSACTION_ID.getLong(f, 0)).isEqualTo(tid);
        }
        return r == null ? null : r.mad();
    }

    void send(MadAddress to, byte[] mad) {
        try {
            channel.send(to, mad, mad.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void awaitIdle() {
        try {
            assertThat(fabric.awaitIdle(Duration.ofSeconds(10))).as("simulator idle").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The next MAD received, waiting up to 10 s. */
    Received take() throws InterruptedException {
        Received r = inbox.poll(10, TimeUnit.SECONDS);
        assertThat(r).as("a MAD within 10 s").isNotNull();
        return r;
    }

    @Override
    public void close() {
        channel.close();
    }
}
