package dev.jsm.sa.agent;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The SA's query path run over requests of its own once the first fabric is published, before any host asks. The
 * JVM runs a method in its interpreter until it has been called often enough to compile it, first with the quick
 * compiler (C1, code that also profiles itself and runs slowly), later with the optimizing one (C2), and compiling
 * the SA's path cost more CPU than a job start's storm of 4,096 PathRecords took to answer with it
 * (docs/performance.md, "The SA under a job-start storm"). So the agent answers Gets of its own - PathRecords
 * between random ports, by GID as rdma_cm asks and by LID, and some PortInfoRecords and NodeRecords by LID - through
 * the whole request path the agent owns, from where the transport hands a MAD in (the requester gate, on a gate of
 * the warm-up's own, and the check for what is answered at once) to the response MAD, which one of {@link #sinks}
 * then drops. The transport's own receive path (the umad channel, the routing of unsolicited MADs) is not run: its
 * methods are compiled during the first storm (docs/performance.md).
 *
 * <p>First {@link #REQUESTS} back to back, in slices of {@link #SLICE} between the real requests on the agent's
 * queue (a host that asks meanwhile waits for one slice at most): enough calls for both compilers to take the
 * path. Then paced, a slice every {@link #PACE_NANOS} on the agent's timer, until the JIT compilers have finished
 * nothing for {@link #QUIET_NANOS}: C2 compiles from a queue, in the background, slowly when the sweep left it work
 * or the machine is busy, and a warm-up that stopped at the first quiet slice left the path in C1's profiling code
 * for the first storm to pay C2 for. At most {@link #MAX_REQUESTS}. What it cost is logged once.
 *
 * <p>The answers go to three sinks in turn, not one: the compiler specializes a call on the one class it has seen
 * there, and the first real answer, sent through the agent's channel, would then throw the compiled path away.
 *
 * <p>Confined to the agent thread.
 */
final class QueryWarmUp {

    /** Requests answered at least: both compilers' thresholds on the path of a PathRecord Get. */
    static final int REQUESTS = 20_000;
    /** Requests answered at most, whatever the compilers do. */
    static final int MAX_REQUESTS = 200_000;
    /**
     * Requests answered per turn on the agent's queue: few, because a real request waits for the slice in hand, and
     * before compilation a request of the slice costs tens of microseconds (with slices of 500, osmtest's inventory
     * flow crashed osmtest in 3 runs of 3 while the warm-up ran; with 50 it passes: docs/performance.md).
     */
    static final int SLICE = 50;
    /** Time between two slices once {@link #REQUESTS} are answered. */
    static final long PACE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** How long the compilers must have finished nothing for the warm-up to end. */
    static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final long PATH_BY_GID = 1L << PathRecord.COMPONENT_SGID | 1L << PathRecord.COMPONENT_DGID
            | 1L << PathRecord.COMPONENT_P_KEY | 1L << PathRecord.COMPONENT_NUMB_PATH
            | 1L << PathRecord.COMPONENT_REVERSIBLE;
    private static final long PATH_BY_LID = 1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID;
    /** The first component of a PortInfoRecord (EndportLID) and of a NodeRecord (LID); PortInfoRecord's PortNum. */
    private static final long FIRST_COMPONENT = 1L;
    private static final long PORT_NUM_COMPONENT = 1L << 1;

    private final SubnetSnapshot snapshot;
    private final List<EndPortView> ports = new ArrayList<>();
    private final MadChannel[] sinks;
    private final SplittableRandom random = new SplittableRandom(0x5A);
    private final byte[] mad = new byte[MadHeader.MAD_SIZE];
    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    private long compileMillis = -1;
    private long compiledAtNanos;
    private long lastSliceNanos;
    private int done;
    private long spentNanos;

    private QueryWarmUp(SubnetSnapshot snapshot, LongAdder answered) {
        this.snapshot = snapshot;
        this.sinks = new MadChannel[] {new SinkA(answered), new SinkB(answered), new SinkC(answered)};
    }

    /**
     * A warm-up over the ports with LIDs of {@code s}, its answers counted in {@code answered}; {@code null} when
     * the fabric has fewer than two.
     */
    static QueryWarmUp of(SubnetSnapshot s, LongAdder answered) {
        QueryWarmUp w = new QueryWarmUp(s, answered);
        for (EndPortView ep : s.endPorts()) {
            if (ep.hasLids()) {
                w.ports.add(ep);
            }
        }
        return w.ports.size() < 2 ? null : w;
    }

    /** Requests answered so far. */
    int done() {
        return done;
    }

    /** Adds {@code nanos} of CPU time to what the warm-up cost. */
    void spent(long nanos) {
        spentNanos += nanos;
    }

    /** The CPU time the warm-up cost on the agent's thread so far. */
    long spentNanos() {
        return spentNanos;
    }

    /** The calling thread's CPU time in nanoseconds, or 0 where the JVM does not measure it. */
    static long threadCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
    }

    /**
     * Whether the warm-up is over: {@link #REQUESTS} answered and the compilers idle for {@link #QUIET_NANOS}, or
     * {@link #MAX_REQUESTS} answered.
     */
    boolean finished() {
        return done >= MAX_REQUESTS || paced() && lastSliceNanos - compiledAtNanos >= QUIET_NANOS;
    }

    /** Whether the next slice waits for the timer ({@link #nextSliceNanos}) rather than coming at once. */
    boolean paced() {
        return done >= REQUESTS;
    }

    /** When the next paced slice is due ({@link System#nanoTime()}). */
    long nextSliceNanos() {
        return lastSliceNanos + PACE_NANOS;
    }

    /**
     * Hands the next slice of requests to {@code answer}, each as a MAD from the port it asks about, with the sink
     * its answer goes to; then notes whether the compilers finished anything since the last slice.
     */
    void slice(Answerer answer, long nowNanos) {
        int n = Math.min(SLICE, MAX_REQUESTS - done);
        for (int i = 0; i < n; i++) {
            EndPortView a = ports.get(random.nextInt(ports.size()));
            EndPortView b = ports.get(random.nextInt(ports.size()));
            int kind = done % 8;
            if (kind < 4) {
                pathRecord(a, b, PATH_BY_GID);
            } else if (kind < 7) {
                pathRecord(a, b, PATH_BY_LID);
            } else if (done % 16 == 7) {
                byLid(SaAttribute.PORT_INFO_RECORD, FIRST_COMPONENT | PORT_NUM_COMPONENT, b.lidRange().first(),
                        PortInfoRecord.ENDPORT_LID);
                PortInfoRecord.PORT_NUM.put(mad, SaHeader.DATA_OFFSET, snapshot.portOf(b).portNum());
            } else {
                byLid(SaAttribute.NODE_RECORD, FIRST_COMPONENT, b.lidRange().first(), NodeRecord.LID);
            }
            answer.answer(new MadAddress.LidRouted(a.lidRange().first(), 1, MadAddress.QP1_QKEY, 0, 0), mad,
                    sinks[done % sinks.length]);
            done++;
        }
        long millis = compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : 0;
        if (millis != compileMillis) {
            compileMillis = millis;
            compiledAtNanos = nowNanos;
        }
        lastSliceNanos = nowNanos;
    }

    /** Where the requests go. */
    @FunctionalInterface
    interface Answerer {
        /** Answers one request MAD (256 bytes) from {@code from}, the answer to {@code sink}. */
        void answer(MadAddress.LidRouted from, byte[] mad, MadChannel sink);
    }

    private void header(int attribute, long mask) {
        Arrays.fill(mad, (byte) 0);
        new MadHeader(1, MgmtClass.SUBN_ADM.value(), SaHeader.CLASS_VERSION, Method.GET.value(), 0, 0, done,
                attribute, 0).encodeTo(mad);
        new SaHeader(0, 0, mask).encodeTo(mad);
    }

    private void pathRecord(EndPortView a, EndPortView b, long mask) {
        header(SaAttribute.PATH_RECORD, mask);
        int o = SaHeader.DATA_OFFSET;
        if (mask == PATH_BY_LID) {
            PathRecord.SLID.put(mad, o, a.lidRange().first());
            PathRecord.DLID.put(mad, o, b.lidRange().first());
            return;
        }
        PathRecord.SGID.putBytes(mad, o, gid(a.portGuid()));
        PathRecord.DGID.putBytes(mad, o, gid(b.portGuid()));
        PathRecord.P_KEY.put(mad, o, 0xFFFF);
        PathRecord.NUMB_PATH.put(mad, o, 1);
        PathRecord.REVERSIBLE.put(mad, o, 1);
    }

    private void byLid(int attribute, long mask, int lid, Field field) {
        header(attribute, mask);
        field.put(mad, SaHeader.DATA_OFFSET, lid);
    }

    /** The default subnet prefix (fe80::/64) and {@code guid}. */
    private static byte[] gid(long guid) {
        byte[] g = new byte[16];
        long prefix = 0xFE80_0000_0000_0000L;
        for (int i = 0; i < 8; i++) {
            g[i] = (byte) (prefix >>> (56 - 8 * i));
            g[8 + i] = (byte) (guid >>> (56 - 8 * i));
        }
        return g;
    }

    /** A channel that counts what it is given and sends nothing. */
    private abstract static class Sink implements MadChannel {

        private final LongAdder answered;

        Sink(LongAdder answered) {
            this.answered = answered;
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("sa-warm-up", 0, 0, 0, 0, 0);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
            answered.increment();
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }

    /** One of three sink classes (see the class comment). */
    private static final class SinkA extends Sink {
        SinkA(LongAdder answered) {
            super(answered);
        }
    }

    /** One of three sink classes (see the class comment). */
    private static final class SinkB extends Sink {
        SinkB(LongAdder answered) {
            super(answered);
        }
    }

    /** One of three sink classes (see the class comment). */
    private static final class SinkC extends Sink {
        SinkC(LongAdder answered) {
            super(answered);
        }
    }
}
