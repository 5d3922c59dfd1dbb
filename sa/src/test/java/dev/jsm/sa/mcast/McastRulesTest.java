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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * OpenSM's finer MCMemberRecord rules on {@link McastRegistry} (the cases osmtest's multicast flow checks): JoinState
 * updates and partial leaves, the cleanup when the last full member leaves, MGID validation, the MTU and rate
 * selectors of a create, PortGID prefixes and the query's Scope/JoinState matching. Small SA test fabric: H2..H4 at
 * LIDs 8, 9, 10, ports 4x QDR (rate 7) with MTU 4096 (5).
 */
class McastRulesTest {

    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final int DELETE = 0x15;
    private static final long PREFIX = 0xfe80000000000000L;
    private static final long H2 = 0x0002c90000002001L;
    private static final long H3 = 0x0002c90000003001L;
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x77);
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0xffff_ffffL);
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;
    private static final long MTU = 1L << 4 | 1L << 5;
    private static final long RATE = 1L << 8 | 1L << 9;

    private final List<String> events = new ArrayList<>();
    private final McastRegistry registry = new McastRegistry(new McastMembershipListener() {
        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
        }

        @Override
        public void groupDeleted(int mlid) {
            events.add("delete " + Integer.toHexString(mlid));
        }

        @Override
        public void joined(int mlid, long portGuid) {
        }

        @Override
        public void left(int mlid, long portGuid) {
            events.add("leave " + Long.toHexString(portGuid & 0xFFFF));
        }
    }, TestLimits.unshared(), new Refusals(Duration.ofSeconds(60)));
    private final SaView view = SaViews.small();

    @Test
    void joinStatesAddUpLeavesAnswerWhatIsLeftAndTheLastFullMemberTakesTheRest() {
        ok(set(8, CREATE, rec(MGID, H2, 1)));
        ok(set(9, JOIN, rec(MGID, H3, 2)));
        assertThat(ok(set(9, JOIN, rec(MGID, H3, 4))).joinState()).as("o15.0.1.11: 2 | 4").isEqualTo(6);
        assertThat(delete(9, rec(MGID, H3, 1)).status()).as("a bit H3 does not have").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(delete(9, rec(MGID, H3, 3)).status()).as("one bit too many").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(ok(delete(9, rec(MGID, H3, 2))).joinState()).as("what is left").isEqualTo(4);
        assertThat(set(8, JOIN, rec(MGID, H3, 1)).status()).as("H2 may not change H3's own membership")
                .isEqualTo(SaStatus.REQ_INVALID);

        McMemberRecord left = ok(delete(8, rec(MGID, H2, 1)));
        assertThat(left.joinState()).isZero();
        assertThat(events).as("H3 (send-only non-member) goes with the last full member, then the group")
                .containsExactly("leave 2001", "leave 3001", "delete c000");
        assertThat(registry.mlidOf(MGID)).isEqualTo(-1);
    }

    @Test
    void aSendOnlyFullMemberMayCreateAndItsLeaveDeletesTheGroup() {
        assertThat(ok(set(8, CREATE, rec(MGID, H2, 8))).joinState()).isEqualTo(8);
        assertThat(set(9, CREATE, rec(new Gid(0xff12_0000_0000_0000L, 0x78), H3, 4)).status())
                .as("send-only non-member cannot create").isEqualTo(SaStatus.REQ_INVALID);
        ok(delete(8, rec(MGID, H2, 8)));
        assertThat(registry.groupCount()).isZero();
    }

    @Test
    void mgidsAreValidatedAsOpenSmDoes() {
        assertThat(set(8, CREATE, rec(new Gid(0xfa12_0000_0000_0000L, 1), H2, 1)).status()).as("not 0xFF")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE, rec(new Gid(0xff12_a01b_0000_0000L, 1), H2, 1)).status())
                .as("SA signature with link-local scope").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE, rec(new Gid(0xff32_0000_0000_0000L, 1), H2, 1)).status()).as("reserved flag")
                .isEqualTo(SaStatus.REQ_INVALID);
        ok(set(8, CREATE, rec(new Gid(0xff15_a01b_0000_0000L, 1), H2, 1)));

        McMemberRecord r = rec(Gid.ZERO, H2, 1);
        McMemberRecord assigned = ok(set(8, CREATE | 1L << 15, new McMemberRecord(r.mgid(), r.portGid(), r.qKey(), 0,
                0, 0, 0, r.pKey(), 0, 0, 0, 0, 0, 0, 0, 5, 1, 0)));
        assertThat(assigned.mgid()).as("ff15:a01b:<prefix>, number 0").isEqualTo(new Gid(0xff15_a01b_fe80_0000L, 0));

        Gid ipv6 = new Gid(0xff12_601b_ffff_0000L, 1);
        assertThat(set(8, CREATE, rec(ipv6, H2, 1)).status()).as("no broadcast group yet")
                .isEqualTo(SaStatus.REQ_INVALID);
        registry.defineWellKnown(view, List.of(new WellKnownGroup(BROADCAST, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        assertThat(set(8, CREATE, rec(ipv6, H2, 1)).status()).as("Q_Key 0x1234 is not the broadcast group's")
                .isEqualTo(SaStatus.REQ_INVALID);
        ok(set(8, CREATE, new McMemberRecord(ipv6, new Gid(PREFIX, H2), 0x0B1B, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0,
                0, 0, 2, 1, 0)));
    }

    @Test
    void createSelectorsFollowOpenSm() {
        assertThat(set(8, CREATE | MTU, mtu(rec(MGID, H2, 1), 1, 1)).status()).as("MTU below 256")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE | MTU, mtu(rec(MGID, H2, 1), 0, 5)).status()).as("MTU above 4096")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE | RATE, rate(rec(MGID, H2, 1), 0, 7)).status()).as("rate above the port's 40 Gb/s")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE | RATE, rate(rec(MGID, H2, 1), 2, 12)).status()).as("exactly 56 Gb/s: port cannot")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(set(8, CREATE | RATE, rate(rec(MGID, H2, 1), 2, 1)).status()).as("rate code 1 is undefined")
                .isEqualTo(SaStatus.REQ_INVALID);
        McMemberRecord g = ok(set(8, CREATE | MTU | RATE, rate(mtu(rec(MGID, H2, 1), 1, 5), 1, 8)));
        assertThat(g.mtu()).as("less than 4096: 2048").isEqualTo(4);
        assertThat(g.rate()).as("less than 60 Gb/s: the port's 40").isEqualTo(7);
        assertThat(set(9, JOIN | MTU, mtu(rec(MGID, H3, 1), 2, 5)).status()).as("the group's MTU is 2048")
                .isEqualTo(SaStatus.REQ_INVALID);
        ok(set(9, JOIN | MTU, mtu(rec(MGID, H3, 1), 3, 5)));
    }

    @Test
    void aPortGidPrefixOtherThanTheSubnetsIsAnInvalidGid() {
        McMemberRecord r = rec(MGID, H2, 1);
        McMemberRecord foreign = new McMemberRecord(MGID, new Gid(0x1234_0000_0000_0000L, H2), r.qKey(), 0, 0, 0, 0,
                r.pKey(), 0, 0, 0, 0, 0, 0, 0, 2, 1, 0);
        assertThat(set(8, CREATE, foreign).status()).isEqualTo(SaStatus.INVALID_GID);
        assertThat(delete(8, foreign).status()).isEqualTo(SaStatus.INVALID_GID);
    }

    @Test
    void queriesMatchScopeJoinStateAndMlid() {
        ok(set(8, CREATE, rec(MGID, H2, 1)));
        ok(set(9, JOIN, rec(MGID, H3, 2)));
        long byState = 1L << 0 | 1L << 16;
        assertThat(get(10, byState, true, rec(MGID, 0, 2)).count()).as("trusted: the member with JoinState 2")
                .isEqualTo(1);
        assertThat(get(10, byState | 1L << 15, true, scope(rec(MGID, 0, 2), 5)).count()).as("scope 5 differs")
                .isZero();
        SaAnswer untrusted = get(10, byState, false, rec(MGID, 0, 1));
        assertThat(untrusted.count()).as("untrusted: the group, with its creator's JoinState").isEqualTo(1);
        assertThat(McMemberRecord.decode(untrusted.records(), 0).joinState()).as("shown as 0").isZero();
        McMemberRecord byMlid = new McMemberRecord(Gid.ZERO, Gid.ZERO, 0, 0xC001, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0);
        assertThat(get(10, 1L << 3, false, byMlid).count()).as("no group has MLID 0xC001").isZero();
        assertThat(get(10, MTU, false, mtu(rec(MGID, 0, 0), 0, 6)).status()).as("MTU code 6")
                .isEqualTo(SaStatus.REQ_INVALID);
    }

    private SaAnswer set(int lid, long mask, McMemberRecord r) {
        return registry.set(view, request(lid, mask, false, r, SET));
    }

    private SaAnswer delete(int lid, McMemberRecord r) {
        return registry.delete(view, request(lid, JOIN, false, r, DELETE));
    }

    private SaAnswer get(int lid, long mask, boolean trusted, McMemberRecord r) {
        return registry.get(view, request(lid, mask, trusted, r, GET_TABLE));
    }

    private static McMemberRecord ok(SaAnswer a) {
        assertThat(a.status()).as(SaStatus.name(a.status())).isEqualTo(SaStatus.OK);
        assertThat(a.count()).isEqualTo(1);
        return McMemberRecord.decode(a.records(), 0);
    }

    private static McMemberRecord rec(Gid mgid, long portGuid, int joinState) {
        return new McMemberRecord(mgid, portGuid == 0 ? Gid.ZERO : new Gid(PREFIX, portGuid), 0x1234, 0, 0, 0, 0,
                0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, joinState, 0);
    }

    private static McMemberRecord mtu(McMemberRecord m, int selector, int mtu) {
        return new McMemberRecord(m.mgid(), m.portGid(), m.qKey(), m.mlid(), selector, mtu, m.tClass(), m.pKey(),
                m.rateSelector(), m.rate(), 0, 0, 0, 0, 0, m.scope(), m.joinState(), 0);
    }

    private static McMemberRecord rate(McMemberRecord m, int selector, int rate) {
        return new McMemberRecord(m.mgid(), m.portGid(), m.qKey(), m.mlid(), m.mtuSelector(), m.mtu(), m.tClass(),
                m.pKey(), selector, rate, 0, 0, 0, 0, 0, m.scope(), m.joinState(), 0);
    }

    private static McMemberRecord scope(McMemberRecord m, int scope) {
        return new McMemberRecord(m.mgid(), m.portGid(), m.qKey(), m.mlid(), 0, 0, 0, m.pKey(), 0, 0, 0, 0, 0, 0, 0,
                scope, m.joinState(), 0);
    }

    private static SaRequest request(int lid, long mask, boolean trusted, McMemberRecord r, int method) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        r.encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(lid, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.MC_MEMBER_RECORD, 0, 7, new SaHeader(trusted ? 1 : 0, 0, mask), data, trusted);
    }
}
