package dev.jsm.sa.replica;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;

/**
 * One change of the SA's state as it travels from master to standby: a value put (created or changed) or a key
 * gone. A group's members travel as entries of their own, so that one member joining costs one entry however large
 * its group; a group gone takes its members with it. A standby applies each to its registries as it comes.
 *
 * <p>Immutable; safe to share.
 */
public sealed interface ReplicaEntry {

    /** A group with its values, well-known mark and creator ({@link McastGroupState#members()} empty). */
    record GroupPut(McastGroupState group) implements ReplicaEntry {
        /** Drops the members, which travel apart. */
        public GroupPut {
            group = group.withoutMembers();
        }
    }

    /** Group {@code mgid} is gone, with its members. */
    record GroupGone(Gid mgid) implements ReplicaEntry {
    }

    /** A member of group {@code mgid}, joined or with a new JoinState. */
    record MemberPut(Gid mgid, McastMemberState member) implements ReplicaEntry {
    }

    /** Port {@code portGuid} is no longer a member of group {@code mgid}. */
    record MemberGone(Gid mgid, long portGuid) implements ReplicaEntry {
    }

    /** A ServiceRecord, registered or renewed, with the time its lease had left when the entry was made. */
    record ServicePut(ServiceState service) implements ReplicaEntry {
    }

    /** The ServiceRecord {@code rid} is gone (deleted or expired). */
    record ServiceGone(ServiceRid rid) implements ReplicaEntry {
    }

    /** A subscription added. */
    record SubscriptionPut(SubscriptionState subscription) implements ReplicaEntry {
    }

    /** The subscription {@code key} is withdrawn. */
    record SubscriptionGone(SubscriptionKey key) implements ReplicaEntry {
    }
}
