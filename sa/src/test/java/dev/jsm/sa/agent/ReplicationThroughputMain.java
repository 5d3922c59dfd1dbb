package dev.jsm.sa.agent;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.event.EventSubscriptions;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.replica.ReplicaSettings;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the standby channel costs, in one JVM without a fabric (docs/operations.md, "SA state across restarts and
 * failovers"): {@code N} ServiceRecord registrations (each a new record) on a master's registries, first without a
 * standby, then with a stream to one; then the same registrations again (renewals) one by one with the stream
 * drained after each (no coalescing: the worst case); and a standby catching up from a snapshot of {@code N}
 * records. Prints, per round, the master's time per registration without and with the stream, the stream's time per
 * entry sent (encode), the standby's per entry applied (decode and apply) and the catch-up, and the medians of the
 * rounds.
 *
 * <p>Run: {@code mvn -B -ntp -o -q -pl sa -am test-compile} then {@code java -cp sa/target/test-classes:$(cat
 * fuzz/target/fuzz.classpath) dev.jsm.sa.agent.ReplicationThroughputMain [N] [ROUNDS]}.
 */
public final class ReplicationThroughputMain {

    private static final long PREFIX = 0xfe80_0000_0000_0000L;
    private static final long H2 = 0x0002c90000002001L;
    private static final long STANDBY = 0x0002c90000003001L;
    private static final long MASK = 1L << ServiceRecord.COMPONENT_SERVICE_ID
            | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L << ServiceRecord.COMPONENT_SERVICE_LEASE
            | 1L << ServiceRecord.COMPONENT_SERVICE_NAME;

    private ReplicationThroughputMain() {
    }

    /** Arguments: registrations per round (default 50,000), rounds (default 5). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        SaView view = SaViews.small();
        List<SaRequest> requests = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            requests.add(service(i));
        }
        double[][] r = new double[5][rounds];
        for (int round = 0; round < rounds; round++) {
            Side alone = new Side();
            long t0 = System.nanoTime();
            for (SaRequest q : requests) {
                alone.services.set(view, q, 0);
            }
            r[0][round] = (System.nanoTime() - t0) / (double) n;

            ArrayDeque<byte[]> toStandby = new ArrayDeque<>();
            ArrayDeque<byte[]> toMaster = new ArrayDeque<>();
            Side master = new Side();
            Side standby = new Side();
            SaReplication m = new SaReplication(ReplicaSettings.defaults(), master.access, master.changes,
                    (lid, f) -> toStandby.add(f));
            SaReplication s = new SaReplication(ReplicaSettings.defaults(), standby.access, standby.changes,
                    (lid, f) -> toMaster.add(f));
            m.lead(1, g -> true);
            s.follow(1, 1);
            long[] now = {1};
            Runnable pump = () -> {
                while (!m.standbysInSync() || !toStandby.isEmpty()) {
                    m.poll(now[0]++, Map.of(STANDBY, 9));
                    drain(toStandby, f -> s.onFrame(1, f, 0, f.length, now[0]));
                    drain(toMaster, f -> m.onFrame(9, f, 0, f.length, now[0]));
                }
            };
            pump.run();
            t0 = System.nanoTime();
            for (SaRequest q : requests) {
                master.services.set(view, q, 0);
            }
            r[1][round] = (System.nanoTime() - t0) / (double) n;

            long sendNanos = 0;
            long applyNanos = 0;
            long entries = 0;
            for (SaRequest q : requests) {
                master.services.set(view, q, 0);
                long a = System.nanoTime();
                m.poll(now[0]++, Map.of(STANDBY, 9));
                long b = System.nanoTime();
                drain(toStandby, f -> s.onFrame(1, f, 0, f.length, now[0]));
                long c = System.nanoTime();
                drain(toMaster, f -> m.onFrame(9, f, 0, f.length, now[0]));
                sendNanos += b - a;
                applyNanos += c - b;
                entries++;
            }
            r[2][round] = sendNanos / (double) entries;
            r[3][round] = applyNanos / (double) entries;

            Side late = new Side();
            SaReplication l = new SaReplication(ReplicaSettings.defaults(), late.access, late.changes,
                    (lid, f) -> toMaster.add(f));
            SaReplication m2 = new SaReplication(ReplicaSettings.defaults(), master.access, master.changes,
                    (lid, f) -> toStandby.add(f));
            m2.lead(1, g -> true);
            l.follow(1, 1);
            t0 = System.nanoTime();
            do {
                m2.poll(now[0]++, Map.of(STANDBY, 9));
                drain(toStandby, f -> l.onFrame(1, f, 0, f.length, now[0]));
                drain(toMaster, f -> m2.onFrame(9, f, 0, f.length, now[0]));
            } while (!m2.standbysInSync());
            r[4][round] = (System.nanoTime() - t0) / 1e6;
            System.out.printf("round %d: master %.0f ns/registration alone, %.0f with a stream; stream %.0f ns/entry "
                    + "sent, standby %.0f ns/entry applied; catch-up of %d records %.0f ms%n", round + 1, r[0][round],
                    r[1][round], r[2][round], r[3][round], late.access.export().services().size(), r[4][round]);
        }
        System.out.printf("median of %d rounds of %d: master %.0f ns alone, %.0f with a stream; stream %.0f ns/entry,"
                + " standby %.0f ns/entry; catch-up %.0f ms%n", rounds, n, median(r[0]), median(r[1]),
                median(r[2]), median(r[3]), median(r[4]));
    }

    private static void drain(ArrayDeque<byte[]> q, Consumer<byte[]> to) {
        while (!q.isEmpty()) {
            to.accept(q.poll());
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static SaRequest service(int i) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        new ServiceRecord(i, new Gid(PREFIX, H2), 0xFFFF, 3600, new byte[16], "svc" + i, new byte[64])
                .encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(8, 1, MadAddress.QP1_QKEY, 0, 0), 0x02,
                SaAttribute.SERVICE_RECORD, 0, 7, new SaHeader(0, 0, MASK), data, false);
    }

    /** One SA's registries and state access. */
    private static final class Side {
        final SaStateChanges changes = new SaStateChanges();
        final SaLimits limits = unshared();
        final Refusals refusals = new Refusals(Duration.ofSeconds(60));
        final McastRegistry mcast = new McastRegistry(McastMembershipListener.NONE, limits, refusals, changes);
        final ServiceRegistry services = new ServiceRegistry(limits, refusals, changes);
        final EventSubscriptions events = new EventSubscriptions(limits, refusals, changes);
        final SaStateAccess access = new SaStateAccess(mcast, services, events, () -> 0, () -> 0);

        private static SaLimits unshared() {
            TestLimits t = TestLimits.defaults();
            t.serviceRecords = 1_000_000;
            t.serviceRecordsPerPort = 1_000_000;
            return t.build();
        }
    }
}
