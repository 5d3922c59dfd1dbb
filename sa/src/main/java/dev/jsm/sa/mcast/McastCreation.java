package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.Rates;
import dev.jsm.sa.query.SaView;
import dev.jsm.subnet.PortAttributes;

/**
 * The group a create (a join of a new MGID) makes, as OpenSM makes it: MGID 0 gets an SA-assigned MGID in the
 * requested scope (link-local without the Scope component); a given MGID must be creatable ({@link MgidRules}) and
 * an IPoIB MGID other than its partition's IPv4 broadcast group needs that broadcast group to exist and agree with
 * the request, unless {@code ipoib_mcgroup_creation_validation} is off (then OpenSM, and jsm, check neither); MTU
 * and rate come from the creator's port through the selectors ({@link JoinRules#realize}; the rate among the codes
 * up to 12x EDR with {@code use_original_extended_sa_rates_only}, as OpenSM); the
 * MLID is the requested one if free, else the lowest free one. The other values (Q_Key, TClass, P_Key, SL,
 * FlowLabel, HopLimit, PacketLifeTime, Scope) are the request's. The group is not added here.
 *
 * <p>Confined to the SA agent's thread (the registry's).
 */
final class McastCreation {

    private static final int MAX_MGID_TRIES = 1000;

    private final McastRegistry registry;
    private int nextAssigned;

    McastCreation(McastRegistry registry) {
        this.registry = registry;
    }

    /**
     * The new group, created by the port of GID {@code creator}, or the status to answer (NO_RESOURCES without MGID
     * or MLID, else REQ_INVALID).
     */
    Result create(SaView view, long mask, McMemberRecord r, PortAttributes port, long subnetPrefix, Gid creator) {
        Gid mgid = r.mgid();
        if (mgid.equals(Gid.ZERO)) {
            int scope = (mask & 1L << McMemberRecord.COMPONENT_SCOPE) != 0 ? r.scope() : MgidRules.LINK_LOCAL;
            mgid = null;
            for (int i = 0; i < MAX_MGID_TRIES && mgid == null; i++) {
                Gid candidate = MgidRules.assigned(scope, subnetPrefix, nextAssigned++);
                mgid = registry.group(candidate) == null ? candidate : null;
            }
            if (mgid == null) {
                return new Result(null, SaStatus.NO_RESOURCES);
            }
        } else if (view.settings().mgidCreationValidation()
                && (!MgidRules.creatable(mgid) || MgidRules.isIpoib(mgid) && !broadcastAgrees(mask, r, mgid))) {
            return new Result(null, SaStatus.REQ_INVALID);
        }
        int[] mtuRate = JoinRules.realize(mask, r, port);
        if (mtuRate == null) {
            return new Result(null, SaStatus.REQ_INVALID);
        }
        int mlid = registry.mlidFor(view, r.mlid(), mgid);
        if (mlid < 0) {
            return new Result(null, SaStatus.NO_RESOURCES);
        }
        int rate = view.settings().originalExtendedRatesOnly() ? Rates.originalExtendedOnly(mtuRate[1]) : mtuRate[1];
        McMemberRecord params = new McMemberRecord(mgid, Gid.ZERO, r.qKey(), mlid, McastGroup.EXACTLY, mtuRate[0],
                r.tClass(), r.pKey(), McastGroup.EXACTLY, rate, McastGroup.EXACTLY, r.packetLifeTime(), r.sl(),
                r.flowLabel(), r.hopLimit(), r.scope(), r.joinState(), r.proxyJoin());
        return new Result(new McastGroup(params, false, creator), SaStatus.OK);
    }

    /**
     * The parameters of a partition's group: its values with the P_Key's full-member bit, PacketLifeTime
     * {@code subnet_timeout}, Scope and JoinState (full) as OpenSM's partition manager creates them.
     */
    static McMemberRecord wellKnownParams(WellKnownGroup d, int mlid, int subnetTimeout) {
        return new McMemberRecord(d.mgid(), Gid.ZERO, d.qKey(), mlid, McastGroup.EXACTLY, d.mtu(), d.tClass(),
                d.pKey() | 0x8000, McastGroup.EXACTLY, d.rate(), McastGroup.EXACTLY, subnetTimeout, d.sl(),
                d.flowLabel(), d.hopLimit(), d.scope(), McMemberRecord.JOIN_FULL_MEMBER, 0);
    }

    /**
     * Whether an IPoIB MGID may be created: the IPv4 broadcast group itself always; any other needs its broadcast
     * group, whose Q_Key/P_Key/TClass/SL/FlowLabel/HopLimit the request must not contradict.
     */
    private boolean broadcastAgrees(long mask, McMemberRecord r, Gid mgid) {
        Gid broadcast = MgidRules.broadcastOf(mgid);
        if (MgidRules.signature(mgid) == MgidRules.IPV4_SIGNATURE && broadcast.equals(mgid)) {
            return true;
        }
        McastGroup b = registry.group(broadcast);
        return b != null && JoinRules.otherFieldsAgree(mask, r, b.params());
    }

    /** A created group, or {@code null} and the status to answer. */
    record Result(McastGroup group, int status) {
    }
}
