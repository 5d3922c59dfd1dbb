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
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaStateListener;
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
 * MLID ({@link #mlidFor}). Validation and statuses follow OpenSM, as do its two switches: a join of an existing
 * group is checked against the group's values only with {@code mcgroup_join_validation}, a create's MGID only with
 * {@code ipoib_mcgroup_creation_validation} ({@link SaSettings}); every membership change goes to the
 * {@link McastMembershipListener}, per MLID (a port joins an MLID with its first group there and leaves it with its
 * last) and per group. The groups are SA state: they live here, not in the published view.
 *
 * <p>Confined to the SA agent's thread.
 *
 * <p>In detail: docs/design/sa.md#mcastregistry.
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
    /** How many groups still there each port created (well-known groups count against none). */
    private final Map<Long, Integer> createdBy = new HashMap<>();
    private final SaStateListener changes;

    /**
     * An empty registry reporting to {@code listener}; a port creates at most {@code limits}' groups, refusals
     * counted in {@code refusals}.
     */
    public McastRegistry(McastMembershipListener listener, SaLimits limits, Refusals refusals) {
        this(listener, limits, refusals, SaStateListener.NONE);
    }

    /**
     * An empty registry reporting membership to {@code listener} and every change of its state, by key, to
     * {@code changes}; a port creates at most {@code limits}' groups, refusals counted in {@code refusals}.
     */
    public McastRegistry(McastMembershipListener listener, SaLimits limits, Refusals refusals,
                         SaStateListener changes) {
        this.listener = listener;
        this.limits = limits;
        this.refusals = refusals;
        this.changes = changes;
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
                    add(new McastGroup(McastCreation.wellKnownParams(d, mlid, view.settings().subnetTimeout()), true,
                            Gid.ZERO));
                }
            } else if (!g.wellKnown()) {
                g.setWellKnown(true);
                changes.groupChanged(g.mgid());
                listener.groupCreated(g.mlid(), true);
            }
        }
        for (McastGroup g : new ArrayList<>(groups.values())) {
            if (g.wellKnown() && !defined.contains(g.mgid())) {
                g.setWellKnown(false);
                changes.groupChanged(g.mgid());
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
                return refusals.record(Refusal.MCAST_GROUPS, request.from().lid(), requester.portGuid())
                        ? error(SaStatus.NO_RESOURCES) : SaAnswer.dropped();
            }
            McastCreation.Result made = creation.create(view, mask, r, s.portOf(port).attributes(), prefix,
                    new Gid(prefix, requester.portGuid()));
            if (made.group() == null) {
                return error(made.status());
            }
            g = made.group();
        } else if (view.settings().joinValidation() && !JoinRules.otherFieldsAgree(mask, r, g.params())) {
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
        }
        int fullBefore = create ? 0 : g.fullMembers();
        Gid portGid = new Gid(prefix, port.portGuid());
        McastGroup.Member now = old == null ? new McastGroup.Member(portGid, r.scope(), r.joinState(), proxy ? 1 : 0)
                : new McastGroup.Member(old.portGid(), old.scope(), old.joinState() | r.joinState(), old.proxyJoin());
        g.members().put(port.portGuid(), now);
        changes.memberChanged(g.mgid(), port.portGuid());
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
        int remaining = m.joinState() & ~r.joinState();
        boolean wasFull = (m.joinState() & JoinRules.FULL_STATES) != 0;
        boolean staysFull = (remaining & JoinRules.FULL_STATES) != 0;
        int othersFull = g.fullMembers() - (wasFull ? 1 : 0);
        boolean stays = staysFull || remaining != 0 && othersFull > 0;
        if (stays) {
            g.members().put(guid, new McastGroup.Member(m.portGid(), m.scope(), remaining, m.proxyJoin()));
            changes.memberChanged(g.mgid(), guid);
        } else {
            g.members().remove(guid);
            memberGone(g, guid);
        }
        if (wasFull && !staysFull && othersFull == 0) {
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

    /** The groups as they are, in MGID order, each with its members in join order (the dump, the standby). */
    public List<McastGroupState> export() {
        List<McastGroupState> out = new ArrayList<>(groups.size());
        for (McastGroup g : groups.values()) {
            List<McastMemberState> members = new ArrayList<>(g.members().size());
            for (McastGroup.Member m : g.members().values()) {
                members.add(state(m));
            }
            out.add(new McastGroupState(g.params(), g.wellKnown(), g.creator(), members));
        }
        return out;
    }

    /** Group {@code mgid} without its members, or {@code null} if there is none. */
    public McastGroupState exportGroup(Gid mgid) {
        McastGroup g = groups.get(mgid);
        return g == null ? null : new McastGroupState(g.params(), g.wellKnown(), g.creator(), List.of());
    }

    /** Member {@code portGuid} of group {@code mgid}, or {@code null} if there is none. */
    public McastMemberState exportMember(Gid mgid, long portGuid) {
        McastGroup g = groups.get(mgid);
        McastGroup.Member m = g == null ? null : g.members().get(portGuid);
        return m == null ? null : state(m);
    }

    /** The MLIDs in use, ascending (each once, however many groups share it). */
    public int[] mlidsInUse() {
        return usedMlids.stream().map(i -> i + MLID_FIRST).toArray();
    }

    /**
     * Makes {@code states} the groups (the dump file at start, a standby catching up): every group there is now is
     * deleted, then each of {@code states} is added with its members, as the membership listener hears of it. A
     * group is left out, and said why in the answer, if its MLID is not a multicast LID, another group of the list
     * has its MGID or (unless both are IPv6 solicited-node groups, which share MLIDs with
     * {@code consolidate_ipv6_snm_req}) its MLID, or it is not well known and has no full member (OpenSM's loader
     * drops such groups too); a member with JoinState 0 is left out. No trap 66 or 67 is reported: nothing was
     * created or deleted by a host.
     *
     * @return one line per group or member left out
     */
    public List<String> replaceAll(List<McastGroupState> states) {
        for (McastGroup g : new ArrayList<>(groups.values())) {
            discard(g);
        }
        List<String> problems = new ArrayList<>();
        for (McastGroupState st : states) {
            String why = refusedRestore(st);
            if (why != null) {
                problems.add("group " + st.mgid() + " (MLID 0x" + Integer.toHexString(st.mlid()) + ") left out: "
                        + why);
                continue;
            }
            McastGroup g = new McastGroup(st.params(), st.wellKnown(), st.creator());
            add(g);
            for (McastMemberState m : st.members()) {
                if (m.joinState() == 0) {
                    problems.add("member " + m.portGid() + " of group " + st.mgid() + " left out: JoinState 0");
                } else {
                    putMember(g, m);
                }
            }
        }
        return problems;
    }

    /**
     * Puts a group's values as the master has them (a standby applying a change): creates the group, or gives the
     * group of that MGID the new values, keeping its members; a group of that MGID with another MLID is deleted
     * first, and so is any other group holding the MLID unless both are IPv6 solicited-node groups. Members are put
     * apart ({@link #putMember}).
     *
     * @return whether it was put: not if its MLID is not a multicast LID or its MGID not a multicast GID
     */
    public boolean putGroup(McastGroupState st) {
        if (st.mlid() < MLID_FIRST || st.mlid() > MLID_LAST || !st.mgid().isMulticast()) {
            return false;
        }
        McastGroup g = groups.get(st.mgid());
        if (g != null && g.mlid() == st.mlid()) {
            boolean wasWellKnown = g.wellKnown();
            g.restore(st.params(), st.wellKnown(), st.creator());
            changes.groupChanged(g.mgid());
            if (st.wellKnown() != wasWellKnown) {
                listener.groupCreated(g.mlid(), st.wellKnown());
            }
            return true;
        }
        if (g != null) {
            discard(g);
        }
        List<McastGroup> box = boxes.get(st.mlid());
        for (McastGroup other : box == null ? List.<McastGroup>of() : new ArrayList<>(box)) {
            if (!sharesMlid(other.mgid(), st.mgid())) {
                discard(other);
            }
        }
        add(new McastGroup(st.params(), st.wellKnown(), st.creator()));
        return true;
    }

    /** Deletes group {@code mgid} (a standby applying a change); nothing if there is none. */
    public void removeGroup(Gid mgid) {
        McastGroup g = groups.get(mgid);
        if (g != null) {
            discard(g);
        }
    }

    /**
     * Puts a member as the master has it (a standby applying a change): adds it to group {@code mgid} or replaces
     * its JoinState; nothing if the group is not there.
     */
    public void putMember(Gid mgid, McastMemberState m) {
        McastGroup g = groups.get(mgid);
        if (g != null && m.joinState() != 0) {
            putMember(g, m);
        }
    }

    /** Removes member {@code portGuid} of group {@code mgid} (a standby applying a change), if it is there. */
    public void removeMember(Gid mgid, long portGuid) {
        McastGroup g = groups.get(mgid);
        if (g != null && g.members().remove(portGuid) != null) {
            memberGone(g, portGuid);
        }
    }

    private void putMember(McastGroup g, McastMemberState m) {
        McastGroup.Member old = g.members().put(m.portGuid(), new McastGroup.Member(m.portGid(), m.scope(),
                m.joinState(), m.proxyJoin()));
        changes.memberChanged(g.mgid(), m.portGuid());
        if (old == null) {
            listener.memberJoined(g.mgid(), g.mlid(), m.portGuid());
            if (!inBox(g.mlid(), m.portGuid(), g)) {
                listener.joined(g.mlid(), m.portGuid());
            }
        }
    }

    /** Why {@code st} cannot be added to the groups there are now, or {@code null}. */
    private String refusedRestore(McastGroupState st) {
        if (st.mlid() < MLID_FIRST || st.mlid() > MLID_LAST) {
            return "not a multicast LID";
        }
        if (!st.mgid().isMulticast()) {
            return "not a multicast GID";
        }
        if (groups.containsKey(st.mgid())) {
            return "its MGID is another group's";
        }
        List<McastGroup> box = boxes.get(st.mlid());
        if (box != null && !sharesMlid(box.get(0).mgid(), st.mgid())) {
            return "its MLID is group " + box.get(0).mgid() + "'s";
        }
        if (!st.wellKnown() && st.members().stream().noneMatch(m -> (m.joinState() & JoinRules.FULL_STATES) != 0)) {
            return "not well known and no full member";
        }
        return null;
    }

    /** Whether two groups may share an MLID: both are IPv6 solicited-node groups of one scope and P_Key. */
    private static boolean sharesMlid(Gid a, Gid b) {
        return MgidRules.isIpv6SolicitedNode(a) && MgidRules.isIpv6SolicitedNode(b)
                && MgidRules.sameSolicitedNodeGroup(a, b);
    }

    private static McastMemberState state(McastGroup.Member m) {
        return new McastMemberState(m.portGid(), m.scope(), m.joinState(), m.proxyJoin());
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
        if (!g.creator().equals(Gid.ZERO)) {
            createdBy.merge(g.creator().interfaceId(), 1, Integer::sum);
        }
        changes.groupChanged(g.mgid());
        listener.groupCreated(g.mgid(), g.mlid());
        listener.groupCreated(g.mlid(), g.wellKnown());
    }

    /** No full member is left: all members go, and the group unless it is well known. */
    private void cleanup(McastGroup g) {
        if (g.wellKnown()) {
            removeMembers(g);
        } else {
            discard(g);
        }
    }

    /** Removes every member of {@code g}, each reported as leaving. */
    private void removeMembers(McastGroup g) {
        for (long guid : new ArrayList<>(g.members().keySet())) {
            g.members().remove(guid);
            memberGone(g, guid);
        }
    }

    /** Deletes {@code g}, well known or not: its members leave, then the group goes (and its MLID if it was alone). */
    private void discard(McastGroup g) {
        removeMembers(g);
        groups.remove(g.mgid());
        if (!g.creator().equals(Gid.ZERO)) {
            createdBy.computeIfPresent(g.creator().interfaceId(), (k, n) -> n > 1 ? n - 1 : null);
        }
        changes.groupChanged(g.mgid());
        listener.groupDeleted(g.mgid(), g.mlid());
        List<McastGroup> box = boxes.get(g.mlid());
        box.remove(g);
        if (box.isEmpty()) {
            boxes.remove(g.mlid());
            usedMlids.clear(g.mlid() - MLID_FIRST);
            listener.groupDeleted(g.mlid());
        }
    }

    /**
     * Reports a port gone from {@code g} (already removed) as leaving its MLID, unless another group sharing the MLID
     * still has it: the switches forward per MLID.
     */
    private void memberGone(McastGroup g, long guid) {
        changes.memberChanged(g.mgid(), guid);
        listener.memberLeft(g.mgid(), g.mlid(), guid);
        if (!inBox(g.mlid(), guid, g)) {
            listener.left(g.mlid(), guid);
        }
    }

    /** Whether any group has a member whose PortGID ends in {@code guid} (a port GUID or an alias GUID). */
    public boolean hasMember(long guid) {
        for (McastGroup g : groups.values()) {
            if (g.members().containsKey(guid)) {
                return true;
            }
        }
        return false;
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
