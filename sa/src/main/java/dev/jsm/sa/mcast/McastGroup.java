package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One multicast group as the SA keeps it: its parameters (an {@link McMemberRecord}: MGID, MLID and the group's
 * values, MTU, rate and PacketLifeTime with selector "exactly"; its Scope, JoinState and ProxyJoin are those of the
 * request that created it, which OpenSM shows in per-group query answers), the port that created it and its members
 * by port GUID.
 *
 * <p>Confined to the SA agent's thread.
 */
final class McastGroup {

    /** Selector "exactly" that answers carry for MTU, rate and PacketLifeTime. */
    static final int EXACTLY = 2;

    private final Map<Long, Member> members = new LinkedHashMap<>();
    private McMemberRecord params;
    private boolean wellKnown;
    private Gid creator;

    /** A group without members, created by the port of GID {@code creator} ({@link Gid#ZERO}: by none). */
    McastGroup(McMemberRecord params, boolean wellKnown, Gid creator) {
        this.params = params;
        this.wellKnown = wellKnown;
        this.creator = creator;
    }

    McMemberRecord params() {
        return params;
    }

    Gid mgid() {
        return params.mgid();
    }

    int mlid() {
        return params.mlid();
    }

    boolean wellKnown() {
        return wellKnown;
    }

    /** Makes the group well known or not (a partition now defines it, or no longer does). */
    void setWellKnown(boolean wellKnown) {
        this.wellKnown = wellKnown;
    }

    /** The GID of the port that created the group, or {@link Gid#ZERO}. */
    Gid creator() {
        return creator;
    }

    /**
     * Takes another group's values of the same MGID and MLID (the standby restores what the master says).
     *
     * @throws IllegalArgumentException if the MGID or MLID differ
     */
    void restore(McMemberRecord newParams, boolean newWellKnown, Gid newCreator) {
        if (!newParams.mgid().equals(params.mgid()) || newParams.mlid() != params.mlid()) {
            throw new IllegalArgumentException("group " + params.mgid() + " keeps its MGID and MLID");
        }
        this.params = newParams;
        this.wellKnown = newWellKnown;
        this.creator = newCreator;
    }

    Map<Long, Member> members() {
        return members;
    }

    /** Members with FullMember or SendOnlyFullMember set (the group lives while there is one). */
    int fullMembers() {
        int n = 0;
        for (Member m : members.values()) {
            if ((m.joinState & JoinRules.FULL_STATES) != 0) {
                n++;
            }
        }
        return n;
    }

    /** The group's values with the given port fields. */
    McMemberRecord record(Gid portGid, int scope, int joinState, int proxyJoin) {
        McMemberRecord p = params;
        return new McMemberRecord(p.mgid(), portGid, p.qKey(), p.mlid(), EXACTLY, p.mtu(), p.tClass(), p.pKey(),
                EXACTLY, p.rate(), EXACTLY, p.packetLifeTime(), p.sl(), p.flowLabel(), p.hopLimit(), scope,
                joinState, proxyJoin);
    }

    /** The record of member {@code m}. */
    McMemberRecord record(Member m) {
        return record(m.portGid, m.scope, m.joinState, m.proxyJoin);
    }

    /**
     * A member port: its GID as it joined, the Scope of its first join, its JoinState bits, ProxyJoin (0/1: joined by
     * another port).
     */
    record Member(Gid portGid, int scope, int joinState, int proxyJoin) {
    }
}
