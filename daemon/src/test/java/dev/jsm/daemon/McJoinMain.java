package dev.jsm.daemon;

import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;

/**
 * A host's join client for {@link McastIbsimIT}, run under umad2sim on its own host ({@code SIM_HOST}): sends one
 * MCMemberRecord Set (create or join, full member) or Delete for the MGID {@code ff12::<id>} (a link-local group a
 * host may create) to the SA at LID 1 through libibumad and prints
 * {@code JOIN <verb> status=0x.. mlid=0x.... guid=0x...}. Exit code 0 when the SA answered with status 0.
 */
public final class McJoinMain {

    private McJoinMain() {
    }

    /** Arguments: {@code create|join|leave}, the MGID's interface ID in hex. */
    public static void main(String[] args) throws Exception {
        Gid mgid = new Gid(0xff12_0000_0000_0000L, Long.parseUnsignedLong(args[1], 16));
        int status;
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            long guid = channel.localPort().portGuid();
            McJoinClient client = new McJoinClient(channel, 1, new Gid(0xfe80000000000000L, guid));
            int full = McMemberRecord.JOIN_FULL_MEMBER;
            McJoinClient.Answer a = switch (args[0]) {
                case "create" -> client.join(mgid, full, McJoinClient.CREATE);
                case "join" -> client.join(mgid, full, McJoinClient.JOIN);
                default -> client.leave(mgid, full);
            };
            status = a.status();
            System.out.printf("JOIN %s status=0x%04x mlid=0x%04x guid=0x%016x%n", args[0], status, a.record().mlid(),
                    guid);
            System.out.flush();
        }
        System.exit(status == 0 ? 0 : 1);
    }
}
