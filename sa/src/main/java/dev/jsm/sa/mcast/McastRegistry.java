package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The multicast groups of the SA (FACTS.md 2.6): MCMemberRecord Set joins a port to a group, creating it if the MGID
 * is new ({@link McastCreation}), Delete takes JoinState bits away and the member with its last one, Get/GetTable
 * query ({@link McastQuery}). When the last full member leaves, the remaining members go too and so does the group
 * unless it is well known (a partition's). MLIDs are handed out from 0xC000 ({@link #freeMlid}) and reused after
 * deletion. Validation and statuses follow OpenSM; every membership change goes to the
 * {@link McastMembershipListener}. The groups are SA state: they live here, not in the published view.
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
    private final McastCreation creation = new McastCreation(this);

    /** An empty registry reporting to {@code listener}. */
    public McastRegistry(McastMembershipListener listener) {
        this.listener = listener;
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

    /** SubnAdmSet(MCMemberRecord): join, creating the group if needed. */
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
        EndPortView port = s.endPort(r.portGid().interfaceId());
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
        }
        int fullBefore = create ? 0 : g.fullMembers();
        Gid portGid = new Gid(prefix, port.portGuid());
        McastGroup.Member now = old == null ? new McastGroup.Member(portGid, r.scope(), r.joinState(), proxy ? 1 : 0)
                : new McastGroup.Member(old.portGid(), old.scope(), old.joinState() | r.joinState(), old.proxyJoin());
        g.members().put(port.portGuid(), now);
        if (old == null) {
            listener.joined(g.mlid(), port.portGuid());
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
            listener.left(g.mlid(), guid);
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

    /** SubnAdmGet/GetTable(MCMemberRecord): the matching records (the caller applies the Get rules). */
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
        listener.groupCreated(g.mlid(), g.wellKnown());
    }

    /** No full member is left: all members go, and the group unless it is well known. */
    private void cleanup(McastGroup g) {
        for (long guid : new ArrayList<>(g.members().keySet())) {
            g.members().remove(guid);
            listener.left(g.mlid(), guid);
        }
        if (!g.wellKnown()) {
            groups.remove(g.mgid());
            usedMlids.clear(g.mlid() - MLID_FIRST);
            listener.groupDeleted(g.mlid());
        }
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
