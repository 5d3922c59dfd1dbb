package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.text.CNumber;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A raw SA client for GUIDInfoRecord Set and Delete (docs/routers.md#alias-guids), which no stock tool sends: run
 * under umad2sim on a host, it sends one request to the SA and prints the answer as
 * {@code CLIENT status=0x.... lid=N block=B guids=g0,g1,...,g7}. {@code scripts/router-speeds.sh} runs it against
 * the reference OpenSM and jsm.
 *
 * <p>Arguments: {@code set|delete SA_LID LID BLOCK INDEXES GUID...}: INDEXES the GUID components set in the mask
 * (e.g. {@code 1,2}, or {@code -} for none), then one GUID (hex) per index. Exit code 0 when an answer came.
 */
public final class GuidInfoRecordClientMain {

    private static final int SET = 0x02;
    private static final int DELETE = 0x15;
    private static final long LID_AND_BLOCK = 1L << 0 | 1L << 1;
    private static final int COMPONENT_GUID0 = 4;

    private GuidInfoRecordClientMain() {
    }

    /** See the class comment. */
    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: set|delete SA_LID LID BLOCK INDEXES GUID...");
            System.exit(2);
        }
        int method = args[0].equals("delete") ? DELETE : SET;
        int saLid = Integer.parseInt(args[1]);
        int lid = Integer.parseInt(args[2]);
        int block = Integer.parseInt(args[3]);
        long mask = LID_AND_BLOCK;
        long[] guids = new long[GuidInfoRecord.GUIDS];
        if (!args[4].equals("-")) {
            String[] indexes = args[4].split(",");
            for (int i = 0; i < indexes.length; i++) {
                int index = Integer.parseInt(indexes[i]);
                mask |= 1L << (COMPONENT_GUID0 + index);
                guids[index] = 5 + i < args.length ? CNumber.parseUnsigned(args[5 + i], CNumber.Base.HEX, 16) : 0;
            }
        }
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            BlockingQueue<byte[]> answers = new ArrayBlockingQueue<>(16);
            channel.setReceiver((from, mad, length) -> answers.offer(mad));
            byte[] request = new byte[MadHeader.MAD_SIZE];
            new MadHeader(1, 3, 2, method, 0, 0, 0x5a, SaAttribute.GUID_INFO_RECORD, 0).encodeTo(request);
            new SaHeader(0, 0, mask).encodeTo(request);
            new GuidInfoRecord(lid, block, guids).encodeTo(request, SaHeader.DATA_OFFSET);
            channel.send(MadAddress.gsi(saLid, 0, 0), request, MadHeader.MAD_SIZE);
            byte[] answer = answers.poll(5, TimeUnit.SECONDS);
            if (answer == null) {
                System.out.println("CLIENT no answer");
                System.exit(1);
            }
            GuidInfoRecord r = GuidInfoRecord.decode(answer, SaHeader.DATA_OFFSET);
            StringBuilder out = new StringBuilder();
            for (long g : r.guids()) {
                out.append(out.length() == 0 ? "" : ",").append(String.format("0x%016x", g));
            }
            System.out.printf("CLIENT status=0x%04x lid=%d block=%d guids=%s%n",
                    MadHeader.STATUS.getInt(answer, 0), r.lid(), r.blockNum(), out);
            System.out.flush();
        }
        System.exit(0);
    }
}
