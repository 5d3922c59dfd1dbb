package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.VPortEnds;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The multicast groups of the SA (docs/reference/opensm-behaviour.md#multicast): MCMemberRecord Set
 * joins a port to a group, creating it if the MGID
 * is new ({@link McastCreation}), Delete takes JoinState bits away and the member with its last one, Get/GetTable
 * query ({@link McastQuery}). When the last full member leaves, the remaining members go too and so does the group
 * unless it is well known (a partition's). MLIDs are handed out from 0xC000 ({@link #freeMlid}) and reused after
 * deletion; with {@code consolidate_ipv6_snm_req} the IPv6 solicited-node groups of one scope and P_Key share one
 * MLID ({@link #mlidFor}). Validation and statuses follow OpenSM; every membership change goes to the
 * {@link McastMembershipListener}, per MLID (a port joins an MLID with its first group there and leaves it with its
 * last) and per group. The groups are SA state: they live here, not in the published view.
 *
 * <p>Fair shares: the MLIDs are few (at most 16,383, fewer where a switch's MulticastFDBCap says so) and shared by
 * every host, so a port may have created at most {@link SaLimits#mcastGroupsPerPort()} groups that still exist; a
 * create beyond that is answered ERR_NO_RESOURCES and counted ({@link Refusal#MCAST_GROUPS}). Well-known groups
 * count against no port.
 *
 * <p>Confined to the SA agent's thread.
 */
public final class McastRegistry {

    /** The first multicast LID. */
    public static final int MLID_FIRST = 0xC000;
    private static final int MLID_LAST = 0xFFFE;
    private static final long DEFAULT_PREFIX = 0xFE80_0000_0000_0000L;

    private final McastMembershipListener listener;
    private final Map<Gid, McastGroup> groups = new TreeMap<>(McastRegistry::compareGids);
    private final BitSet usedMlids = new BitSet();
    /** The groups of each MLID in use: one, or several solicited-node groups ({@code consolidate_ipv6_snm_req}). */
    private final Map<Integer, List<McastGroup>> boxes = new HashMap<>();
    private final McastCreation creation = new McastCreation(this);
    private final SaLimits limits;
    private final Refusals refusals;
    /** The port that created each group still there (well-known groups have none), and how many each created. */
    private final Map<Gid, Long> creatorOf = new HashMap<>();
    private final Map<Long, Integer> createdBy = new HashMap<>();

    /**
     * An empty registry reporting to {@code listener}; a port creates at most {@code limits}' groups, refusals
     * counted in {@code refusals}.
     */
    public McastRegistry(McastMembershipListener listener, SaLimits limits, Refusals refusals) {
        this.listener = listener;
        this.limits = limits;
        this.refusals = refusals;
    }

    /** The MLID of the group {@code mgid}, or -1 if there is none. */
    public int mlidOf(Gid mgid) {
        McastGroup g = groups.get(mgid);
        return g == null ? -1 : g.mlid();
    }

    /** Number of groups. */
    public int groupCount() {
        return groups.size();
    }

    /**
     * Makes {@code defs} the well-known groups: creates those that do not exist yet, marks existing ones, and
     * unmarks groups no longer defined (deleted now if they have no full member).
     */
    public void defineWellKnown(SaView view, List<WellKnownGroup> defs) {
        Set<Gid> defined = new HashSet<>();
        for (WellKnownGroup d : defs) {
            defined.add(d.mgid());
            McastGroup g = groups.get(d.mgid());
            if (g == null) {
                int mlid = freeMlid(view.snapshot(), 0);
                if (mlid >= 0) {
                    add(new McastGroup(McastCreation.wellKnownParams(d, mlid, view.settings().subnetTimeout()), true));
                }
            } else if (!g.wellKnown()) {
                g.setWellKnown(true);
                listener.groupCreated(g.mlid(), true);
            }
        }
        for (McastGroup g : new ArrayList<>(groups.values())) {
            if (g.wellKnown() && !defined.contains(g.mgid())) {
                g.setWellKnown(false);
                if (g.fullMembers() == 0) {
                    cleanup(g);
                }
            }
        }
    }

    /**
     * Drops the members whose port is no longer in the subnet (OpenSM's drop manager does it for each port that
     * left, {@code osm_mgrp_delete_port}; a virtual port that is down, its VM stopped, has left too): each goes with
     * all its JoinState bits, reported as leaving; a group that loses its last full member this way loses its other
     * members too and is deleted unless well known, as on a leave. Called at each SUBNET UP with the view just
     * published.
     */
    public void dropDeparted(SaView view) {
        SubnetSnapshot s = view.snapshot();
        for (McastGroup g : new ArrayList<>(groups.values())) {
            for (long guid : new ArrayList<>(g.members().keySet())) {
                McastGroup.Member m = g.members().get(guid);
                if (m == null || VPortEnds.byGuid(s, guid) != null) {
                    continue;
                }
                int fullBefore = g.fullMembers();
                g.members().remove(guid);
                memberGone(g, guid);
                if ((m.joinState() & JoinRules.FULL_STATES) != 0 && fullBefore == 1) {
                    cleanup(g);
                    break;
                }
            }
        }
    }

    /**
     * The checks Set and Delete share: the join components present (0x0600), defined MTU/rate codes (0x0200) and a
     * requester LID the subnet knows (else no answer at all, as OpenSM); {@code null} when they pass.
     */
    private static SaAnswer refusal(SaView view, SaRequest request) {
        long mask = request.componentMask();
        if ((mask & JoinRules.JOIN_MASK) != JoinRules.JOIN_MASK) {
            return error(SaStatus.INSUFFICIENT_COMPONENTS);
        }
        if (!JoinRules.validCodes(mask, McMemberRecord.decode(request.data(), 0))) {
            return error(SaStatus.REQ_INVALID);
        }
        return view.snapshot().endPortByLid(request.from().lid()) == null ? SaAnswer.dropped() : null;
    }

    /**
     * SubnAdmSet(MCMemberRecord): join, creating the group if needed. The PortGID may name an up virtual port
     * (docs/virtualization.md): it joins by its own GUID, its traffic reaching it through its physical port.
     */
    public SaAnswer set(SaView view, SaRequest request) {
        long mask = request.componentMask();
        SaAnswer refused = refusal(view, request);
        if (refused != null) {
            return refused;
        }
        McMemberRecord r = McMemberRecord.decode(request.data(), 0);
        SubnetSnapshot s = view.snapshot();
        EndPortView requester = s.endPortByLid(request.from().lid());
        long prefix = s.portOf(requester).attributes().gidPrefix();
        if (!prefixOk(r.portGid(), prefix)) {
            return error(SaStatus.INVALID_GID);
        }
        EndPortView port = VPortEnds.byGuid(s, r.portGid().interfaceId());
        if (port == null) {
            return error(SaStatus.REQ_INVALID);
        }
        boolean proxy = port.portGuid() != requester.portGuid();
        if (proxy && view.partitions().commonPKey(port.portGuid(), requester.portGuid()) < 0
                || request.has(McMemberRecord.COMPONENT_P_KEY) && (r.pKey() & 0x7FFF) == 0) {
            return error(SaStatus.REQ_INVALID);
        }
        McastGroup g = groups.get(r.mgid());
        boolean create = g == null;
        if (create) {
            if ((r.joinState() & JoinRules.FULL_STATES) == 0) {
                return error(SaStatus.REQ_INVALID);
            }
            if ((mask & JoinRules.CREATE_MASK) != JoinRules.CREATE_MASK) {
                return error(SaStatus.INSUFFICIENT_COMPONENTS);
            }
            if (createdBy.getOrDefault(requester.portGuid(), 0) >= limits.mcastGroupsPerPort()) {
                refusals.record(Refusal.MCAST_GROUPS, request.from().lid(), requester.portGuid());
                return error(SaStatus.NO_RESOURCES);
            }
            McastCreation.Result made = creation.create(view, mask, r, s.portOf(port).attributes(), prefix);
            if (made.group() == null) {
                return error(made.status());
            }
            g = made.group();
        } else if (!JoinRules.otherFieldsAgree(mask, r, g.params())) {
            return error(SaStatus.REQ_INVALID);
        }
        McastGroup.Member old = g.members().get(port.portGuid());
        if (!JoinRules.selectorsAgree(mask, r, g.params()) || r.joinState() == 0
                || !JoinRules.portCanCarry(s.portOf(port).attributes(), g.params())
                || !view.partitions().isMember(port.portGuid(), g.params().pKey())
                || old != null && !mayModify(view, g, old, requester)) {
            return error(SaStatus.REQ_INVALID);
        }
        if (create) {
            add(g);
            creatorOf.put(g.mgid(), requester.portGuid());
            createdBy.merge(requester.portGuid(), 1, Integer::sum);
        }
        int fullBefore = create ? 0 : g.fullMembers();
        Gid portGid = new Gid(prefix, port.portGuid());
        McastGroup.Member now = old == null ? new McastGroup.Member(portGid, r.scope(), r.joinState(), proxy ? 1 : 0)
                : new McastGroup.Member(old.portGid(), old.scope(), old.joinState() | r.joinState(), old.proxyJoin());
        g.members().put(port.portGuid(), now);
        if (old == null) {
            listener.memberJoined(g.mgid(), g.mlid(), port.portGuid());
            if (!inBox(g.mlid(), port.portGuid(), g)) {
                listener.joined(g.mlid(), port.portGuid());
            }
        }
        if (fullBefore == 0 && g.fullMembers() > 0) {
            listener.firstFullMember(g.mgid(), g.params().pKey());
        }
        return answer(List.of(g.record(r.portGid(), now.scope(), now.joinState(), r.proxyJoin())));
    }

    /**
     * SubnAdmDelete(MCMemberRecord): leave. The request's JoinState bits must all be the member's; the answer is the
     * request with the JoinState left (0 once the member is gone).
     */
    public SaAnswer delete(SaView view, SaRequest request) {
        long mask = request.componentMask();
        SaAnswer refused = refusal(view, request);
        if (refused != null) {
            return refused;
        }
        McMemberRecord r = McMemberRecord.decode(request.data(), 0);
        SubnetSnapshot s = view.snapshot();
        EndPortView requester = s.endPortByLid(request.from().lid());
        if (!prefixOk(r.portGid(), s.portOf(requester).attributes().gidPrefix())) {
            return error(SaStatus.INVALID_GID);
        }
        McastGroup g = groups.get(r.mgid());
        long guid = r.portGid().interfaceId();
        McastGroup.Member m = g == null ? null : g.members().get(guid);
        if (m == null || (m.joinState() & r.joinState()) == 0 || (m.joinState() | r.joinState()) != m.joinState()
                || !mayModify(view, g, m, requester)) {
            return error(SaStatus.REQ_INVALID);
        }
        int fullBefore = g.fullMembers();
        int remaining = m.joinState() & ~r.joinState();
        boolean stays = (remaining & McMemberRecord.JOIN_FULL_MEMBER) != 0
                || remaining != 0 && fullBefore > (m.joinState() & McMemberRecord.JOIN_FULL_MEMBER);
        if (stays) {
            g.members().put(guid, new McastGroup.Member(m.portGid(), m.scope(), remaining, m.proxyJoin()));
        } else {
            g.members().remove(guid);
            memberGone(g, guid);
        }
        if ((m.joinState() & JoinRules.FULL_STATES) != 0 && (remaining & JoinRules.FULL_STATES) == 0
                && fullBefore == 1) {
            listener.lastFullMemberLeft(g.mgid(), g.params().pKey());
            cleanup(g);
        }
        return answer(List.of(new McMemberRecord(r.mgid(), r.portGid(), r.qKey(), r.mlid(), McastGroup.EXACTLY,
                r.mtu(), r.tClass(), r.pKey(), McastGroup.EXACTLY, r.rate(), McastGroup.EXACTLY, r.packetLifeTime(),
                r.sl(), r.flowLabel(), r.hopLimit(), m.scope(), stays ? remaining : 0, r.proxyJoin())));
    }

    /** SubnAdmGet/GetTable(MCMemberRecord): the matching records (the SA table applies the Get rule). */
    public SaAnswer get(SaView view, SaRequest request) {
        if (!JoinRules.validCodes(request.componentMask(), McMemberRecord.decode(request.data(), 0))) {
            return error(SaStatus.REQ_INVALID);
        }
        EndPortView requester = view.snapshot().endPortByLid(request.from().lid());
        if (requester == null) {
            return SaAnswer.dropped();
        }
        long guid = requester.portGuid();
        return answer(McastQuery.matching(groups.values(), request, k -> view.partitions().isMember(guid, k)));
    }

    /** The group {@code mgid}, or {@code null} (creation checks IPoIB MGIDs against their broadcast group). */
    McastGroup group(Gid mgid) {
        return groups.get(mgid);
    }

    /**
     * The MLID of a new group: {@code requested} if it is free (see {@link #freeMlid}); else, with
     * {@code consolidate_ipv6_snm_req}, the MLID of an existing IPv6 solicited-node group of the same scope and P_Key
     * ({@link MgidRules#sameSolicitedNodeGroup}), as OpenSM folds them; else the lowest free one. -1 if none is left.
     */
    int mlidFor(SaView view, int requested, Gid mgid) {
        int free = freeMlid(view.snapshot(), requested);
        if (free == requested || !view.settings().consolidateIpv6Snm() || !MgidRules.isIpv6SolicitedNode(mgid)) {
            return free;
        }
        for (McastGroup g : groups.values()) {
            if (MgidRules.isIpv6SolicitedNode(g.mgid()) && MgidRules.sameSolicitedNodeGroup(g.mgid(), mgid)) {
                return g.mlid();
            }
        }
        return free;
    }

    /**
     * {@code requested} if it is a free MLID the smallest switch MulticastFDBCap allows, else the lowest free one;
     * -1 if none is left.
     */
    int freeMlid(SubnetSnapshot s, int requested) {
        int last = MLID_LAST;
        for (SwitchView sw : s.switches()) {
            int cap = sw.attributes().multicastFdbCap();
            if (cap > 0) {
                last = Math.min(last, MLID_FIRST + cap - 1);
            }
        }
        if (requested >= MLID_FIRST && requested <= last && !usedMlids.get(requested - MLID_FIRST)) {
            return requested;
        }
        int free = MLID_FIRST + usedMlids.nextClearBit(0);
        return free <= last ? free : -1;
    }

    /**
     * o15-0.2.1: a member joined by itself is changed only by its own port; one joined by proxy by any port in the
     * group's partition.
     */
    private static boolean mayModify(SaView view, McastGroup g, McastGroup.Member m, EndPortView requester) {
        if (m.proxyJoin() == 0) {
            return m.portGid().interfaceId() == requester.portGuid()
                    && m.portGid().prefix() == view.snapshot().portOf(requester).attributes().gidPrefix();
        }
        return view.partitions().isMember(requester.portGuid(), g.params().pKey());
    }

    /** Whether a PortGID's prefix is the subnet's (the default prefix fe80:: stands for it). */
    private static boolean prefixOk(Gid portGid, long subnetPrefix) {
        return portGid.prefix() == DEFAULT_PREFIX || portGid.prefix() == subnetPrefix;
    }

    private void add(McastGroup g) {
        groups.put(g.mgid(), g);
        usedMlids.set(g.mlid() - MLID_FIRST);
        boxes.computeIfAbsent(g.mlid(), m -> new ArrayList<>()).add(g);
        listener.groupCreated(g.mgid(), g.mlid());
        listener.groupCreated(g.mlid(), g.wellKnown());
    }

    /** No full member is left: all members go, and the group unless it is well known. */
    private void cleanup(McastGroup g) {
        for (long guid : new ArrayList<>(g.members().keySet())) {
            g.members().remove(guid);
            memberGone(g, guid);
        }
        if (!g.wellKnown()) {
            groups.remove(g.mgid());
            Long creator = creatorOf.remove(g.mgid());
            if (creator != null) {
                createdBy.computeIfPresent(creator, (k, n) -> n > 1 ? n - 1 : null);
            }
            listener.groupDeleted(g.mgid(), g.mlid());
            List<McastGroup> box = boxes.get(g.mlid());
            box.remove(g);
            if (box.isEmpty()) {
                boxes.remove(g.mlid());
                usedMlids.clear(g.mlid() - MLID_FIRST);
                listener.groupDeleted(g.mlid());
            }
        }
    }

    /**
     * Reports a port gone from {@code g} (already removed) as leaving its MLID, unless another group sharing the MLID
     * still has it: the switches forward per MLID.
     */
    private void memberGone(McastGroup g, long guid) {
        listener.memberLeft(g.mgid(), g.mlid(), guid);
        if (!inBox(g.mlid(), guid, g)) {
            listener.left(g.mlid(), guid);
        }
    }

    /** Whether a group of MLID {@code mlid} other than {@code except} has port {@code guid} as a member. */
    private boolean inBox(int mlid, long guid, McastGroup except) {
        List<McastGroup> box = boxes.get(mlid);
        if (box == null) {
            return false;
        }
        for (McastGroup o : box) {
            if (o != except && o.members().containsKey(guid)) {
                return true;
            }
        }
        return false;
    }

    /** MGIDs in the order of their 16 bytes. */
    private static int compareGids(Gid a, Gid b) {
        int c = Long.compareUnsigned(a.prefix(), b.prefix());
        return c != 0 ? c : Long.compareUnsigned(a.interfaceId(), b.interfaceId());
    }

    static SaAnswer error(int status) {
        return SaAnswer.error(status, McMemberRecord.SIZE);
    }

    private static SaAnswer answer(List<McMemberRecord> records) {
        RecordSet set = new RecordSet(McMemberRecord.SIZE);
        for (McMemberRecord r : records) {
            int off = set.reserve();
            r.encodeTo(set.buffer(), off);
            set.commit();
        }
        return SaAnswer.of(set);
    }
}
