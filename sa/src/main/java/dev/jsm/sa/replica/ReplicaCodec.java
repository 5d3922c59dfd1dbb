package dev.jsm.sa.replica;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire format of {@link ReplicaFrame}s: the 24-byte header, then each entry as a type byte and fixed fields,
 * big-endian. The entries and their sizes with the type byte:
 * <ul>
 *   <li>1 GroupPut, 58: the group's MCMemberRecord (56; its PortGID the creator's GID), flags (1; 0x01 well
 *       known);</li>
 *   <li>2 GroupGone, 17: MGID;</li>
 *   <li>3 MemberPut, 35: MGID, PortGID, Scope and JoinState (1: scope &lt;&lt; 4 | JoinState), ProxyJoin (1);</li>
 *   <li>4 MemberGone, 25: MGID, port GUID (8);</li>
 *   <li>5 ServicePut, 189: the ServiceRecord (176), seconds its lease has left (4; 0xFFFFFFFF never expires),
 *       owner (8);</li>
 *   <li>6 ServiceGone, 27: ServiceID (8), ServiceGID (16), ServiceP_Key (2);</li>
 *   <li>7 SubscriptionPut, 78: the InformInfoRecord (64), Report LID (2), QPN (4), Q_Key (4), SL (1), P_Key index
 *       (2);</li>
 *   <li>8 SubscriptionGone, 45: Report LID (2), QPN (4), P_Key index (2), InformInfo (36).</li>
 * </ul>
 *
 * <p>Stateless; thread-safe.
 */
public final class ReplicaCodec {

    private static final int GROUP_PUT = 1;
    private static final int GROUP_GONE = 2;
    private static final int MEMBER_PUT = 3;
    private static final int MEMBER_GONE = 4;
    private static final int SERVICE_PUT = 5;
    private static final int SERVICE_GONE = 6;
    private static final int SUBSCRIPTION_PUT = 7;
    private static final int SUBSCRIPTION_GONE = 8;
    private static final int WELL_KNOWN = 0x01;
    private static final long MILLIS_PER_SECOND = 1000;
    private static final long LEASE_INFINITE = 0xFFFF_FFFFL;
    private static final int MAX_ENTRIES = 255;

    private ReplicaCodec() {
    }

    /** The bytes {@code e} takes in a frame, its type byte included. */
    public static int size(ReplicaEntry e) {
        int body;
        if (e instanceof ReplicaEntry.GroupPut) {
            body = McMemberRecord.SIZE + 1;
        } else if (e instanceof ReplicaEntry.GroupGone) {
            body = Gid.SIZE;
        } else if (e instanceof ReplicaEntry.MemberPut) {
            body = 2 * Gid.SIZE + 2;
        } else if (e instanceof ReplicaEntry.MemberGone) {
            body = Gid.SIZE + 8;
        } else if (e instanceof ReplicaEntry.ServicePut) {
            body = ServiceRecord.SIZE + 4 + 8;
        } else if (e instanceof ReplicaEntry.ServiceGone) {
            body = 8 + Gid.SIZE + 2;
        } else if (e instanceof ReplicaEntry.SubscriptionPut) {
            body = InformInfoRecord.SIZE + 13;
        } else {
            body = 8 + InformInfo.SIZE;
        }
        return 1 + body;
    }

    /**
     * The frame's bytes.
     *
     * @throws IllegalArgumentException if it has more than 255 entries
     */
    public static byte[] encode(ReplicaFrame f) {
        int n = ReplicaFrame.HEADER_BYTES;
        for (ReplicaEntry e : f.entries()) {
            n += size(e);
        }
        if (f.entries().size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("a frame carries at most " + MAX_ENTRIES + " entries");
        }
        ByteBuffer b = ByteBuffer.allocate(n);
        b.put((byte) ReplicaFrame.VERSION).put((byte) f.kind().code()).put((byte) f.flags())
                .put((byte) f.entries().size()).putInt(f.epoch()).putLong(f.seq()).putLong(f.smKey());
        for (ReplicaEntry e : f.entries()) {
            entry(b, e);
        }
        return b.array();
    }

    /**
     * Reads the frame in {@code length} bytes of {@code data} from {@code off} (bytes after its last entry are
     * padding).
     *
     * @throws IllegalArgumentException if they are not a frame of this version
     */
    public static ReplicaFrame decode(byte[] data, int off, int length) {
        ByteBuffer b = ByteBuffer.wrap(data, off, length);
        try {
            int version = b.get() & 0xFF;
            if (version != ReplicaFrame.VERSION) {
                throw new IllegalArgumentException("replica frame version " + version + ", not "
                        + ReplicaFrame.VERSION);
            }
            ReplicaFrame.Kind kind = ReplicaFrame.Kind.of(b.get() & 0xFF);
            if (kind == null) {
                throw new IllegalArgumentException("replica frame of unknown kind " + (data[off + 1] & 0xFF));
            }
            int flags = b.get() & 0xFF;
            int count = b.get() & 0xFF;
            int epoch = b.getInt();
            long seq = b.getLong();
            long smKey = b.getLong();
            List<ReplicaEntry> entries = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                entries.add(entry(b));
            }
            return new ReplicaFrame(kind, flags, epoch, seq, smKey, entries);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("replica frame cut short at " + length + " bytes");
        }
    }

    private static void entry(ByteBuffer b, ReplicaEntry e) {
        if (e instanceof ReplicaEntry.GroupPut g) {
            McastGroupState st = g.group();
            McMemberRecord p = st.params();
            byte[] r = new byte[McMemberRecord.SIZE];
            new McMemberRecord(p.mgid(), st.creator(), p.qKey(), p.mlid(), p.mtuSelector(), p.mtu(), p.tClass(),
                    p.pKey(), p.rateSelector(), p.rate(), p.packetLifeTimeSelector(), p.packetLifeTime(), p.sl(),
                    p.flowLabel(), p.hopLimit(), p.scope(), p.joinState(), p.proxyJoin()).encodeTo(r, 0);
            b.put((byte) GROUP_PUT).put(r).put((byte) (st.wellKnown() ? WELL_KNOWN : 0));
        } else if (e instanceof ReplicaEntry.GroupGone g) {
            gid(b.put((byte) GROUP_GONE), g.mgid());
        } else if (e instanceof ReplicaEntry.MemberPut m) {
            McastMemberState s = m.member();
            gid(gid(b.put((byte) MEMBER_PUT), m.mgid()), s.portGid());
            b.put((byte) (s.scope() << 4 | s.joinState())).put((byte) s.proxyJoin());
        } else if (e instanceof ReplicaEntry.MemberGone m) {
            gid(b.put((byte) MEMBER_GONE), m.mgid()).putLong(m.portGuid());
        } else if (e instanceof ReplicaEntry.ServicePut s) {
            ServiceState st = s.service();
            long left = st.leftMillis() == ServiceState.INFINITE ? LEASE_INFINITE
                    : Math.min(LEASE_INFINITE - 1, (st.leftMillis() + MILLIS_PER_SECOND - 1) / MILLIS_PER_SECOND);
            b.put((byte) SERVICE_PUT).put(st.record()).putInt((int) left).putLong(st.owner());
        } else if (e instanceof ReplicaEntry.ServiceGone s) {
            ServiceRid rid = s.rid();
            gid(b.put((byte) SERVICE_GONE).putLong(rid.serviceId()), rid.gid()).putShort((short) rid.pKey());
        } else if (e instanceof ReplicaEntry.SubscriptionPut s) {
            byte[] r = new byte[InformInfoRecord.SIZE];
            s.subscription().record().encodeTo(r, 0);
            MadAddress.LidRouted to = s.subscription().reportTo();
            b.put((byte) SUBSCRIPTION_PUT).put(r).putShort((short) to.lid()).putInt(to.qpn()).putInt(to.qkey())
                    .put((byte) to.sl()).putShort((short) to.pkeyIndex());
        } else if (e instanceof ReplicaEntry.SubscriptionGone s) {
            byte[] ii = new byte[InformInfo.SIZE];
            s.key().informInfo().encodeTo(ii, 0);
            b.put((byte) SUBSCRIPTION_GONE).putShort((short) s.key().lid()).putInt(s.key().qpn())
                    .putShort((short) s.key().pkeyIndex()).put(ii);
        }
    }

    private static ReplicaEntry entry(ByteBuffer b) {
        int type = b.get() & 0xFF;
        return switch (type) {
            case GROUP_PUT -> {
                McMemberRecord r = McMemberRecord.decode(bytes(b, McMemberRecord.SIZE), 0);
                boolean wellKnown = (b.get() & WELL_KNOWN) != 0;
                yield new ReplicaEntry.GroupPut(new McastGroupState(new McMemberRecord(r.mgid(), Gid.ZERO, r.qKey(),
                        r.mlid(), r.mtuSelector(), r.mtu(), r.tClass(), r.pKey(), r.rateSelector(), r.rate(),
                        r.packetLifeTimeSelector(), r.packetLifeTime(), r.sl(), r.flowLabel(), r.hopLimit(),
                        r.scope(), r.joinState(), r.proxyJoin()), wellKnown, r.portGid(), List.of()));
            }
            case GROUP_GONE -> new ReplicaEntry.GroupGone(gid(b));
            case MEMBER_PUT -> {
                Gid mgid = gid(b);
                Gid port = gid(b);
                int scopeState = b.get() & 0xFF;
                yield new ReplicaEntry.MemberPut(mgid, new McastMemberState(port, scopeState >>> 4,
                        scopeState & 0xF, b.get() & 1));
            }
            case MEMBER_GONE -> new ReplicaEntry.MemberGone(gid(b), b.getLong());
            case SERVICE_PUT -> {
                byte[] r = bytes(b, ServiceRecord.SIZE);
                long left = b.getInt() & LEASE_INFINITE;
                yield new ReplicaEntry.ServicePut(new ServiceState(r, left == LEASE_INFINITE ? ServiceState.INFINITE
                        : left * MILLIS_PER_SECOND, b.getLong()));
            }
            case SERVICE_GONE -> new ReplicaEntry.ServiceGone(new ServiceRid(b.getLong(), gid(b),
                    b.getShort() & 0x7FFF));
            case SUBSCRIPTION_PUT -> {
                InformInfoRecord r = InformInfoRecord.decode(bytes(b, InformInfoRecord.SIZE), 0);
                int lid = b.getShort() & 0xFFFF;
                int qpn = b.getInt() & 0xFFFFFF;
                int qkey = b.getInt();
                int sl = b.get() & 0xF;
                yield new ReplicaEntry.SubscriptionPut(new SubscriptionState(r, new MadAddress.LidRouted(lid, qpn, qkey,
                        sl, b.getShort() & 0xFFFF)));
            }
            case SUBSCRIPTION_GONE -> {
                int lid = b.getShort() & 0xFFFF;
                int qpn = b.getInt() & 0xFFFFFF;
                int pkeyIndex = b.getShort() & 0xFFFF;
                InformInfo ii = InformInfo.decode(bytes(b, InformInfo.SIZE), 0);
                yield new ReplicaEntry.SubscriptionGone(new SubscriptionKey(lid, qpn, pkeyIndex, ii));
            }
            default -> throw new IllegalArgumentException("replica entry of unknown type " + type);
        };
    }

    private static ByteBuffer gid(ByteBuffer b, Gid g) {
        return b.putLong(g.prefix()).putLong(g.interfaceId());
    }

    private static Gid gid(ByteBuffer b) {
        return new Gid(b.getLong(), b.getLong());
    }

    private static byte[] bytes(ByteBuffer b, int n) {
        byte[] out = new byte[n];
        b.get(out);
        return out;
    }
}
