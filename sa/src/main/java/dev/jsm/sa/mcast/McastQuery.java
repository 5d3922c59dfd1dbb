package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.query.SaRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * MCMemberRecord Get/GetTable as OpenSM answers it: groups matching the request's MGID and MLID whose P_Key the
 * requester has, whose values agree with the request's components ({@link JoinRules}) and whose ProxyJoin matches;
 * with PortGID one record for that member, for a trusted requester without PortGID one record per member, else one
 * record per group (with the Scope and JoinState of the request that created it). Scope and JoinState are compared
 * when their components are set. Untrusted requesters get PortGID, JoinState and ProxyJoin zeroed (IBA 15.2.5.17).
 *
 * <p>Stateless; called on the SA agent's thread.
 */
final class McastQuery {

    private McastQuery() {
    }

    /**
     * The records matching {@code request}.
     *
     * @param hasPKey whether the requester's port is in the partition of a P_Key
     */
    static List<McMemberRecord> matching(Collection<McastGroup> groups, SaRequest request, IntPredicate hasPKey) {
        long mask = request.componentMask();
        McMemberRecord r = McMemberRecord.decode(request.data(), 0);
        boolean byPort = request.has(McMemberRecord.COMPONENT_PORT_GID);
        int stateMask = (request.has(McMemberRecord.COMPONENT_SCOPE) ? 0xF0 : 0)
                | (request.has(McMemberRecord.COMPONENT_JOIN_STATE) ? 0x0F : 0);
        int wanted = (r.scope() << 4 | r.joinState()) & stateMask;
        List<McMemberRecord> out = new ArrayList<>();
        for (McastGroup g : groups) {
            McMemberRecord p = g.params();
            if (request.has(McMemberRecord.COMPONENT_MGID) && !r.mgid().equals(g.mgid())
                    || request.has(McMemberRecord.COMPONENT_MLID) && r.mlid() != g.mlid()
                    || !hasPKey.test(p.pKey())
                    || !JoinRules.otherFieldsAgree(mask, r, p)
                    || request.has(McMemberRecord.COMPONENT_PROXY_JOIN) && r.proxyJoin() != p.proxyJoin()
                    || !JoinRules.selectorsAgree(mask, r, p)) {
                continue;
            }
            if (byPort) {
                McastGroup.Member m = g.members().get(r.portGid().interfaceId());
                if (m != null && (state(m.scope(), m.joinState()) & stateMask) == wanted) {
                    out.add(g.record(m));
                }
            } else if (request.trusted()) {
                for (McastGroup.Member m : g.members().values()) {
                    if ((state(m.scope(), m.joinState()) & stateMask) == wanted) {
                        out.add(g.record(m));
                    }
                }
            } else if ((state(p.scope(), p.joinState()) & stateMask) == wanted) {
                out.add(g.record(Gid.ZERO, p.scope(), p.joinState(), 0));
            }
        }
        if (!request.trusted()) {
            out.replaceAll(m -> new McMemberRecord(m.mgid(), Gid.ZERO, m.qKey(), m.mlid(), m.mtuSelector(), m.mtu(),
                    m.tClass(), m.pKey(), m.rateSelector(), m.rate(), m.packetLifeTimeSelector(), m.packetLifeTime(),
                    m.sl(), m.flowLabel(), m.hopLimit(), m.scope(), 0, 0));
        }
        return out;
    }

    private static int state(int scope, int joinState) {
        return scope << 4 | joinState;
    }
}
