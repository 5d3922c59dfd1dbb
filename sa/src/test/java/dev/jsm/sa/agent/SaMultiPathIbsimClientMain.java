package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSender;
import dev.jsm.sa.rmpp.RmppSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The client side of {@link SaMultiPathIbsimIT}, run under umad2sim on another host than the SA: learns the CA
 * port GUIDs from a NodeRecord GetTable, then sends a GetMulti(MultiPathRecord) from its own port to every other CA
 * port as an RMPP message (its own {@link RmppSender}, ACKed by the SA's receiver) and reassembles the
 * GetMultiResp with its own {@link RmppReceiver}. Prints {@code CLIENT multipath ...}; exit code 0 when the answer
 * came. The request is a single segment: under umad2sim the tail of a full MAD arrives zeroed (from byte 224 at
 * least, see {@link SaIbsimIT}), which would corrupt the GIDs a full first segment carries there.
 */
public final class SaMultiPathIbsimClientMain {

    private static final List<RmppMessage> TABLES = new ArrayList<>();

    private SaMultiPathIbsimClientMain() {
    }

    /** No arguments. */
    public static void main(String[] args) throws Exception {
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            RmppSender sender = new RmppSender(channel, RmppSettings.defaults());
            RmppReceiver receiver = new RmppReceiver(channel, RmppSettings.defaults());
            channel.setReceiver((from, mad, length) -> onMad(sender, receiver, (MadAddress.LidRouted) from, mad));
            MadAddress.LidRouted sa = new MadAddress.LidRouted(1, 1, MadAddress.QP1_QKEY, 0, 0);
            channel.send(sa, SaTestClient.request(0x12, SaAttribute.NODE_RECORD, 0x81, 0, 0, (b, o) -> { }),
                    MadHeader.MAD_SIZE);
            if (!await(() -> tables() == 1)) {
                System.out.println("CLIENT no NodeRecord table");
                System.exit(1);
            }
            long own = channel.localPort().portGuid();
            List<Gid> dgids = new ArrayList<>();
            byte[] nodes = TABLES.get(0).data();
            for (int off = 0; off + NodeRecord.SIZE <= nodes.length; off += NodeRecord.SIZE) {
                NodeRecord r = NodeRecord.decode(nodes, off);
                if (r.nodeInfo().nodeType() == 1 && r.nodeInfo().portGuid() != own) {
                    dgids.add(new Gid(0xfe80000000000000L, r.nodeInfo().portGuid()));
                }
            }
            MultiPathRecord mpr = new MultiPathRecord(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    List.of(new Gid(0xfe80000000000000L, own)), dgids);
            byte[] data = new byte[mpr.size()];
            mpr.encodeTo(data, 0);
            long mask = 1L << MultiPathRecord.COMPONENT_SGID_COUNT | 1L << MultiPathRecord.COMPONENT_DGID_COUNT;
            sender.send(sa, Arrays.copyOf(SaTestClient.request(0x14, SaAttribute.MULTI_PATH_RECORD, 0x82, 0, mask,
                    (b, o) -> { }), SaHeader.DATA_OFFSET), data, System.nanoTime());
            if (!await(() -> tables() == 2)) {
                System.out.println("CLIENT no GetMultiResp");
                System.exit(2);
            }
            RmppMessage answer = TABLES.get(1);
            StringBuilder paths = new StringBuilder();
            for (int off = 0; off + PathRecord.SIZE <= answer.data().length; off += PathRecord.SIZE) {
                PathRecord p = PathRecord.decode(answer.data(), off);
                paths.append(paths.length() == 0 ? "" : ",").append(p.slid()).append('>').append(p.dlid());
            }
            System.out.printf("CLIENT multipath method=0x%02x attr=0x%04x status=%d dgids=%d records=%d paths=%s%n",
                    MadHeader.METHOD.getInt(answer.header(), 0), MadHeader.ATTRIBUTE_ID.getInt(answer.header(), 0),
                    MadHeader.STATUS.getInt(answer.header(), 0), dgids.size(),
                    answer.data().length / PathRecord.SIZE, paths);
            System.out.flush();
        }
        System.exit(0);
    }

    /** ACKs to the sender, DATA segments to the receiver. Runs on the channel's receive thread. */
    private static void onMad(RmppSender sender, RmppReceiver receiver, MadAddress.LidRouted from, byte[] received) {
        byte[] mad = Arrays.copyOf(received, MadHeader.MAD_SIZE);
        if (!RmppHeader.isActive(mad)) {
            return;
        }
        if (RmppHeader.RMPP_TYPE.getInt(mad, 0) != RmppHeader.TYPE_DATA) {
            sender.onControl(from, mad, System.nanoTime());
            return;
        }
        RmppMessage m = receiver.onData(from, mad, System.nanoTime());
        if (m != null) {
            synchronized (TABLES) {
                TABLES.add(m);
            }
        }
    }

    private static int tables() {
        synchronized (TABLES) {
            return TABLES.size();
        }
    }

    private static boolean await(BooleanSupplier done) throws InterruptedException {
        for (int i = 0; i < 2000 && !done.getAsBoolean(); i++) {
            Thread.sleep(5);
        }
        return done.getAsBoolean();
    }
}
