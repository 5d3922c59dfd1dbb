package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.event.EventSubscriptions;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.replica.ReplicaCounters;
import dev.jsm.sa.replica.ReplicaSettings;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The SA's state from master to standby through {@link SaReplication} over a simulated link that loses frames:
 * two sets of registries on the small SA fabric, the master's changed by requests as hosts send them, the standby's
 * only by the stream; time is simulated (10 ms steps). After any sequence, once the master's stream is in sync, the
 * standby's state is the master's (ServiceRecord leases within the stream's one-second rounding and the link's
 * delay); floods of registrations are coalesced; a standby that restarted or was gone catches up in full; a snapshot
 * the master died in the middle of changes nothing; frames with another SM_Key change nothing; only a standby SM that
 * asked is streamed to, and frames are taken only from the port they belong to.
 */
class SaReplicationTest {

    private static final long SM_KEY = 0x1234;
    private static final int MASTER_LID = 1;
    private static final int STANDBY_LID = 9;
    private static final long STANDBY_GUID = 0x0002c90000003001L;
    private static final String STANDBY = "0x0002c90000003001";
    private static final long STEP = 10_000_000L;
    private static final long WALL = 1_700_000_000_000L;
    private static final long PREFIX = 0xfe80_0000_0000_0000L;
    private static final long[] HOSTS = {0x0002c90000001001L, 0x0002c90000002001L, 0x0002c90000003001L,
        0x0002c90000004001L};
    private static final int[] LIDS = {4, 8, 9, 10};
    private static final int SET = 0x02;
    private static final int DELETE = 0x15;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;
    private static final long SERVICE_MASK = 1L << ServiceRecord.COMPONENT_SERVICE_ID
            | 1L << ServiceRecord.COMPONENT_SERVICE_GID | 1L << ServiceRecord.COMPONENT_SERVICE_LEASE;

    private final SaView view = SaViews.small();
    private final Random rnd = new Random(7);
    private long now = 1_000_000_000L;
    private double loss;
    private boolean linkDown;
    private final ArrayDeque<byte[]> toStandby = new ArrayDeque<>();
    private final ArrayDeque<byte[]> toMaster = new ArrayDeque<>();
    private final Side master = new Side(toStandby);
    private Side standby = new Side(toMaster);
    private boolean standbyAsks = true;

    @Test
    void afterRandomChangesOverALossyLinkTheStandbyHasTheMastersState() {
        loss = 0.2;
        connect(ReplicaSettings.defaults());
        for (int i = 0; i < 3000; i++) {
            randomChange();
            if (rnd.nextInt(4) == 0) {
                step();
            }
        }
        settle();
        assertSame();
        ReplicaCounters c = master.replication.stats().standbys().get(STANDBY);
        assertThat(c.resent()).as("frames were lost and sent again").isPositive();
        assertThat(c.snapshots()).as("one snapshot, at the start").isEqualTo(1);
    }

    @Test
    void aFloodOfRegistrationsFromOneHostCostsTheStandbyOneEntryPerKeyChangedBetweenFrames() {
        connect(ReplicaSettings.defaults());
        settle();
        long before = standby.replication.stats().master().entries();
        for (int i = 0; i < 10_000; i++) {
            assertThat(master.services.set(view, service(8, 0x77, 60), now).status()).isZero();
            join(8, 0x99, HOSTS[1], McMemberRecord.JOIN_FULL_MEMBER);
            leave(8, 0x99, HOSTS[1], McMemberRecord.JOIN_FULL_MEMBER);
        }
        settle();
        assertSame();
        assertThat(standby.replication.stats().master().entries() - before)
                .as("the ServiceRecord once; the group created and deleted 10,000 times: its deletion once")
                .isEqualTo(2);
    }

    @Test
    void aGroupCreatedByAJoinReachesTheStandbyBeforeItsMember() {
        connect(ReplicaSettings.defaults());
        settle();
        join(8, 5, HOSTS[1], McMemberRecord.JOIN_FULL_MEMBER);
        join(9, 5, HOSTS[2], McMemberRecord.JOIN_NON_MEMBER);
        step();
        assertThat(standby.access.export().groups()).singleElement()
                .satisfies(g -> assertThat(g.members()).hasSize(2));
    }

    @Test
    void aStandbyThatRestartedAsksForTheStateAndGetsItInFull() {
        connect(ReplicaSettings.defaults());
        for (int i = 0; i < 300; i++) {
            randomChange();
        }
        settle();
        standby = new Side(toMaster);
        standby.replication.follow(SM_KEY, MASTER_LID);
        for (int i = 0; i < 300; i++) {
            randomChange();
            step();
        }
        settle();
        assertSame();
        assertThat(master.replication.stats().standbys().get(STANDBY).snapshots()).isEqualTo(2);
    }

    @Test
    void aStandbyGoneForLongIsGivenUpAndGetsTheStateInFullWhenBack() {
        connect(ReplicaSettings.defaults());
        settle();
        linkDown = true;
        for (int i = 0; i < 500; i++) {
            randomChange();
            step();
        }
        assertThat(master.replication.stats().standbys().get(STANDBY).lost()).as("given up").isPositive();
        linkDown = false;
        settle();
        assertSame();
        ReplicaCounters c = master.replication.stats().standbys().get(STANDBY);
        assertThat(c.snapshots()).as("one at the start, one after each time it was given up").isEqualTo(1 + c.lost());
    }

    @Test
    void tooManyChangesWaitingBecomeASnapshot() {
        connect(new ReplicaSettings(1, Duration.ofMillis(200), 10, Duration.ofSeconds(10), 20, 216));
        settle();
        for (int i = 0; i < 100; i++) {
            assertThat(master.services.set(view, service(8, i, 60), now).status()).isZero();
        }
        settle();
        assertSame();
        assertThat(master.replication.stats().standbys().get(STANDBY).snapshots()).isEqualTo(2);
    }

    @Test
    void aSnapshotCutShortLeavesTheStandbyWithItsLastWholeState() {
        connect(ReplicaSettings.defaults());
        for (int i = 0; i < 300; i++) {
            randomChange();
        }
        settle();
        SaState whole = standby.access.export();
        for (int i = 0; i < 50; i++) {
            assertThat(master.services.set(view, service(9, 1000 + i, 0), now).status()).isZero();
        }
        master.replication.stop();
        master.replication.lead(SM_KEY, g -> true);
        master.transport = (lid, f) -> {
            if (toStandby.isEmpty()) {
                toStandby.add(f);
            }
        };
        for (int i = 0; i < 5; i++) {
            step();
        }
        SaState after = standby.access.export();
        assertThat(after.groups()).isEqualTo(whole.groups());
        assertThat(after.subscriptions()).isEqualTo(whole.subscriptions());
        assertThat(rids(after.services())).as("none of the snapshot's new ServiceRecords")
                .isSubsetOf(rids(whole.services()));
    }

    private static List<ServiceState> sorted(List<ServiceState> services) {
        return services.stream().sorted(Comparator.comparing(x -> x.rid().toString())).toList();
    }

    private static List<ServiceRid> rids(List<ServiceState> services) {
        return services.stream().map(ServiceState::rid).toList();
    }

    @Test
    void framesWithAnotherSmKeyChangeNothing() {
        master.replication.lead(SM_KEY + 1, g -> true);
        standby.replication.follow(SM_KEY, MASTER_LID);
        assertThat(master.services.set(view, service(8, 1, 0), now).status()).isZero();
        for (int i = 0; i < 100; i++) {
            step();
        }
        assertThat(standby.access.export().services()).isEmpty();
        assertThat(standby.replication.stats().master().dropped()).isPositive();
    }

    @Test
    void onlyAStandbySmThatAskedIsStreamedToAndOnlyWhileItAsks() {
        master.replication.lead(SM_KEY, g -> g == STANDBY_GUID);
        standby.replication.follow(SM_KEY, MASTER_LID);
        assertThat(master.services.set(view, service(8, 1, 0), now).status()).isZero();
        standbyAsks = false;
        step();
        assertThat(toStandby).isEmpty();
        assertThat(master.replication.stats().standbys()).isEmpty();
        standbyAsks = true;
        settle();
        assertThat(rids(standby.access.export().services())).hasSize(1);
        standbyAsks = false;
        step();
        assertThat(master.replication.stats().standbys()).as("its ServiceRecord gone").isEmpty();
        master.replication.lead(SM_KEY, g -> false);
        standbyAsks = true;
        step();
        assertThat(master.replication.stats().standbys()).as("not a standby SM").isEmpty();
        assertThat(toStandby).isEmpty();
    }

    @Test
    void aMasterTakesNoFramesAndAStandbyOnlyItsMastersDataFrames() {
        connect(ReplicaSettings.defaults());
        settle();
        byte[] frame = toStandby.isEmpty() ? null : toStandby.peek();
        assertThat(frame).isNull();
        assertThat(master.services.set(view, service(8, 5, 0), now).status()).isZero();
        master.replication.poll(now, Map.of(STANDBY_GUID, STANDBY_LID));
        byte[] data = toStandby.poll();
        long before = standby.replication.stats().unexpected();
        standby.replication.onFrame(4, data, 0, data.length, now);
        assertThat(standby.replication.stats().unexpected()).as("DATA from another LID").isEqualTo(before + 1);
        master.replication.onFrame(STANDBY_LID, data, 0, data.length, now);
        assertThat(master.replication.stats().unexpected()).as("DATA to a master").isEqualTo(1);
        assertThat(master.access.export().services()).hasSize(1);
    }

    private void connect(ReplicaSettings settings) {
        master.replication = new SaReplication(settings, master.access, master.changes, master::send);
        master.replication.lead(SM_KEY, g -> g == STANDBY_GUID);
        standby.replication.follow(SM_KEY, MASTER_LID);
    }

    /** Steps until the master's stream is in sync (at most a simulated minute). */
    private void settle() {
        double was = loss;
        loss = 0;
        step();
        for (int i = 0; i < 6000 && !master.replication.standbysInSync(); i++) {
            step();
        }
        step();
        loss = was;
        assertThat(master.replication.standbysInSync()).as("in sync").isTrue();
    }

    /** 10 ms: the master's stream sends, the link delivers (or loses) every frame in flight. */
    private void step() {
        now += STEP;
        master.replication.poll(now, standbyAsks ? Map.of(STANDBY_GUID, STANDBY_LID) : Map.of());
        deliver(toStandby, f -> standby.replication.onFrame(MASTER_LID, f, 0, f.length, now));
        deliver(toMaster, f -> master.replication.onFrame(STANDBY_LID, f, 0, f.length, now));
    }

    private void deliver(ArrayDeque<byte[]> queue, java.util.function.Consumer<byte[]> to) {
        List<byte[]> frames = new ArrayList<>(queue);
        queue.clear();
        for (byte[] f : frames) {
            if (!linkDown && rnd.nextDouble() >= loss) {
                to.accept(f);
            }
        }
    }

    private void assertSame() {
        SaState m = master.access.export();
        SaState s = standby.access.export();
        assertThat(s.groups().size()).as("groups").isEqualTo(m.groups().size());
        for (int i = 0; i < m.groups().size(); i++) {
            McastGroupState a = m.groups().get(i);
            McastGroupState b = s.groups().get(i);
            assertThat(b.withoutMembers()).as("group %d", i).isEqualTo(a.withoutMembers());
            assertThat(b.members()).as("members of group %d (their order may differ)", i)
                    .containsExactlyInAnyOrderElementsOf(a.members());
        }
        assertThat(s.subscriptions()).isEqualTo(m.subscriptions());
        assertThat(rids(s.services())).as("ServiceRecords (their order may differ)")
                .containsExactlyInAnyOrderElementsOf(rids(m.services()));
        m = new SaState(0, List.of(), sorted(m.services()), List.of());
        s = new SaState(0, List.of(), sorted(s.services()), List.of());
        for (int i = 0; i < m.services().size(); i++) {
            ServiceState a = m.services().get(i);
            ServiceState b = s.services().get(i);
            assertThat(b.record()).isEqualTo(a.record());
            assertThat(b.owner()).isEqualTo(a.owner());
            if (a.leftMillis() == ServiceState.INFINITE) {
                assertThat(b.leftMillis()).isEqualTo(ServiceState.INFINITE);
            } else {
                assertThat(b.leftMillis()).as("rounded up to a second, and the time frames were on the link")
                        .isBetween(a.leftMillis(), a.leftMillis() + 1000 + 10 * STEP / 1_000_000);
            }
        }
    }

    /** A join or leave, a ServiceRecord registered, renewed or deleted, a subscription, time passing. */
    private void randomChange() {
        int host = rnd.nextInt(HOSTS.length);
        int what = rnd.nextInt(10);
        if (what < 3) {
            join(LIDS[host], rnd.nextInt(20), HOSTS[host], 1 + rnd.nextInt(15));
        } else if (what < 5) {
            leave(LIDS[host], rnd.nextInt(20), HOSTS[host], 1 + rnd.nextInt(15));
        } else if (what < 7) {
            master.services.set(view, service(LIDS[host], rnd.nextInt(30), rnd.nextInt(3) * 30), now);
        } else if (what < 8) {
            master.services.delete(view, service(LIDS[host], rnd.nextInt(30), 0), now);
        } else if (what < 9) {
            subscribe(LIDS[host], 64 + rnd.nextInt(4), rnd.nextInt(2));
        } else {
            now += 1_000_000_000L;
            master.services.expire(now);
        }
    }

    private void join(int lid, int id, long portGuid, int joinState) {
        master.mcast.set(view, mcast(lid, CREATE, id, portGuid, joinState, SET));
    }

    private void leave(int lid, int id, long portGuid, int joinState) {
        master.mcast.delete(view, mcast(lid, JOIN, id, portGuid, joinState, DELETE));
    }

    private void subscribe(int lid, int trap, int subscribe) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, subscribe, InformInfo.TYPE_ALL, trap, 0, 0, 0xFFFFFF)
                .encodeTo(data, 0);
        SaAnswer a = master.events.set(view, new SaRequest(new MadAddress.LidRouted(lid, 5, MadAddress.QP1_QKEY, 0,
                0), SET, SaAttribute.INFORM_INFO, 0, 7, new SaHeader(0, 0, 0), data, false));
        assertThat(a.status()).isIn(SaStatus.OK, SaStatus.REQ_INVALID);
    }

    private static SaRequest mcast(int lid, long mask, int id, long portGuid, int joinState, int method) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        new McMemberRecord(new Gid(0xff12_0000_0000_0000L, 0x1000 + id), new Gid(PREFIX, portGuid), 0x1234, 0, 0, 0,
                0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, joinState, 0).encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(lid, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.MC_MEMBER_RECORD, 0, 7, new SaHeader(0, 0, mask), data, false);
    }

    /** A ServiceRecord of the host at {@code lid} (its GID), ID {@code id}, {@code lease} seconds (0: forever). */
    private static SaRequest service(int lid, long id, int lease) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        long guid = HOSTS[indexOf(lid)];
        new ServiceRecord(id, new Gid(PREFIX, guid), 0xFFFF, lease == 0 ? ServiceRecord.LEASE_INFINITE : lease,
                new byte[16], "svc" + id, new byte[64]).encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(lid, 1, MadAddress.QP1_QKEY, 0, 0), SET,
                SaAttribute.SERVICE_RECORD, 0, 7, new SaHeader(0, 0, SERVICE_MASK), data, false);
    }

    private static int indexOf(int lid) {
        for (int i = 0; i < LIDS.length; i++) {
            if (LIDS[i] == lid) {
                return i;
            }
        }
        throw new IllegalArgumentException("LID " + lid);
    }

    /**
     * One SA's registries, its state access and its end of the channel, on the test's simulated clocks; its frames
     * go to {@code out} (the other side's queue) unless a test changes its transport.
     */
    private final class Side {
        SaReplication.Transport transport;

        Side(ArrayDeque<byte[]> out) {
            transport = (lid, f) -> out.add(f);
        }

        void send(int lid, byte[] frame) {
            transport.send(lid, frame);
        }

        final SaStateChanges changes = new SaStateChanges();
        final Refusals refusals = new Refusals(Duration.ofSeconds(60));
        final McastRegistry mcast = new McastRegistry(McastMembershipListener.NONE, TestLimits.unshared(), refusals,
                changes);
        final ServiceRegistry services = new ServiceRegistry(TestLimits.unshared(), refusals, changes);
        final EventSubscriptions events = new EventSubscriptions(TestLimits.unshared(), refusals, changes);
        final SaStateAccess access = new SaStateAccess(mcast, services, events, () -> now,
                () -> WALL + now / 1_000_000L);
        SaReplication replication = new SaReplication(ReplicaSettings.defaults(), access, changes, this::send);
    }
}
