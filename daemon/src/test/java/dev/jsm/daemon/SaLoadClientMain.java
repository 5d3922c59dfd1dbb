package dev.jsm.daemon;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The SA client of {@link SaLoadIbsimIT}, run under umad2sim on another host than the daemon: sends PathRecord Gets
 * between random pairs of the fabric's LIDs to the SM's LID, at most {@code window} unanswered at a time, sends
 * {@code kill -HUP} to the daemon after {@code hupAfter} of them (a heavy sweep then runs while the rest are
 * answered), and resends a query unanswered for a second with a new TID (counted). Answers are matched by the low
 * 32 bits of the TID (the kernel may rewrite the high ones): bits 0-23 the query, 24-31 the attempt.
 *
 * <p>Then waits for the file {@code up2} (the probe writes the time of the second SUBNET UP into it) and prints
 * {@code LOAD key=value ...}: queries, answered, lost, retries, late (answers to an attempt already answered),
 * statuses, ms, rate, duringSweep (answers between the HUP and the second SUBNET UP), sweepMs, and the largest
 * time from first send to answer, overall and during the sweep. Exit status 0 when every query was answered.
 *
 * <p>Arguments: daemon PID, SM LID (0 = the port's SM LID), LIDs (comma separated), queries, window, hupAfter.
 */
public final class SaLoadClientMain {

    private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(45);
    private static final int QUERY_BITS = 24;

    private SaLoadClientMain() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        long daemonPid = Long.parseLong(args[0]);
        String[] lidText = args[2].split(",");
        int[] lids = new int[lidText.length];
        for (int i = 0; i < lids.length; i++) {
            lids[i] = Integer.parseInt(lidText[i]);
        }
        int queries = Integer.parseInt(args[3]);
        int window = Integer.parseInt(args[4]);
        int hupAfter = Integer.parseInt(args[5]);

        AtomicIntegerArray status = new AtomicIntegerArray(queries);
        long[] answeredAt = new long[queries];
        long[] answeredNanos = new long[queries];
        long[] firstSent = new long[queries];
        AtomicIntegerArray done = new AtomicIntegerArray(queries);
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger late = new AtomicInteger();
        Semaphore permits = new Semaphore(window);
        try (UmadChannel channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true))) {
            int smLid = Integer.parseInt(args[1]) != 0 ? Integer.parseInt(args[1]) : channel.localPort().smLid();
            channel.setReceiver((from, mad, length) -> {
                if (length < SaHeader.DATA_OFFSET || MadHeader.METHOD.getInt(mad, 0) != Method.GET.value() + 0x80) {
                    return;
                }
                int q = (int) (MadHeader.TRANSACTION_ID.getLong(mad, 0) & ((1 << QUERY_BITS) - 1));
                if (q >= queries || !done.compareAndSet(q, 0, 1)) {
                    late.incrementAndGet();
                    return;
                }
                status.set(q, MadHeader.STATUS.getInt(mad, 0));
                answeredAt[q] = System.currentTimeMillis();
                answeredNanos[q] = System.nanoTime();
                answered.incrementAndGet();
                permits.release();
            });
            Random random = new Random(11);
            int[] slid = new int[queries];
            int[] dlid = new int[queries];
            long[] sentAt = new long[queries];
            int[] attempts = new int[queries];
            int retries = 0;
            long hupMs = 0;
            Process hup = null;
            long start = System.nanoTime();
            long deadline = start + DEADLINE_NANOS;
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            MadAddress sa = MadAddress.gsi(smLid, 0, 0);
            int next = 0;
            long lastScan = start;
            while (answered.get() < queries && System.nanoTime() < deadline) {
                if (next == queries) {
                    Thread.sleep(1);
                } else if (permits.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    slid[next] = lids[random.nextInt(lids.length)];
                    dlid[next] = lids[random.nextInt(lids.length)];
                    sentAt[next] = System.nanoTime();
                    firstSent[next] = sentAt[next];
                    channel.send(sa, request(mad, next, 0, slid[next], dlid[next]), MadHeader.MAD_SIZE);
                    next++;
                    if (next == hupAfter) {
                        hupMs = System.currentTimeMillis();
                        hup = new ProcessBuilder("kill", "-HUP", Long.toString(daemonPid)).inheritIO().start();
                    }
                    continue;
                }
                long now = System.nanoTime();
                if (now - lastScan < RETRY_NANOS / 10) {
                    continue;
                }
                lastScan = now;
                for (int q = 0; q < next; q++) {
                    if (done.get(q) == 0 && now - sentAt[q] > RETRY_NANOS && attempts[q] < 255) {
                        attempts[q]++;
                        retries++;
                        sentAt[q] = now;
                        channel.send(sa, request(mad, q, attempts[q], slid[q], dlid[q]), MadHeader.MAD_SIZE);
                    }
                }
            }
            long nanos = System.nanoTime() - start;
            if (hup != null) {
                hup.waitFor();
            }
            long up2 = awaitSecondSubnetUp();
            TreeMap<String, Integer> statuses = new TreeMap<>();
            int duringSweep = 0;
            long maxNanos = 0;
            long maxSweepNanos = 0;
            for (int q = 0; q < queries; q++) {
                if (done.get(q) == 1) {
                    statuses.merge(String.format("0x%04x", status.get(q)), 1, Integer::sum);
                    long latency = answeredNanos[q] - firstSent[q];
                    maxNanos = Math.max(maxNanos, latency);
                    if (answeredAt[q] >= hupMs && answeredAt[q] <= up2) {
                        duringSweep++;
                        maxSweepNanos = Math.max(maxSweepNanos, latency);
                    }
                }
            }
            System.out.printf("LOAD queries=%d answered=%d lost=%d retries=%d late=%d statuses=%s ms=%d rate=%.0f"
                    + " duringSweep=%d sweepMs=%d maxLatencyMs=%.1f maxLatencyInSweepMs=%.1f%n", queries,
                    answered.get(), queries - answered.get(), retries, late.get(), statuses, nanos / 1_000_000,
                    answered.get() / (nanos / 1e9), duringSweep, up2 > 0 ? up2 - hupMs : -1, maxNanos / 1e6,
                    maxSweepNanos / 1e6);
            System.out.flush();
            System.exit(answered.get() == queries ? 0 : 1);
        }
    }

    /** The PathRecord Get of query {@code q}, attempt {@code attempt}, from {@code slid} to {@code dlid}. */
    private static byte[] request(byte[] mad, int q, int attempt, int slid, int dlid) {
        Arrays.fill(mad, (byte) 0);
        long tid = (long) attempt << QUERY_BITS | q;
        new MadHeader(1, 3, 2, Method.GET.value(), 0, 0, tid, SaAttribute.PATH_RECORD, 0).encodeTo(mad);
        new SaHeader(0, 0, 1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID).encodeTo(mad);
        PathRecord.SLID.put(mad, SaHeader.DATA_OFFSET, slid);
        PathRecord.DLID.put(mad, SaHeader.DATA_OFFSET, dlid);
        return mad;
    }

    /** The epoch ms the probe wrote into {@code up2}, waiting up to 60 s for it; 0 if it never came. */
    private static long awaitSecondSubnetUp() throws Exception {
        Path file = Path.of("up2");
        for (int i = 0; i < 6000; i++) {
            if (Files.exists(file)) {
                String text = Files.readString(file).trim();
                if (!text.isEmpty()) {
                    return Long.parseLong(text);
                }
            }
            Thread.sleep(10);
        }
        return 0;
    }
}
