package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.ObjIntConsumer;

/**
 * A minimal SA client for the tests: sends requests on a channel, keeps single-MAD responses and reassembles RMPP
 * responses with its own {@link RmppReceiver} (ACKing as a kernel would).
 *
 * <p>Confined to the thread that delivers to its channel (the test thread, or the simulator's thread with the
 * lists read after it is idle).
 */
final class SaTestClient {

    final List<byte[]> singles = new ArrayList<>();
    final List<RmppMessage> tables = new ArrayList<>();
    /** The length of every MAD received, in order. */
    final List<Integer> lengths = new ArrayList<>();
    private final MadChannel channel;
    private final RmppReceiver receiver;
    private final LongSupplier clock;
    /** Smallest MAD length the channel reported (256 unless the transport cut MADs short). */
    private int minLength = MadHeader.MAD_SIZE;

    SaTestClient(MadChannel channel, LongSupplier clock) {
        this.channel = channel;
        this.clock = clock;
        this.receiver = new RmppReceiver(channel, RmppSettings.defaults());
        channel.setReceiver(this::onMad);
    }

    private synchronized void onMad(MadAddress from, byte[] received, int length) {
        minLength = Math.min(minLength, length);
        lengths.add(length);
        byte[] mad = received.length < MadHeader.MAD_SIZE ? Arrays.copyOf(received, MadHeader.MAD_SIZE) : received;
        if (RmppHeader.isActive(mad)) {
            if (RmppHeader.RMPP_TYPE.getInt(mad, 0) == RmppHeader.TYPE_DATA) {
                RmppMessage m = receiver.onData((MadAddress.LidRouted) from, mad, clock.getAsLong());
                if (m != null) {
                    tables.add(m);
                }
            }
            return;
        }
        singles.add(mad);
    }

    /** Sends one SA request to {@code saLid}. */
    void send(int saLid, int method, int attribute, long tid, long smKey, long mask,
              ObjIntConsumer<byte[]> template) throws IOException {
        channel.send(MadAddress.gsi(saLid, 0, 0), request(method, attribute, tid, smKey, mask, template),
                MadHeader.MAD_SIZE);
    }

    /** An SA request MAD. */
    static byte[] request(int method, int attribute, long tid, long smKey, long mask,
                          ObjIntConsumer<byte[]> template) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, 3, 2, method, 0, 0, tid, attribute, 0).encodeTo(mad);
        new SaHeader(smKey, 0, mask).encodeTo(mad);
        template.accept(mad, SaHeader.DATA_OFFSET);
        return mad;
    }

    synchronized int minLength() {
        return minLength;
    }

    synchronized int singleCount() {
        return singles.size();
    }

    synchronized int tableCount() {
        return tables.size();
    }
}
