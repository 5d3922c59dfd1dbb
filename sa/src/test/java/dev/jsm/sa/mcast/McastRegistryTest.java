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
import dev.jsm.sa.query.PartitionMembership;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link McastRegistry} on the small SA test fabric (hosts H1..H4 at LIDs 4, 8, 9, 10, port GUIDs ..1001 ..
 * ..4001; ports 4x QDR, MTU 4096; switch A has MFT capacity 64).
 */
class McastRegistryTest {

    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final int DELETE = 0x15;
    private static final long PREFIX = 0xfe80000000000000L;
    private static final long H1 = 0x0002c90000001001L;
    private static final long H2 = 0x0002c90000002001L;
    private static final long H3 = 0x0002c90000003001L;
    private static final long H4 = 0x0002c90000004001L;
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x5151);
    private static final Gid OTHER_MGID = new Gid(0xff15_0000_0000_0000L, 0x77);
    private static final Gid WELL_KNOWN = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
    /** IPv6 solicited-node MGIDs ff12:601b:ffff::1:ffXX:XXXX of two hosts, and one of site scope (ff15). */
    private static final Gid SNM_H2 = new Gid(0xff12_601b_ffff_0000L, 0x0000_0001_ff00_2001L);
    private static final Gid SNM_H3 = new Gid(0xff12_601b_ffff_0000L, 0x0000_0001_ff00_3001L);
    private static final Gid SNM_SITE = new Gid(0xff15_601b_ffff_0000L, 0x0000_0001_ff00_3001L);
    private static final Gid SITE_BROADCAST = new Gid(0xff15_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
    private static final long JOIN = 1L << 0 | 1L << 1 | 1L << 16;
    private static final long CREATE = JOIN | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12 | 1L << 13;
    private static final int FULL = McMemberRecord.JOIN_FULL_MEMBER;

    private final List<String> events = new ArrayList<>();
    private final McastRegistry registry = new McastRegistry(new McastMembershipListener() {
        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
            events.add("create " + Integer.toHexString(mlid) + (wellKnown ? " well-known" : ""));
        }

        @Override
        public void groupDeleted(int mlid) {
            events.add("delete " + Integer.toHexString(mlid));
        }

        @Override
        public void joined(int mlid, long portGuid) {
            events.add("join " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
        }

        @Override
        public void left(int mlid, long portGuid) {
            events.add("leave " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
        }
    }, TestLimits.unshared(), new Refusals(Duration.ofSeconds(60)));
    private final SaView view = SaViews.small();

    @Test
    void membersWhosePortsLeftTheFabricAreDroppedAndAGroupWithoutFullMembersGoes() {
        ok(registry.set(view, request(8, CREATE, false, member(MGID, H2, FULL))));
        ok(registry.set(view, request(4, JOIN, false, member(MGID, H1, FULL))));
        ok(registry.set(view, request(10, CREATE, false, member(OTHER_MGID, H4, FULL))));
        ok(registry.set(view, request(9, JOIN, false, member(OTHER_MGID, H3, McMemberRecord.JOIN_NON_MEMBER))));
        registry.defineWellKnown(view, List.of(new WellKnownGroup(WELL_KNOWN, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        ok(registry.set(view, request(10, JOIN, false, member(WELL_KNOWN, H4, FULL))));
        events.clear();

        registry.dropDeparted(view);
        assertThat(events).as("nobody left").isEmpty();

        registry.dropDeparted(SaViews.smallWithout(H1 & ~0xFL, H4 & ~0xFL));
        assertThat(events).as("groups in MGID order").containsExactly("leave c000 2c90000001001",
                "leave c002 2c90000004001", "leave c001 2c90000004001", "leave c001 2c90000003001", "delete c001");
        assertThat(registry.mlidOf(MGID)).as("H2 is still a full member").isEqualTo(0xC000);
        assertThat(registry.mlidOf(OTHER_MGID)).as("its only full member left").isEqualTo(-1);
        assertThat(registry.mlidOf(WELL_KNOWN)).as("well-known groups stay empty").isEqualTo(0xC002);
    }

    @Test
    void aVirtualPortJoinsByItsOwnGidAndLeavesWhenItsVmStops() {
        long v1 = 0x8001c90000002001L;
        long v2 = 0x8002c90000002001L;
        SaView vports = SaViews.smallWithVPorts();
        ok(registry.set(vports, request(8, CREATE, false, member(MGID, H2, FULL))));
        McMemberRecord joined = ok(registry.set(vports, request(20, JOIN, false, member(MGID, v1, FULL))));
        assertThat(joined.portGid()).isEqualTo(new Gid(PREFIX, v1));
        ok(registry.set(vports, request(8, JOIN, false, member(MGID, v2, FULL))));
        assertThat(registry.set(vports, request(9, JOIN, false, member(MGID, 0x8001c90000003001L, FULL))).status())
                .as("a vport whose VM is stopped is no port").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(events).contains("join c000 8001c90000002001", "join c000 8002c90000002001");
        events.clear();

        registry.dropDeparted(vports);
        assertThat(events).isEmpty();
        registry.dropDeparted(view);
        assertThat(events).as("the vports are gone from the plain fabric")
                .containsExactlyInAnyOrder("leave c000 8001c90000002001", "leave c000 8002c90000002001");
        assertThat(registry.mlidOf(MGID)).isEqualTo(0xC000);
    }

    @Test
    void withConsolidationIpv6SolicitedNodeGroupsOfOneScopeAndPKeyShareAnMlid() {
        SaView consolidating = view.withSettings(view.settings().withConsolidateIpv6Snm(true));
        registry.defineWellKnown(consolidating, List.of(
                new WellKnownGroup(WELL_KNOWN, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0),
                new WellKnownGroup(SITE_BROADCAST, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        events.clear();
        int first = ok(registry.set(consolidating, request(8, CREATE, false,
                withQKey(member(SNM_H2, H2, FULL), 0x0B1B)))).mlid();
        int second = ok(registry.set(consolidating, request(9, CREATE, false,
                withQKey(member(SNM_H3, H3, FULL), 0x0B1B)))).mlid();
        assertThat(second).as("same scope and P_Key, other last 24 bits").isEqualTo(first);
        int siteScope = ok(registry.set(consolidating, request(9, CREATE, false,
                withQKey(member(SNM_SITE, H3, FULL), 0x0B1B)))).mlid();
        assertThat(siteScope).as("another scope").isNotEqualTo(first);
        ok(registry.set(consolidating, request(8, JOIN, false, member(SNM_H3, H2,
                McMemberRecord.JOIN_NON_MEMBER))));
        assertThat(registry.groupCount()).as("two broadcast groups and three solicited-node groups").isEqualTo(5);
        assertThat(events).containsExactly("create " + hex(first), "join " + hex(first) + " 2c90000002001",
                "create " + hex(first), "join " + hex(first) + " 2c90000003001", "create " + hex(siteScope),
                "join " + hex(siteScope) + " 2c90000003001");

        events.clear();
        ok(registry.delete(consolidating, request(8, JOIN, false, member(SNM_H2, H2, FULL), DELETE)));
        assertThat(events).as("H2 is still in the MLID through the other group; the group went, not the MLID")
                .isEmpty();
        assertThat(registry.mlidOf(SNM_H2)).isEqualTo(-1);
        ok(registry.delete(consolidating, request(9, JOIN, false, member(SNM_H3, H3, FULL), DELETE)));
        assertThat(events).containsExactly("leave " + hex(first) + " 2c90000003001",
                "leave " + hex(first) + " 2c90000002001", "delete " + hex(first));
    }

    @Test
    void withoutConsolidationEachSolicitedNodeGroupHasItsOwnMlid() {
        registry.defineWellKnown(view, List.of(new WellKnownGroup(WELL_KNOWN, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        int first = ok(registry.set(view, request(8, CREATE, false, withQKey(member(SNM_H2, H2, FULL), 0x0B1B))))
                .mlid();
        int second = ok(registry.set(view, request(9, CREATE, false, withQKey(member(SNM_H3, H3, FULL), 0x0B1B))))
                .mlid();
        assertThat(second).isNotEqualTo(first);
    }

    private static String hex(int mlid) {
        return Integer.toHexString(mlid);
    }

    @Test
    void createJoinQueryAndLeaveUntilTheGroupGoes() {
        McMemberRecord created = ok(registry.set(view, request(8, CREATE, false, member(MGID, H2, FULL))));
        assertThat(created.mlid()).isEqualTo(0xC000);
        assertThat(created.mtu()).as("the port's MTU, 4096").isEqualTo(5);
        assertThat(created.rate()).as("the port's rate, 4x QDR = 40 Gb/s").isEqualTo(7);
        assertThat(created.mtuSelector()).isEqualTo(2);
        assertThat(created.packetLifeTime()).as("the request's, as OpenSM keeps it").isZero();
        assertThat(created.scope()).isEqualTo(2);
        assertThat(created.qKey()).isEqualTo(0x1234L);
        assertThat(created.portGid()).isEqualTo(new Gid(PREFIX, H2));

        McMemberRecord joined = ok(registry.set(view, request(9, JOIN, false, member(MGID, H3, FULL))));
        assertThat(joined.mlid()).isEqualTo(0xC000);
        assertThat(joined.qKey()).isEqualTo(0x1234L);
        ok(registry.set(view, request(10, JOIN, false, member(MGID, H4, McMemberRecord.JOIN_NON_MEMBER))));
        McMemberRecord again = ok(registry.set(view, request(10, JOIN, false, member(MGID, H4,
                McMemberRecord.JOIN_SEND_ONLY_NON_MEMBER))));
        assertThat(again.joinState()).as("bits accumulate").isEqualTo(6);
        assertThat(events).containsExactly("create c000", "join c000 2c90000002001", "join c000 2c90000003001",
                "join c000 2c90000004001");

        SaAnswer trusted = registry.get(view, request(4, 1L << 0, true, member(MGID, 0, 0), GET_TABLE));
        assertThat(trusted.count()).as("one record per member for trusted requesters").isEqualTo(3);
        SaAnswer untrusted = registry.get(view, request(4, 1L << 0, false, member(MGID, 0, 0), GET_TABLE));
        assertThat(untrusted.count()).as("one record per group otherwise").isEqualTo(1);
        McMemberRecord group = McMemberRecord.decode(untrusted.records(), 0);
        assertThat(group.portGid()).isEqualTo(Gid.ZERO);
        assertThat(group.joinState()).isZero();
        assertThat(group.mlid()).isEqualTo(0xC000);
        SaAnswer byPort = registry.get(view, request(4, 1L << 0 | 1L << 1, true, member(MGID, H4, 0), GET_TABLE));
        assertThat(McMemberRecord.decode(byPort.records(), 0).joinState()).isEqualTo(6);
        assertThat(registry.get(view, request(4, 1L << 0 | 1L << 2, true, withQKey(member(MGID, 0, 0), 9),
                GET_TABLE)).count()).as("Q_Key differs").isZero();

        events.clear();
        ok(registry.delete(view, request(8, JOIN, false, member(MGID, H2, FULL), DELETE)));
        assertThat(registry.mlidOf(MGID)).as("H3 is still a full member").isEqualTo(0xC000);
        ok(registry.delete(view, request(9, JOIN, false, member(MGID, H3, FULL), DELETE)));
        assertThat(registry.mlidOf(MGID)).as("no full member left").isEqualTo(-1);
        assertThat(events).containsExactly("leave c000 2c90000002001", "leave c000 2c90000003001",
                "leave c000 2c90000004001", "delete c000");

        McMemberRecord reused = ok(registry.set(view, request(8, CREATE, false, member(OTHER_MGID, H2, FULL))));
        assertThat(reused.mlid()).as("MLID reused after deletion").isEqualTo(0xC000);
    }

    @Test
    void aSoleFullMemberLeavingFullMemberButNotSendOnlyFullMemberKeepsTheGroupUntilItLeavesThatToo() {
        ok(registry.set(view, request(8, CREATE, false, member(MGID, H2,
                FULL | McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER))));
        ok(registry.set(view, request(9, JOIN, false, member(MGID, H3, McMemberRecord.JOIN_NON_MEMBER))));
        McMemberRecord left = ok(registry.delete(view, request(8, JOIN, false, member(MGID, H2, FULL), DELETE)));
        assertThat(left.joinState()).as("still a send-only full member").isEqualTo(
                McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER);
        assertThat(registry.mlidOf(MGID)).isEqualTo(0xC000);
        events.clear();
        ok(registry.delete(view, request(8, JOIN, false, member(MGID, H2, McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER),
                DELETE)));
        assertThat(registry.mlidOf(MGID)).as("its last full member left (OpenSM 3.3.23 keeps such a group forever)")
                .isEqualTo(-1);
        assertThat(registry.mlidsInUse()).isEmpty();
        assertThat(events).containsExactly("leave c000 2c90000002001", "leave c000 2c90000003001", "delete c000");
    }

    @Test
    void aStandbyPutsTheMastersGroupsAsTheyAreAndAGroupPutOnAnMlidInUseTakesItsPlace() {
        McMemberRecord params = ok(registry.set(view, request(8, CREATE, false, member(MGID, H2, FULL))));
        McastGroupState master = registry.export().get(0).withoutMembers();
        McastRegistry standby = new McastRegistry(registry2Listener(), TestLimits.unshared(),
                new Refusals(Duration.ofSeconds(60)));
        assertThat(standby.putGroup(master)).isTrue();
        standby.putMember(MGID, new McastMemberState(new Gid(PREFIX, H2), 2, FULL, 0));
        standby.putMember(OTHER_MGID, new McastMemberState(new Gid(PREFIX, H3), 2, FULL, 0));
        assertThat(standby.export()).as("a member of a group not there is not put").isEqualTo(registry.export());

        McMemberRecord other = new McMemberRecord(OTHER_MGID, Gid.ZERO, params.qKey(), params.mlid(), 2,
                params.mtu(), 0, 0xFFFF, 2, params.rate(), 2, 0, 0, 0, 0, 2, FULL, 0);
        events2.clear();
        assertThat(standby.putGroup(new McastGroupState(other, false, new Gid(PREFIX, H3), List.of()))).isTrue();
        assertThat(standby.mlidOf(MGID)).as("the master gave its MLID to another group").isEqualTo(-1);
        assertThat(standby.mlidOf(OTHER_MGID)).isEqualTo(params.mlid());
        assertThat(events2).containsExactly("leave c000 2c90000002001", "delete c000", "create c000");
        standby.removeMember(OTHER_MGID, H3);
        standby.removeGroup(OTHER_MGID);
        assertThat(standby.mlidsInUse()).isEmpty();
        assertThat(standby.putGroup(new McastGroupState(new McMemberRecord(MGID, Gid.ZERO, 0, 0x12, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0), false, Gid.ZERO, List.of()))).as("not a multicast LID").isFalse();
    }

    private final List<String> events2 = new ArrayList<>();

    private McastMembershipListener registry2Listener() {
        return new McastMembershipListener() {
            @Override
            public void groupCreated(int mlid, boolean wellKnown) {
                events2.add("create " + Integer.toHexString(mlid));
            }

            @Override
            public void groupDeleted(int mlid) {
                events2.add("delete " + Integer.toHexString(mlid));
            }

            @Override
            public void joined(int mlid, long portGuid) {
                events2.add("join " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
            }

            @Override
            public void left(int mlid, long portGuid) {
                events2.add("leave " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
            }
        };
    }

    @Test
    void badRequestsGetOpenSmsStatuses() {
        assertThat(registry.set(view, request(8, JOIN & ~(1L << 16), false, member(MGID, H2, FULL))).status())
                .isEqualTo(SaStatus.INSUFFICIENT_COMPONENTS);
        assertThat(registry.set(view, request(8, JOIN, false, member(MGID, H2, FULL))).status())
                .as("create without Q_Key etc.").isEqualTo(SaStatus.INSUFFICIENT_COMPONENTS);
        assertThat(registry.set(view, request(8, CREATE, false, member(MGID, H2, McMemberRecord.JOIN_NON_MEMBER)))
                .status()).as("create needs a full member").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(8, CREATE, false, member(new Gid(PREFIX, 5), H2, FULL))).status())
                .as("not a multicast GID").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(8, CREATE, false, member(MGID, 0x1234, FULL))).status())
                .as("unknown port").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(8, CREATE, false,
                member(new Gid(0xff12_601b_8001_0000L, 1), H2, FULL))).status())
                .as("IPv6 IPoIB MGID without its partition's broadcast group").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(8, CREATE | 1L << 4 | 1L << 5, false,
                withMtu(member(MGID, H2, FULL), 2, 7))).status()).as("MTU code 7").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(99, CREATE, false, member(MGID, H2, FULL))).drop())
                .as("requester not in the subnet").isTrue();
        assertThat(registry.groupCount()).isZero();
        assertThat(events).isEmpty();

        ok(registry.set(view, request(8, CREATE, false, member(MGID, H2, FULL))));
        assertThat(registry.set(view, request(9, JOIN | 1L << 2, false, withQKey(member(MGID, H3, FULL), 7)))
                .status()).as("Q_Key differs from the group's").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(9, JOIN | 1L << 4 | 1L << 5, false,
                withMtu(member(MGID, H3, FULL), 2, 4))).status()).as("MTU exactly 2048, group has 4096")
                .isEqualTo(SaStatus.REQ_INVALID);
        ok(registry.set(view, request(9, JOIN | 1L << 4 | 1L << 5, false, withMtu(member(MGID, H3, FULL), 0, 4))));
        assertThat(registry.set(view, request(9, JOIN, false, member(MGID, H3, 0))).status())
                .as("JoinState 0").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.delete(view, request(10, JOIN, false, member(MGID, H1, 0), DELETE)).status())
                .as("leave of a non-member").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.delete(view, request(10, JOIN, false, member(MGID, H3, FULL), DELETE)).status())
                .as("another port's leave").isEqualTo(SaStatus.REQ_INVALID);
    }

    @Test
    void withoutJoinValidationAJoinNeedNotAgreeWithTheGroupsValues() {
        SaView lax = view.withSettings(view.settings().withMcastValidation(true, false));
        ok(registry.set(lax, request(8, CREATE, false, member(MGID, H2, FULL))));
        assertThat(registry.set(view, request(9, JOIN | 1L << 2, false, withQKey(member(MGID, H3, FULL), 7)))
                .status()).as("validated: Q_Key differs").isEqualTo(SaStatus.REQ_INVALID);

        McMemberRecord joined = ok(registry.set(lax, request(9, JOIN | 1L << 2, false,
                withQKey(member(MGID, H3, FULL), 7))));

        assertThat(joined.qKey()).as("the group's Q_Key is answered").isNotEqualTo(7L);
        assertThat(registry.set(lax, request(9, JOIN | 1L << 4 | 1L << 5, false,
                withMtu(member(MGID, H3, FULL), 2, 4))).status()).as("the MTU selector is still checked")
                .isEqualTo(SaStatus.REQ_INVALID);
    }

    @Test
    void withoutCreationValidationAnyRequestedMgidIsCreated() {
        Gid ipv6WithoutBroadcast = new Gid(0xff12_601b_8001_0000L, 1);
        Gid reservedFlags = new Gid(0xff32_0000_0000_0000L, 0x99);
        assertThat(registry.set(view, request(8, CREATE, false, member(ipv6WithoutBroadcast, H2, FULL))).status())
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, request(8, CREATE, false, member(reservedFlags, H2, FULL))).status())
                .isEqualTo(SaStatus.REQ_INVALID);
        SaView lax = view.withSettings(view.settings().withMcastValidation(false, true));

        ok(registry.set(lax, request(8, CREATE, false, member(ipv6WithoutBroadcast, H2, FULL))));
        ok(registry.set(lax, request(8, CREATE, false, member(reservedFlags, H2, FULL))));

        assertThat(registry.groupCount()).isEqualTo(2);
    }

    @Test
    void theGroupsPKeyAndProxyJoinsFollowPartitionMembership() {
        PartitionMembership h4Limited = new PartitionMembership() {
            @Override
            public boolean share(long a, long b, int pKey) {
                return (pKey & 0x7FFF) == 0x7FFF && (a != H4 || b != H4);
            }

            @Override
            public int commonPKey(long a, long b) {
                return a == H4 && b == H4 ? -1 : 0xFFFF;
            }

            @Override
            public boolean isMember(long portGuid, int pKey) {
                return (pKey & 0x7FFF) == 0x7FFF && portGuid != H1;
            }
        };
        SaView v = new SaView(view.snapshot(), view.pathSl(), view.qos(), h4Limited, view.sm(), view.settings(),
                view.tables());
        ok(registry.set(v, request(8, CREATE, false, member(MGID, H2, FULL))));
        assertThat(registry.set(v, request(4, JOIN, false, member(MGID, H1, FULL))).status())
                .as("H1 is not in the group's partition").isEqualTo(SaStatus.REQ_INVALID);
        ok(registry.set(v, request(8, JOIN, false, member(MGID, H4, FULL))));
        SaAnswer proxied = registry.get(v, request(8, 1L << 0 | 1L << 1, true, member(MGID, H4, 0), GET_TABLE));
        assertThat(McMemberRecord.decode(proxied.records(), 0).proxyJoin()).as("H2 joined H4 by proxy").isEqualTo(1);
        ok(registry.delete(v, request(9, JOIN, false, member(MGID, H4, FULL), DELETE)));
        assertThat(registry.get(v, request(4, 1L << 0, false, member(MGID, 0, 0), GET_TABLE)).count())
                .as("H1 does not see a group of a P_Key it lacks").isZero();
    }

    @Test
    void wellKnownGroupsAnswerIpoibJoinsAndStayWhenEmpty() {
        Gid broadcast = new Gid(0xff12_401b_ffff_0000L, 0x0000_0000_ffff_ffffL);
        registry.defineWellKnown(view, List.of(new WellKnownGroup(broadcast, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        registry.defineWellKnown(view, List.of(new WellKnownGroup(broadcast, 0xFFFF, 0x0B1B, 4, 3, 0, 0, 0, 0)));
        McMemberRecord r = ok(registry.set(view, request(8, JOIN | 1L << 7, false,
                member(broadcast, H2, FULL))));
        assertThat(r.qKey()).isEqualTo(0x0B1BL);
        assertThat(r.mtu()).isEqualTo(4);
        assertThat(r.rate()).isEqualTo(3);
        assertThat(r.mlid()).isEqualTo(0xC000);
        ok(registry.delete(view, request(8, JOIN, false, member(broadcast, H2, FULL), DELETE)));
        assertThat(registry.mlidOf(broadcast)).isEqualTo(0xC000);
        assertThat(events).containsExactly("create c000 well-known", "join c000 2c90000002001",
                "leave c000 2c90000002001");
        registry.defineWellKnown(view, List.of());
        assertThat(registry.mlidOf(broadcast)).as("its partition is gone and it has no full member").isEqualTo(-1);
    }

    @Test
    void mlidsRunOutAtTheSmallestMftCapacity() {
        for (int i = 0; i < 64; i++) {
            ok(registry.set(view, request(8, CREATE, false, member(Gid.ZERO, H2, FULL))));
        }
        assertThat(registry.set(view, request(8, CREATE, false, member(Gid.ZERO, H2, FULL))).status())
                .isEqualTo(SaStatus.NO_RESOURCES);
        assertThat(registry.mlidOf(new Gid(0xff12_a01b_fe80_0000L, 0x3F00_0000_0000L))).as("the 64th SA-assigned MGID")
                .isEqualTo(0xC03F);
    }

    private static McMemberRecord ok(SaAnswer a) {
        assertThat(a.status()).as(SaStatus.name(a.status())).isEqualTo(SaStatus.OK);
        assertThat(a.count()).isEqualTo(1);
        return McMemberRecord.decode(a.records(), 0);
    }

    private static McMemberRecord member(Gid mgid, long portGuid, int joinState) {
        return new McMemberRecord(mgid, portGuid == 0 ? Gid.ZERO : new Gid(PREFIX, portGuid), 0x1234, 0, 0, 0, 0,
                0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, joinState, 0);
    }

    private static McMemberRecord withQKey(McMemberRecord m, long qKey) {
        return new McMemberRecord(m.mgid(), m.portGid(), qKey, m.mlid(), m.mtuSelector(), m.mtu(), m.tClass(),
                m.pKey(), m.rateSelector(), m.rate(), m.packetLifeTimeSelector(), m.packetLifeTime(), m.sl(),
                m.flowLabel(), m.hopLimit(), m.scope(), m.joinState(), m.proxyJoin());
    }

    private static McMemberRecord withMtu(McMemberRecord m, int selector, int mtu) {
        return new McMemberRecord(m.mgid(), m.portGid(), m.qKey(), m.mlid(), selector, mtu, m.tClass(), m.pKey(),
                m.rateSelector(), m.rate(), m.packetLifeTimeSelector(), m.packetLifeTime(), m.sl(), m.flowLabel(),
                m.hopLimit(), m.scope(), m.joinState(), m.proxyJoin());
    }

    private static SaRequest request(int lid, long mask, boolean trusted, McMemberRecord r) {
        return request(lid, mask, trusted, r, SET);
    }

    private static SaRequest request(int lid, long mask, boolean trusted, McMemberRecord r, int method) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        r.encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(lid, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.MC_MEMBER_RECORD, 0, 7, new SaHeader(trusted ? 1 : 0, 0, mask), data, trusted);
    }
}
