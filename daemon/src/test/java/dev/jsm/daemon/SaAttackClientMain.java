package dev.jsm.daemon;

import dev.jsm.mad.codec.Method;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;

/**
 * One hostile (or plain) SA client run of {@link SaAttackIbsimIT}, under umad2sim on a host of its own
 * ({@code SIM_HOST}), replaying one case of issue 25 through raw libibumad MADs to the port's SM LID and printing one
 * line {@code <CASE> key=value ... port=0x<its port GUID>}. Cases (arguments after the case name):
 * <ul>
 *   <li>{@code rmpp N}: N first RMPP DATA segments of a GetMulti, each announcing a 1 MiB payload, each a new TID,
 *       never continued, as fast as the SA answers (32 at a time, a slot freed after 1 ms without answer); counts
 *       the STOPs;</li>
 *   <li>{@code paths N window}: N PathRecord Gets from this port to the SM's;</li>
 *   <li>{@code flood N}: N PathRecord Gets as fast as they go (256 at a time, a slot freed after 10 ms without
 *       answer, so at least 25,600 a second whatever the SA drops);</li>
 *   <li>{@code set N firstId window}: N ServiceRecord Sets (IDs from {@code firstId}, this port's GID);</li>
 *   <li>{@code delete0}: one ServiceRecord Delete with ComponentMask 0;</li>
 *   <li>{@code deleterid id portGuid}: one ServiceRecord Delete of the RID (id, fe80::portGuid, 0xFFFF);</li>
 *   <li>{@code count}: one GetTable(ServiceRecord), ComponentMask 0: the records its first segment announces;</li>
 *   <li>{@code gettable N window}: N such GetTables, never acknowledged;</li>
 *   <li>{@code inform N}: N InformInfo subscriptions (generic traps 1000 + i);</li>
 *   <li>{@code groups N first}: N MCMemberRecord creates of groups ff12:e001::(first + i);</li>
 *   <li>{@code joins N perSecond}: N creates and N leaves of groups ff12:e002::i, alternating, paced at
 *       {@code perSecond} requests a second.</li>
 * </ul>
 * Exit status 0 once the line is printed.
 */
public final class SaAttackClientMain {

    private static final long IDLE_MS = 1000;
    private static final long DEFAULT_PREFIX = 0xfe80_0000_0000_0000L;
    private static final long CREATE = 1L << 0 | 1L << 1 | 1L << 16 | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12
            | 1L << 13;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;

    private SaAttackClientMain() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            int smLid = channel.localPort().smLid();
            int lid = channel.localPort().lid();
            Gid own = new Gid(DEFAULT_PREFIX, channel.localPort().portGuid());
            SaAttackClient c = new SaAttackClient(channel, smLid);
            String line = switch (args[0]) {
                case "rmpp" -> {
                    SaAttackClient.Batch b = c.run(n(args, 1), 32, 1, (i, tid) -> rmppFirst(tid), IDLE_MS);
                    yield "RMPP " + b.summary() + " sendMs=" + b.sendNanos / 1_000_000;
                }
                case "paths" -> "PATHS " + c.run(n(args, 1), n(args, 2), 0, (i, tid) -> path(tid, lid, smLid), IDLE_MS)
                        .summary();
                case "flood" -> {
                    SaAttackClient.Batch b = c.run(n(args, 1), 256, 10, (i, tid) -> path(tid, lid, smLid), IDLE_MS);
                    yield "FLOOD " + b.summary() + " sendMs=" + b.sendNanos / 1_000_000;
                }
                case "set" -> "SET " + c.run(n(args, 1), n(args, 3), 0, (i, tid) -> service(Method.SET.value(), tid,
                        1L << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID
                                | 1L << ServiceRecord.COMPONENT_SERVICE_NAME, n(args, 2) + i, own), IDLE_MS).summary();
                case "delete0" -> "DELETE0 " + c.run(1, 1, 0, (i, tid) -> SaAttackClient.request(Method.DELETE.value(),
                        SaAttribute.SERVICE_RECORD, tid, 0, (m, o) -> { }), IDLE_MS).summary();
                case "deleterid" -> "DELETERID " + c.run(1, 1, 0, (i, tid) -> service(Method.DELETE.value(), tid,
                        1L << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID,
                        Long.parseLong(args[1]), new Gid(DEFAULT_PREFIX, Long.parseUnsignedLong(
                                args[2].replace("0x", ""), 16))), IDLE_MS).summary();
                case "count" -> {
                    SaAttackClient.Batch b = c.run(1, 1, 0, (i, tid) -> table(tid), IDLE_MS);
                    yield "COUNT records=" + b.largestTable() / ServiceRecord.SIZE + " " + b.summary();
                }
                case "gettable" -> {
                    SaAttackClient.Batch b = c.run(n(args, 1), n(args, 2), 0, (i, tid) -> table(tid), IDLE_MS);
                    yield "GETTABLE " + b.summary() + " records=" + b.largestTable() / ServiceRecord.SIZE;
                }
                case "inform" -> "INFORM " + c.run(n(args, 1), 8, 0, (i, tid) -> SaAttackClient.request(
                        Method.SET.value(), SaAttribute.INFORM_INFO, tid, 0, (m, o) -> new InformInfo(Gid.ZERO,
                                InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, 1000 + i, 0, 0, 0xFFFFFF)
                                .encodeTo(m, o)), IDLE_MS).summary();
                case "groups" -> "GROUPS " + c.run(n(args, 1), 8, 0, (i, tid) -> member(Method.SET.value(), tid, CREATE,
                        new Gid(0xff12_e001_0000_0000L, n(args, 2) + i), own), IDLE_MS).summary();
                case "joins" -> {
                    long gapNanos = 1_000_000_000L / n(args, 2);
                    long start = System.nanoTime();
                    SaAttackClient.Batch b = c.run(2 * n(args, 1), 4, 0, (i, tid) -> {
                        pace(start + i * gapNanos);
                        Gid mgid = new Gid(0xff12_e002_0000_0000L, i / 2);
                        return i % 2 == 0 ? member(Method.SET.value(), tid, CREATE, mgid, own)
                                : member(Method.DELETE.value(), tid, JOIN, mgid, own);
                    }, IDLE_MS);
                    yield "JOINS " + b.summary();
                }
                default -> throw new IllegalArgumentException("unknown case " + args[0]);
            };
            System.out.println(line + String.format(" port=0x%016x", own.interfaceId()));
            System.out.flush();
        }
        System.exit(0);
    }

    private static int n(String[] args, int i) {
        return Integer.parseInt(args[i]);
    }

    private static void pace(long atNanos) {
        long wait = atNanos - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The first of many DATA segments of a GetMulti(MultiPathRecord) announcing 1 MiB. */
    private static byte[] rmppFirst(long tid) {
        byte[] mad = SaAttackClient.request(Method.GET_MULTI.value(), SaAttribute.MULTI_PATH_RECORD, tid, 0,
                (m, o) -> { });
        new RmppHeader(RmppHeader.VERSION, RmppHeader.TYPE_DATA, RmppHeader.NO_RESP_TIME,
                RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST, 0, 1, (1L << 20) + SaHeader.CLASS_HEADER_SIZE)
                .encodeTo(mad);
        return mad;
    }

    private static byte[] path(long tid, int slid, int dlid) {
        return SaAttackClient.request(Method.GET.value(), SaAttribute.PATH_RECORD, tid,
                1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (m, o) -> {
                    PathRecord.SLID.put(m, o, slid);
                    PathRecord.DLID.put(m, o, dlid);
                });
    }

    private static byte[] service(int method, long tid, long mask, long id, Gid gid) {
        return SaAttackClient.request(method, SaAttribute.SERVICE_RECORD, tid, mask, (m, o) -> {
            ServiceRecord.SERVICE_ID.put(m, o, id);
            gid.write(ServiceRecord.SERVICE_GID, m, o);
            ServiceRecord.SERVICE_P_KEY.put(m, o, 0xFFFF);
            ServiceRecord.SERVICE_NAME.putText(m, o, "jsm-attack");
        });
    }

    private static byte[] table(long tid) {
        return SaAttackClient.request(Method.GET_TABLE.value(), SaAttribute.SERVICE_RECORD, tid, 0, (m, o) -> { });
    }

    private static byte[] member(int method, long tid, long mask, Gid mgid, Gid port) {
        return SaAttackClient.request(method, SaAttribute.MC_MEMBER_RECORD, tid, mask, (m, o) -> new McMemberRecord(
                mgid, port, 0x11, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, McMemberRecord.JOIN_FULL_MEMBER, 0)
                .encodeTo(m, o));
    }
}
