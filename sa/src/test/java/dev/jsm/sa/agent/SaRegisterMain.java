package dev.jsm.sa.agent;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.rmpp.RmppMessage;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * A host's registrations with the SA, run under umad2sim on the host ({@code SIM_HOST}): each command one SA Set to
 * the port's SM LID, answered before the next, and one line {@code REG <command> status=0x.... <what the answer
 * says>}. For the scripts and ITs of the SA's state across restarts and failovers. Commands (any number, in order):
 * <ul>
 *   <li>{@code service ID LEASE NAME}: ServiceRecord Set of ServiceID {@code ID} on this port's GID, ServiceLease
 *       {@code LEASE} seconds (0: the lease component left out, a record that never expires), ServiceName
 *       {@code NAME}, ServiceData8[0] = 1;</li>
 *   <li>{@code subscribe TRAP}: InformInfo Set, Subscribe 1, generic trap {@code TRAP} from all LIDs;</li>
 *   <li>{@code create ID JOINSTATE} or {@code join ID JOINSTATE}: MCMemberRecord Set of this port to group
 *       {@code ff12::ID} (hexadecimal), with the components a create needs or only those of a join;</li>
 *   <li>{@code leave ID JOINSTATE}: MCMemberRecord Delete of those JoinState bits of this port in group
 *       {@code ff12::ID};</li>
 *   <li>{@code services KEY ID} or {@code members KEY ID}: ServiceRecord GetTable of ServiceID {@code ID} or
 *       MCMemberRecord GetTable of group {@code ff12::ID} (hexadecimal) with SM_Key {@code KEY} (hexadecimal; the
 *       SA's own shows every member), each record printed on a {@code TABLE} line (one RMPP segment each: under
 *       umad2sim, a whole table in several did not arrive whole).</li>
 * </ul>
 * With the single argument {@code -} the commands are read from standard input (white space between words), so
 * that one process sends many. Prints {@code REG done ok=N failed=M} last. Exit status 0 when every answer had
 * status 0, 1 otherwise, 2 when one did not come within 10 s.
 */
public final class SaRegisterMain {

    private static final int SET = 0x02;
    private static final int DELETE = 0x15;
    private static final int GET_TABLE = 0x12;
    private static final long DEFAULT_PREFIX = 0xfe80_0000_0000_0000L;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;

    private SaRegisterMain() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("-")) {
            args = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).trim().split("\\s+");
        }
        int worst = 0;
        int ok = 0;
        int failed = 0;
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            int sm = channel.localPort().smLid();
            Gid own = new Gid(DEFAULT_PREFIX, channel.localPort().portGuid());
            SaTestClient client = new SaTestClient(channel, System::nanoTime);
            long tid = 0x5000;
            for (int i = 0; i < args.length; ) {
                String cmd = args[i];
                String first = i + 1 < args.length ? args[i + 1] : "";
                int answers = client.singles.size();
                switch (cmd) {
                    case "service" -> {
                        long id = Long.parseUnsignedLong(args[i + 1]);
                        long lease = Long.parseLong(args[i + 2]);
                        String name = args[i + 3];
                        long mask = 1L << ServiceRecord.COMPONENT_SERVICE_ID
                                | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L << ServiceRecord.COMPONENT_SERVICE_NAME
                                | (lease == 0 ? 0 : 1L << ServiceRecord.COMPONENT_SERVICE_LEASE);
                        byte[] data = new byte[ServiceRecord.DATA_SIZE];
                        data[0] = 1;
                        client.send(sm, SET, SaAttribute.SERVICE_RECORD, tid++, 0, mask, (b, o) -> new ServiceRecord(
                                id, own, 0xFFFF, lease, new byte[ServiceRecord.KEY_SIZE], name, data).encodeTo(b, o));
                        i += 4;
                    }
                    case "subscribe" -> {
                        int trap = Integer.parseInt(args[i + 1]);
                        client.send(sm, SET, SaAttribute.INFORM_INFO, tid++, 0, 0, (b, o) -> new InformInfo(Gid.ZERO,
                                InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, trap, 0, 0, 0xFFFFFF)
                                .encodeTo(b, o));
                        i += 2;
                    }
                    case "create", "join", "leave" -> {
                        Gid mgid = new Gid(0xff12_0000_0000_0000L, Long.parseUnsignedLong(args[i + 1], 16));
                        int joinState = Integer.parseInt(args[i + 2]);
                        client.send(sm, cmd.equals("leave") ? DELETE : SET, SaAttribute.MC_MEMBER_RECORD, tid++, 0,
                                cmd.equals("create") ? CREATE : JOIN, (b, o) -> new McMemberRecord(mgid, own, 0x1234,
                                        0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, joinState, 0).encodeTo(b, o));
                        i += 3;
                    }
                    case "services", "members" -> {
                        long smKey = Long.parseUnsignedLong(args[i + 1], 16);
                        long id = Long.parseUnsignedLong(args[i + 2], cmd.equals("services") ? 10 : 16);
                        int tables = client.tableCount();
                        if (cmd.equals("services")) {
                            client.send(sm, GET_TABLE, SaAttribute.SERVICE_RECORD, tid++, smKey,
                                    1L << ServiceRecord.COMPONENT_SERVICE_ID,
                                    (b, o) -> ServiceRecord.SERVICE_ID.put(b, o, id));
                        } else {
                            Gid mgid = new Gid(0xff12_0000_0000_0000L, id);
                            client.send(sm, GET_TABLE, SaAttribute.MC_MEMBER_RECORD, tid++, smKey, 1L,
                                    (b, o) -> mgid.write(McMemberRecord.MGID, b, o));
                        }
                        if (!await(() -> client.tableCount() > tables || client.singleCount() > answers)) {
                            System.out.println("REG " + cmd + " no answer");
                            System.exit(2);
                        }
                        if (client.tableCount() > tables) {
                            RmppMessage table = client.tables.get(tables);
                            printTable(cmd, table.data(), SaHeader.decode(table.header()).attributeOffset() * 8);
                        } else {
                            System.out.printf("REG %s status=0x%04x%n", cmd,
                                    MadHeader.STATUS.getInt(client.singles.get(answers), 0));
                        }
                        i += 3;
                        continue;
                    }
                    default -> throw new IllegalArgumentException("unknown command " + cmd);
                }
                if (!await(() -> client.singleCount() > answers)) {
                    System.out.println("REG " + cmd + " no answer");
                    System.exit(2);
                }
                byte[] answer = client.singles.get(answers);
                int status = MadHeader.STATUS.getInt(answer, 0);
                worst = Math.max(worst, status == 0 ? 0 : 1);
                ok += status == 0 ? 1 : 0;
                failed += status == 0 ? 0 : 1;
                String more = cmd.equals("create") || cmd.equals("join") ? String.format(" mlid=0x%04x",
                        McMemberRecord.decode(answer, SaHeader.DATA_OFFSET).mlid()) : "";
                System.out.printf("REG %s %s status=0x%04x%s port=0x%016x%n", cmd, first, status, more,
                        own.interfaceId());
            }
            System.out.printf("REG done ok=%d failed=%d%n", ok, failed);
            System.out.flush();
        }
        System.exit(worst);
    }

    /** Prints each record of a GetTable answer on a line of its own, starting with {@code TABLE}. */
    private static void printTable(String cmd, byte[] data, int stride) {
        if (stride == 0) {
            return;
        }
        if (cmd.equals("services")) {
            for (int off = 0; off + ServiceRecord.SIZE <= data.length; off += stride) {
                ServiceRecord r = ServiceRecord.decode(data, off);
                System.out.printf("TABLE service id=0x%016x gid=%s name=%s%n", r.serviceId(), r.serviceGid(),
                        r.serviceName());
            }
        } else {
            for (int off = 0; off + McMemberRecord.SIZE <= data.length; off += stride) {
                McMemberRecord r = McMemberRecord.decode(data, off);
                System.out.printf("TABLE member mgid=%s mlid=0x%04x port=%s join=0x%x%n", r.mgid(), r.mlid(),
                        r.portGid(), r.joinState());
            }
        }
    }

    private static boolean await(BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 2000 && !done.getAsBoolean(); i++) {
            Thread.sleep(5);
        }
        return done.getAsBoolean();
    }
}
