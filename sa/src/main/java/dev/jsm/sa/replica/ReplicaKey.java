package dev.jsm.sa.replica;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.SubscriptionKey;

/**
 * What changed, without its value: a master's stream keeps each changed key once until it sends the key's value as
 * it is then ({@link ReplicaSource}), so that a key changed a thousand times between two frames costs the standby
 * one entry.
 *
 * <p>Immutable; safe to share.
 */
sealed interface ReplicaKey {

    /** A group: its values, well-known mark, creator, or its existence. */
    record Group(Gid mgid) implements ReplicaKey {
    }

    /** A member of a group. */
    record Member(Gid mgid, long portGuid) implements ReplicaKey {
    }

    /** A ServiceRecord. */
    record Service(ServiceRid rid) implements ReplicaKey {
    }

    /** A subscription. */
    record Subscription(SubscriptionKey key) implements ReplicaKey {
    }
}
