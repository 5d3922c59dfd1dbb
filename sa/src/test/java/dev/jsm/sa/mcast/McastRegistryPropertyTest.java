package dev.jsm.sa.mcast;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Multicast LIDs are never lost: random sequences of joins and leaves on the small SA fabric (hosts H1..H4, 64
 * MLIDs, 80 MGIDs and SA-assigned ones, so that the MLIDs run out now and then), from any host, for itself or by
 * proxy, with every JoinState combination, with hosts leaving the fabric and coming back, partitions' well-known
 * groups defined and withdrawn, and the registry now and then replaced by its own export (what the dump file and the
 * standby do). After every step: the MLIDs in use are those of the groups there are; every group that is not well
 * known has a full member; the SM's side (what the membership listener said, as the daemon's MFT groups hear it) has
 * exactly those MLIDs and, per MLID, exactly the members of its groups. At the end, once every host has left the
 * fabric, only the well-known groups remain and every other MLID can be created again.
 */
class McastRegistryPropertyTest {

    private static final long PREFIX = 0xfe80000000000000L;
    private static final long[] HOSTS = {0x0002c90000001001L, 0x0002c90000002001L, 0x0002c90000003001L,
        0x0002c90000004001L};
    private static final int[] LIDS = {4, 8, 9, 10};
    private static final int SET = 0x02;
    private static final int DELETE = 0x15;
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
    private static final int MLIDS = 64;
    private static final int STEPS = 3000;
    /** Steps of a phase: joins outnumber leaves in one, leaves joins in the next, so groups grow and shrink. */
    private static final int PHASE = 500;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theMlidsInUseAreAlwaysThoseOfTheGroupsThereAre(long seed) {
        Random rnd = new Random(seed);
        SmSide sm = new SmSide();
        McastRegistry registry = registry(sm);
        List<Gid> mgids = new ArrayList<>();
        for (int i = 0; i < MLIDS + 16; i++) {
            mgids.add(new Gid(0xff12_0000_0000_0000L | rnd.nextInt(4), 0x1000 + i));
        }
        boolean[] present = {true, true, true, true};
        SaView view = SaViews.small();
        boolean wellKnown = false;
        for (int step = 0; step < STEPS; step++) {
            int what = rnd.nextInt(100);
            int joins = step / PHASE % 2 == 0 ? 80 : 20;
            if (what < joins) {
                join(registry, view, rnd, mgids, present);
            } else if (what < 90) {
                leave(registry, view, rnd, mgids, registry.export());
            } else if (what < 95) {
                if (rnd.nextBoolean()) {
                    Arrays.fill(present, true);
                } else {
                    present[rnd.nextInt(HOSTS.length)] = false;
                }
                view = viewOf(present);
                registry.dropDeparted(view);
                assertThat(members(registry)).as("seed %d step %d: members of hosts gone", seed, step)
                        .allMatch(guid -> present[indexOf(guid)]);
            } else if (what < 98) {
                wellKnown = !wellKnown;
                registry.defineWellKnown(view, wellKnown ? List.of(new WellKnownGroup(BROADCAST, 0xFFFF, 0x0B1B, 4,
                        3, 0, 0, 0, 0)) : List.of());
            } else {
                SmSide fresh = new SmSide();
                McastRegistry copy = registry(fresh);
                assertThat(copy.replaceAll(registry.export())).as("seed %d step %d: restore", seed, step).isEmpty();
                assertThat(copy.export()).isEqualTo(registry.export());
                registry = copy;
                sm = fresh;
            }
            check(registry, sm, "seed " + seed + " step " + step);
        }
        Arrays.fill(present, false);
        registry.dropDeparted(viewOf(present));
        check(registry, sm, "seed " + seed + " after every host left");
        List<McastGroupState> left = registry.export();
        assertThat(left).as("seed %d: only well-known groups outlive their members", seed)
                .allMatch(McastGroupState::wellKnown).allMatch(g -> g.members().isEmpty());
        view = SaViews.small();
        for (int i = left.size(); i < MLIDS; i++) {
            SaAnswer a = registry.set(view, request(8, CREATE, member(Gid.ZERO, HOSTS[1], 1), SET));
            assertThat(a.status()).as("seed %d: group %d of %d created", seed, i + 1, MLIDS).isEqualTo(SaStatus.OK);
        }
        assertThat(registry.mlidsInUse()).as("seed %d: every MLID in use again", seed).hasSize(MLIDS);
        check(registry, sm, "seed " + seed + " at the end");
    }

    private static McastRegistry registry(SmSide sm) {
        return new McastRegistry(sm, TestLimits.unshared(), new Refusals(Duration.ofSeconds(60)));
    }

    /** A join (creating the group if it is new) of a random port, by itself or by proxy, with random JoinState. */
    private static void join(McastRegistry registry, SaView view, Random rnd, List<Gid> mgids, boolean[] present) {
        int requester = rnd.nextInt(HOSTS.length);
        int port = rnd.nextInt(4) == 0 ? rnd.nextInt(HOSTS.length) : requester;
        Gid mgid = rnd.nextInt(20) == 0 ? Gid.ZERO : mgids.get(rnd.nextInt(mgids.size()));
        int joinState = 1 + rnd.nextInt(15);
        SaAnswer a = registry.set(view, request(LIDS[requester], CREATE, member(mgid, HOSTS[port], joinState), SET));
        if (a.status() == SaStatus.OK && !a.drop()) {
            assertThat(present[requester]).as("only a requester in the fabric is answered").isTrue();
        }
    }

    /** A leave of some JoinState bits of a member, by itself or another host; or of a port that is no member. */
    private static void leave(McastRegistry registry, SaView view, Random rnd, List<Gid> mgids,
                              List<McastGroupState> groups) {
        int requester = rnd.nextInt(HOSTS.length);
        if (groups.isEmpty() || rnd.nextInt(10) == 0) {
            registry.delete(view, request(LIDS[requester], JOIN, member(mgids.get(rnd.nextInt(mgids.size())),
                    HOSTS[rnd.nextInt(HOSTS.length)], 1 + rnd.nextInt(15)), DELETE));
            return;
        }
        McastGroupState g = groups.get(rnd.nextInt(groups.size()));
        if (g.members().isEmpty()) {
            return;
        }
        McastMemberState m = g.members().get(rnd.nextInt(g.members().size()));
        int bits = rnd.nextInt(3) == 0 ? m.joinState() : m.joinState() & (1 + rnd.nextInt(15));
        if (bits == 0) {
            bits = m.joinState();
        }
        int by = rnd.nextInt(4) == 0 ? requester : indexOf(m.portGuid());
        registry.delete(view, request(LIDS[by], JOIN, member(g.mgid(), m.portGuid(), bits), DELETE));
    }

    private static void check(McastRegistry registry, SmSide sm, String when) {
        List<McastGroupState> groups = registry.export();
        Set<Integer> groupMlids = groups.stream().map(McastGroupState::mlid).collect(Collectors.toCollection(
                TreeSet::new));
        assertThat(Arrays.stream(registry.mlidsInUse()).boxed().toList()).as("%s: MLIDs in use", when)
                .containsExactlyElementsOf(groupMlids);
        for (McastGroupState g : groups) {
            assertThat(g.members()).as("%s: group %s has no member without JoinState", when, g.mgid())
                    .allMatch(m -> m.joinState() != 0);
            if (!g.wellKnown()) {
                assertThat(g.members()).as("%s: group %s, not well known, has a full member", when, g.mgid())
                        .anyMatch(m -> (m.joinState() & JoinRules.FULL_STATES) != 0);
            }
        }
        Map<Integer, Set<Long>> expected = new TreeMap<>();
        for (McastGroupState g : groups) {
            Set<Long> s = expected.computeIfAbsent(g.mlid(), k -> new HashSet<>());
            g.members().forEach(m -> s.add(m.portGuid()));
        }
        assertThat(sm.groups).as("%s: the SM's groups and their members", when).isEqualTo(expected);
        assertThat(registry.groupCount()).isEqualTo(groups.size());
    }

    private static Set<Long> members(McastRegistry registry) {
        Set<Long> out = new HashSet<>();
        registry.export().forEach(g -> g.members().forEach(m -> out.add(m.portGuid())));
        return out;
    }

    private static int indexOf(long portGuid) {
        for (int i = 0; i < HOSTS.length; i++) {
            if (HOSTS[i] == portGuid) {
                return i;
            }
        }
        throw new IllegalArgumentException(Long.toHexString(portGuid));
    }

    private static SaView viewOf(boolean[] present) {
        List<Long> gone = new ArrayList<>();
        for (int i = 0; i < HOSTS.length; i++) {
            if (!present[i]) {
                gone.add(HOSTS[i] & ~0xFL);
            }
        }
        return gone.isEmpty() ? SaViews.small() : SaViews.smallWithout(gone.stream().mapToLong(Long::longValue)
                .toArray());
    }

    private static McMemberRecord member(Gid mgid, long portGuid, int joinState) {
        return new McMemberRecord(mgid, new Gid(PREFIX, portGuid), 0x1234, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2,
                joinState, 0);
    }

    private static SaRequest request(int lid, long mask, McMemberRecord r, int method) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        r.encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(lid, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.MC_MEMBER_RECORD, 0, 7, new SaHeader(0, 0, mask), data, false);
    }

    /**
     * The SM's side of the groups as the membership listener builds it (as the daemon's MFT groups do): an MLID
     * exists from its creation to its deletion, with the ports that joined it and have not left. Every call is
     * checked against what the SM already has: no MLID created twice or deleted unknown, no port joining twice.
     */
    private static final class SmSide implements McastMembershipListener {
        final Map<Integer, Set<Long>> groups = new TreeMap<>();

        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
            groups.putIfAbsent(mlid, new HashSet<>());
        }

        @Override
        public void groupDeleted(int mlid) {
            assertThat(groups.remove(mlid)).as("MLID 0x%x deleted with members", mlid).isNotNull().isEmpty();
        }

        @Override
        public void joined(int mlid, long portGuid) {
            assertThat(groups.get(mlid)).as("MLID 0x%x joined before it exists", mlid).isNotNull();
            assertThat(groups.get(mlid).add(portGuid)).as("port joined MLID 0x%x twice", mlid).isTrue();
        }

        @Override
        public void left(int mlid, long portGuid) {
            assertThat(groups.get(mlid)).as("MLID 0x%x left but unknown", mlid).isNotNull();
            assertThat(groups.get(mlid).remove(portGuid)).as("port left MLID 0x%x it was not in", mlid).isTrue();
        }
    }
}
