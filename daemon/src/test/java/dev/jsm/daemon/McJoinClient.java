package dev.jsm.daemon;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A host's multicast client for the tests, as IPoIB or librdmacm would talk to the SA: MCMemberRecord Set (join),
 * Delete (leave) and Get as real SA MADs on the host's own port, waiting for each answer.
 *
 * <p>Confined to the test thread (answers arrive on the channel's thread through a queue).
 */
final class McJoinClient {

    /** Join components: MGID, PortGID, JoinState. */
    static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    /** Create components: join plus Q_Key, TClass, P_Key, SL, FlowLabel. */
    static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;
    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final int DELETE = 0x15;

    private final MadChannel channel;
    private final int saLid;
    private final Gid portGid;
    private final LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
    private long tid = 0x4d430000L;

    /** A client on {@code channel} (the host's port {@code portGid}) asking the SA at {@code saLid}. */
    McJoinClient(MadChannel channel, int saLid, Gid portGid) {
        this.channel = channel;
        this.saLid = saLid;
        this.portGid = portGid;
        channel.setReceiver((from, mad, length) -> answers.add(mad.clone()));
    }

    /** Joins (creating with Q_Key 0x11, P_Key 0xFFFF when {@code mask} has the create components). */
    Answer join(Gid mgid, int joinState, long mask) throws Exception {
        return ask(SET, mask, record(mgid, joinState, 0xFFFF));
    }

    /** Leaves with {@code joinState}'s bits. */
    Answer leave(Gid mgid, int joinState) throws Exception {
        return ask(DELETE, JOIN, record(mgid, joinState, 0));
    }

    /** Get by MGID. */
    Answer get(Gid mgid) throws Exception {
        return ask(GET, 1L << 0, record(mgid, 0, 0));
    }

    private McMemberRecord record(Gid mgid, int joinState, int pKey) {
        return new McMemberRecord(mgid, portGid, 0x11, 0, 0, 0, 0, pKey, 0, 0, 0, 0, 0, 0, 0, 2, joinState, 0);
    }

    /**
     * Sends the request (up to three times) and returns the answer whose TID matches in its low 32 bits (libibumad
     * puts its agent's number in the high ones).
     */
    private Answer ask(int method, long mask, McMemberRecord r) throws Exception {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        long t = ++tid;
        new MadHeader(1, 3, 2, method, 0, 0, t, SaAttribute.MC_MEMBER_RECORD, 0).encodeTo(mad);
        new SaHeader(0, 0, mask).encodeTo(mad);
        r.encodeTo(mad, SaHeader.DATA_OFFSET);
        for (int attempt = 0; attempt < 3; attempt++) {
            channel.send(MadAddress.gsi(saLid, 0, 0), mad, MadHeader.MAD_SIZE);
            long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            byte[] got;
            while ((got = answers.poll(end - System.nanoTime(), TimeUnit.NANOSECONDS)) != null) {
                if ((int) MadHeader.TRANSACTION_ID.getLong(got, 0) == (int) t) {
                    return new Answer(MadHeader.STATUS.getInt(got, 0),
                            McMemberRecord.decode(got, SaHeader.DATA_OFFSET));
                }
            }
        }
        throw new IOException("no SA answer to method 0x" + Integer.toHexString(method));
    }

    /** The SA's status and record. */
    record Answer(int status, McMemberRecord record) {
    }
}
