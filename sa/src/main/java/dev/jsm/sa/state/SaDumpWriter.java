package dev.jsm.sa.state;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.ServiceRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an {@link SaState} in OpenSM's {@code opensm-sa.dump} format (docs/reference/sa-dump-file.md), line for
 * line as OpenSM 3.3.23 prints it, so that the reference SM loads it with {@code sa_db_file}: the multicast groups
 * in MGID order, each followed by its members; then the subscriptions; then the ServiceRecords, each with the time
 * its state was taken as {@code modified_time} and its lease left as {@code lease_period}. Every record is followed by
 * an empty line, as OpenSM writes them.
 *
 * <p>Characters are bytes: the caller writes the text as ISO-8859-1, so that a ServiceName's bytes go to the file
 * unchanged. A ServiceRecord whose name holds a line break or both quote characters cannot be read back by OpenSM's
 * loader and is left out (said in the answer).
 *
 * <p>Stateless; thread-safe.
 */
public final class SaDumpWriter {

    private static final long MILLIS_PER_SECOND = 1000;
    private static final long LEASE_INFINITE = 0xFFFF_FFFFL;
    private static final int NAME_OFFSET = 48;
    private static final int NAME_SIZE = 64;

    private SaDumpWriter() {
    }

    /**
     * Writes {@code state} to {@code out}.
     *
     * @return one line for each record left out (empty when everything was written)
     */
    public static List<String> write(SaState state, Appendable out) throws IOException {
        for (McastGroupState g : state.groups()) {
            group(g, out);
        }
        for (SubscriptionState s : state.subscriptions()) {
            subscription(s, out);
        }
        List<String> leftOut = new ArrayList<>();
        long modified = state.takenAtMillis() / MILLIS_PER_SECOND;
        for (ServiceState s : state.services()) {
            String name = name(s.record());
            if (quote(name) == 0) {
                leftOut.add("ServiceRecord " + s.rid() + " left out: its name holds a line break or both quotes");
            } else {
                service(s, name, modified, out);
            }
        }
        return leftOut;
    }

    private static void group(McastGroupState g, Appendable out) throws IOException {
        byte[] b = new byte[McMemberRecord.SIZE];
        g.params().encodeTo(b, 0);
        McMemberRecord p = g.params();
        out.append(String.format("MC Group 0x%04x %s: mgid=%s port_gid=%s qkey=0x%08x mlid=0x%04x mtu=0x%02x"
                + " tclass=0x%02x pkey=0x%04x rate=0x%02x pkt_life=0x%02x sl_flow_hop=0x%08x scope_state=0x%02x"
                + " proxy_join=0x%x\n\n", g.mlid(), g.wellKnown() ? " (well known)" : "", gid(p.mgid()),
                gid(g.creator()), p.qKey(), g.mlid(), b[38] & 0xFF, p.tClass(), p.pKey(), b[42] & 0xFF, b[43] & 0xFF,
                u32(b, 44), b[48] & 0xFF, p.proxyJoin()));
        for (McastMemberState m : g.members()) {
            out.append(String.format("mcm_port: port_gid=%s scope_state=0x%02x proxy_join=0x%x\n\n", gid(m.portGid()),
                    m.scope() << 4 | m.joinState(), m.proxyJoin()));
        }
    }

    private static void subscription(SubscriptionState s, Appendable out) throws IOException {
        InformInfoRecord r = s.record();
        InformInfo ii = r.informInfo();
        byte[] b = new byte[InformInfo.SIZE];
        ii.encodeTo(b, 0);
        out.append(String.format("InformInfo Record: subscriber_gid=%s subscriber_enum=0x%x InformInfo: gid=%s"
                + " lid_range_begin=0x%x lid_range_end=0x%x is_generic=0x%x subscribe=0x%x trap_type=0x%x"
                + " trap_num=0x%x qpn_resp_time_val=0x%x node_type=0x%06x rep_addr: lid=0x%04x path_bits=0x%02x"
                + " static_rate=0x%02x remote_qp=0x%08x remote_qkey=0x%08x pkey_ix=0x%04x sl=0x%02x\n\n",
                gid(r.subscriberGid()), r.enumeration(), gid(ii.gid()), ii.lidRangeBegin(), ii.lidRangeEnd(),
                ii.isGeneric(), ii.subscribe(), ii.type(), ii.trapNumberOrDeviceId(), u32(b, 28),
                ii.producerTypeOrVendorId(), s.reportTo().lid(), 0, 0, s.reportTo().qpn(), s.reportTo().qkey(),
                s.reportTo().pkeyIndex(), s.reportTo().sl()));
    }

    private static void service(ServiceState s, String name, long modified, Appendable out) throws IOException {
        byte[] b = s.record();
        long left = s.leftMillis() == ServiceState.INFINITE ? LEASE_INFINITE
                : Math.min(LEASE_INFINITE - 1, (s.leftMillis() + MILLIS_PER_SECOND - 1) / MILLIS_PER_SECOND);
        char q = quote(name);
        out.append(String.format("Service Record: id=0x%016x gid=%s pkey=0x%x lease=0x%x key=%s name=%c%s%c"
                + " data8=%s data16=%s data32=%s data64=%s modified_time=0x%x lease_period=0x%x\n\n",
                ServiceRecord.SERVICE_ID.getLong(b, 0), gid(Gid.read(ServiceRecord.SERVICE_GID, b, 0)),
                ServiceRecord.SERVICE_P_KEY.getInt(b, 0), ServiceRecord.SERVICE_LEASE.getLong(b, 0), halves(b, 32),
                q, name, q, halves(b, 112), halves(b, 128), halves(b, 144), halves(b, 160), modified & LEASE_INFINITE,
                left));
    }

    /** The ServiceName's bytes up to the first NUL, one character per byte. */
    static String name(byte[] record) {
        int n = 0;
        while (n < NAME_SIZE && record[NAME_OFFSET + n] != 0) {
            n++;
        }
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) (record[NAME_OFFSET + i] & 0xFF));
        }
        return sb.toString();
    }

    /** The quote a name is written between ({@code '}, else {@code "}), or 0 if OpenSM could not read it back. */
    private static char quote(String name) {
        if (name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            return 0;
        }
        if (name.indexOf('\'') < 0) {
            return '\'';
        }
        return name.indexOf('"') < 0 ? '"' : 0;
    }

    /** {@code 0x<prefix>:0x<interface ID>}. */
    private static String gid(Gid g) {
        return String.format("0x%016x:0x%016x", g.prefix(), g.interfaceId());
    }

    /** 16 bytes from {@code off} as two 64-bit numbers, {@code 0x<8 bytes>:0x<8 bytes>}. */
    private static String halves(byte[] b, int off) {
        return String.format("0x%016x:0x%016x", u64(b, off), u64(b, off + 8));
    }

    private static long u64(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[off + i] & 0xFFL);
        }
        return v;
    }

    private static long u32(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 4; i++) {
            v = v << 8 | (b[off + i] & 0xFFL);
        }
        return v;
    }
}
