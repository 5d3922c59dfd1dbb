package dev.jsm.sa.mcast;

import dev.jsm.sa.codec.Gid;

/**
 * What the SA tells the SM about multicast membership, so the MFTs follow the joins: a port joined or left the
 * group of an MLID, a group was created or deleted. Called on the SA agent's thread in the order the changes
 * happen; implementations must not block (the daemon queues the change for its SM thread and asks for a sweep).
 *
 * <p>In detail: docs/design/sa.md#mcastmembershiplistener.
 */
public interface McastMembershipListener {

    /** A listener that ignores everything (an SA without an SM behind it: tests, tools). */
    McastMembershipListener NONE = new McastMembershipListener() {
        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
        }

        @Override
        public void groupDeleted(int mlid) {
        }

        @Override
        public void joined(int mlid, long portGuid) {
        }

        @Override
        public void left(int mlid, long portGuid) {
        }
    };

    /** Group {@code mlid} now exists (no members yet); {@code wellKnown} groups outlive their members. */
    void groupCreated(int mlid, boolean wellKnown);

    /** Group {@code mlid} no longer exists; its MLID may be handed out again. */
    void groupDeleted(int mlid);

    /** {@code portGuid} became a member of group {@code mlid}. */
    void joined(int mlid, long portGuid);

    /** {@code portGuid} is no longer a member of group {@code mlid}. */
    void left(int mlid, long portGuid);

    /** Group {@code mgid} was created with MLID {@code mlid} (well-known groups too). Ignored unless overridden. */
    default void groupCreated(Gid mgid, int mlid) {
    }

    /** Group {@code mgid} of MLID {@code mlid} was deleted. Ignored unless overridden. */
    default void groupDeleted(Gid mgid, int mlid) {
    }

    /**
     * {@code portGuid} became a member of group {@code mgid} (MLID {@code mlid}), whether or not it was already a
     * member of another group of that MLID. Ignored unless overridden.
     */
    default void memberJoined(Gid mgid, int mlid, long portGuid) {
    }

    /**
     * {@code portGuid} is no longer a member of group {@code mgid} (MLID {@code mlid}): it left, its port left the
     * fabric, or the group lost its last full member. Ignored unless overridden.
     */
    default void memberLeft(Gid mgid, int mlid, long portGuid) {
    }

    /**
     * Group {@code mgid} of partition {@code pKey} got its first full member (JoinState FullMember or
     * SendOnlyFullMember): trap 66 "multicast group created". Ignored unless overridden.
     */
    default void firstFullMember(Gid mgid, int pKey) {
    }

    /**
     * Group {@code mgid} of partition {@code pKey} lost its last full member (it is deleted unless well known):
     * trap 67 "multicast group deleted". Ignored unless overridden.
     */
    default void lastFullMemberLeft(Gid mgid, int pKey) {
    }
}
