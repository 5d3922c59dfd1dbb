package dev.jsm.sa.state;

import dev.jsm.sa.codec.Gid;

/**
 * One member of a multicast group as the SA keeps it: the port GID it joined with, the Scope of its first join, its
 * JoinState bits and whether another port joined it (ProxyJoin).
 *
 * <p>Immutable; safe to share.
 *
 * @param portGid the member port's GID (its interface ID is the port GUID the member is known by)
 * @param scope Scope (4 bits)
 * @param joinState JoinState bits (4 bits, never 0 for a member)
 * @param proxyJoin 1 if another port joined it, else 0
 */
public record McastMemberState(Gid portGid, int scope, int joinState, int proxyJoin) {

    /** The member's port GUID. */
    public long portGuid() {
        return portGid.interfaceId();
    }
}
