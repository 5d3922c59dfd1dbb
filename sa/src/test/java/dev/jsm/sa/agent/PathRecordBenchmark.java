package dev.jsm.sa.agent;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.RoutedFabrics;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The SA's PathRecord query path without the transport, on one thread: a SubnAdmGet(PathRecord) MAD as it arrives
 * from a host, through the agent ({@link SaAgent#handle}: the SA header, the SA table, the PathRecord query over
 * the programmed LFTs, the record and the response MAD), to the response handed to a channel that only counts it.
 * The fabric is a generated one routed by minhop ({@link RoutedFabrics}; {@code fat3:k=36} by default: 11664
 * hosts, 1620 switches, paths of up to 5 switches). The requests ({@code pairs}): {@code storm}, the storm of
 * scripts/sa-storm.sh - 16 hosts spread over the fabric, each asking for the paths to 64 random peers (1,024 pairs,
 * asked over and over as the storm's rounds ask them again) - or {@code random}, 65,536 random pairs of hosts,
 * which no cache of the machine holds (every hop's LFT entry read from memory). Asked as the kernel's SA client
 * asks when rdma_cm resolves a route (SGID, DGID, P_Key, NumbPath 1, Reversible 1: {@code gid}) or by SLID and DLID
 * ({@code lid}). One answer is one
 * operation: the score is PathRecords a second. The machine this was written on is shared by other builds, which
 * take the benchmark's core from it for part of each iteration; so each iteration also prints its PathRecords per
 * second of the benchmark thread's own CPU time ({@code cpu-rate}), which is what "on one core" means there.
 *
 * <p>Run (after {@code mvn -B -ntp -o -q -pl sa -am test-compile}): {@code scripts/sa-bench.sh}, or with JMH's
 * options, e.g. {@code scripts/sa-bench.sh -p shape=fat2:k=36 -f 1 -wi 3 -i 5}. docs/performance.md ("The SA
 * under a job-start storm") has the figures.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-Xmx2g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class PathRecordBenchmark {

    private static final int STORM_HOSTS = 16;
    private static final int STORM_PEERS = 64;
    private static final int RANDOM_PAIRS = 65_536;

    /** The fabric: a {@code TopologyShapes} shape. */
    @Param("fat3:k=36")
    public String shape;

    /** How the requests name the ends: {@code gid} (SGID and DGID, as rdma_cm) or {@code lid} (SLID and DLID). */
    @Param({"gid", "lid"})
    public String ask;

    /** Which pairs are asked: {@code storm} (16 hosts x 64 peers) or {@code random} (65,536 random pairs). */
    @Param({"storm", "random"})
    public String pairs;

    private byte[][] requests;
    private MadAddress.LidRouted[] senders;
    private CountingChannel channel;
    private MadTransactions transactions;
    private SaAgent agent;
    private int next;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long iterationCpu;
    private long iterationAnswers;

    /** Builds the fabric, the agent and the requests. */
    @Setup(Level.Trial)
    public void setUp() {
        SaView view = RoutedFabrics.view(shape);
        SubnetSnapshot s = view.snapshot();
        List<EndPortView> hosts = new ArrayList<>();
        for (EndPortView ep : s.endPorts()) {
            if (ep.hasLids() && s.portOf(ep).portNum() != 0) {
                hosts.add(ep);
            }
        }
        Random random = new Random(36);
        int n = pairs.equals("storm") ? STORM_HOSTS * STORM_PEERS : RANDOM_PAIRS;
        requests = new byte[n][];
        senders = new MadAddress.LidRouted[n];
        for (int i = 0; i < n; i++) {
            EndPortView a = pairs.equals("storm") ? hosts.get(i / STORM_PEERS * hosts.size() / STORM_HOSTS)
                    : hosts.get(random.nextInt(hosts.size()));
            EndPortView b = hosts.get(random.nextInt(hosts.size()));
            requests[i] = ask.equals("lid") ? byLid(i, a, b) : byGid(i, a, b);
            senders[i] = new MadAddress.LidRouted(a.lidRange().first(), 1, MadAddress.QP1_QKEY, 0, 0);
        }
        channel = new CountingChannel();
        transactions = new MadTransactions(channel, TransactionSettings.defaults(), Runnable::run);
        agent = new SaAgent(channel, transactions, view, RmppSettings.defaults(), SaLimits.defaults(),
                McastMembershipListener.NONE);
    }

    /** Notes the thread's CPU time and the answers so far, at the start of an iteration. */
    @Setup(Level.Iteration)
    public void startIteration() {
        iterationCpu = threads.getCurrentThreadCpuTime();
        iterationAnswers = channel.answered + channel.failed;
    }

    /** Prints the iteration's PathRecords per second of this thread's CPU time. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        long cpu = threads.getCurrentThreadCpuTime() - iterationCpu;
        long answers = channel.answered + channel.failed - iterationAnswers;
        System.out.printf("cpu-rate %.0f PathRecords per CPU second (%d in %.3f s of CPU)%n", answers / (cpu / 1e9),
                answers, cpu / 1e9);
    }

    /** Checks that every request was answered with one record, and stops the agent. */
    @TearDown(Level.Trial)
    public void tearDown() {
        agent.close();
        transactions.close();
        if (channel.failed != 0 || channel.answered == 0) {
            throw new IllegalStateException(channel.failed + " of " + (channel.answered + channel.failed)
                    + " PathRecord Gets not answered with status 0");
        }
    }

    /** One PathRecord Get answered. */
    @Benchmark
    public void pathRecordGet() {
        int i = next;
        next = i + 1 == requests.length ? 0 : i + 1;
        agent.handle(senders[i], requests[i], MadHeader.MAD_SIZE, 0);
    }

    private static byte[] byGid(int tid, EndPortView a, EndPortView b) {
        return SaTestClient.request(0x01, SaAttribute.PATH_RECORD, tid, 0, 1L << PathRecord.COMPONENT_SGID
                | 1L << PathRecord.COMPONENT_DGID | 1L << PathRecord.COMPONENT_P_KEY
                | 1L << PathRecord.COMPONENT_NUMB_PATH | 1L << PathRecord.COMPONENT_REVERSIBLE, (m, o) -> {
                    PathRecord.SGID.putBytes(m, o, gid(a.portGuid()));
                    PathRecord.DGID.putBytes(m, o, gid(b.portGuid()));
                    PathRecord.P_KEY.put(m, o, 0xFFFF);
                    PathRecord.NUMB_PATH.put(m, o, 1);
                    PathRecord.REVERSIBLE.put(m, o, 1);
                });
    }

    private static byte[] byLid(int tid, EndPortView a, EndPortView b) {
        return SaTestClient.request(0x01, SaAttribute.PATH_RECORD, tid, 0,
                1L << PathRecord.COMPONENT_SLID | 1L << PathRecord.COMPONENT_DLID, (m, o) -> {
                    PathRecord.SLID.put(m, o, a.lidRange().first());
                    PathRecord.DLID.put(m, o, b.lidRange().first());
                });
    }

    /** The default GID prefix (fe80::) and the port GUID, 16 bytes. */
    private static byte[] gid(long guid) {
        byte[] g = new byte[16];
        long prefix = 0xFE80_0000_0000_0000L;
        for (int i = 0; i < 8; i++) {
            g[i] = (byte) (prefix >>> (56 - 8 * i));
            g[8 + i] = (byte) (guid >>> (56 - 8 * i));
        }
        return g;
    }

    /** A channel that only counts the answers (status 0 and not). Confined to the benchmark thread. */
    private static final class CountingChannel implements MadChannel {
        private long answered;
        private long failed;

        @Override
        public LocalPort localPort() {
            return new LocalPort("bench", 1, 1, 1, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
            if (MadHeader.STATUS.getInt(mad, 0) == 0) {
                answered++;
            } else {
                failed++;
            }
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}
