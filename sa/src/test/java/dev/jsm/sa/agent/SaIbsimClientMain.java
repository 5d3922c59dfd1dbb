package dev.jsm.sa.agent;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.rmpp.RmppMessage;
import java.util.function.BooleanSupplier;

/**
 * The client side of {@link SaIbsimIT}, run under umad2sim on another host: asks the SA at LID 1 for every
 * NodeRecord (a GetTable answered in several RMPP segments, reassembled and ACKed by the client's own RMPP
 * receiver) and for one PathRecord, and prints {@code CLIENT ...} lines. Exit code 0 when both answers came.
 */
public final class SaIbsimClientMain {

    private SaIbsimClientMain() {
    }

    /** No arguments. */
    public static void main(String[] args) throws Exception {
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            int ownLid = channel.localPort().lid();
            SaTestClient client = new SaTestClient(channel, System::nanoTime);
            client.send(1, 0x12, SaAttribute.NODE_RECORD, 0x77, 0, 0, (b, o) -> { });
            if (!await(() -> client.tableCount() == 1)) {
                System.out.println("CLIENT no NodeRecord table");
                System.exit(1);
            }
            RmppMessage table = client.tables.get(0);
            StringBuilder lids = new StringBuilder();
            for (int off = 0; off + NodeRecord.SIZE <= table.data().length; off += NodeRecord.SIZE) {
                NodeRecord r = NodeRecord.decode(table.data(), off);
                lids.append(lids.length() == 0 ? "" : ",").append(r.lid()).append(':').append(r.nodeDescription());
            }
            System.out.println("CLIENT table bytes=" + table.data().length + " attrOffset="
                    + SaHeader.decode(table.header()).attributeOffset() + " records=" + lids);
            client.send(1, 0x01, SaAttribute.PATH_RECORD, 0x78, 0,
                    1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (b, o) -> {
                        PathRecord.SLID.put(b, o, ownLid);
                        PathRecord.DLID.put(b, o, 1);
                    });
            if (!await(() -> client.singleCount() == 1)) {
                System.out.println("CLIENT no PathRecord");
                System.exit(2);
            }
            byte[] answer = client.singles.get(0);
            PathRecord p = PathRecord.decode(answer, SaHeader.DATA_OFFSET);
            System.out.println("CLIENT path status=" + MadHeader.STATUS.getInt(answer, 0) + " slid=" + p.slid()
                    + " dlid=" + p.dlid() + " mtu=" + p.mtu() + " rate=" + p.rate() + " reversible=" + p.reversible()
                    + " minLength=" + client.minLength());
            System.out.flush();
        }
        System.exit(0);
    }

    private static boolean await(BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 2000 && !done.getAsBoolean(); i++) {
            Thread.sleep(5);
        }
        return done.getAsBoolean();
    }
}
