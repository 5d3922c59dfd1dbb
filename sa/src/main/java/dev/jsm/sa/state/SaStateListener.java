package dev.jsm.sa.state;

import dev.jsm.sa.codec.Gid;

/**
 * What the SA's registries say when something hosts registered changes, by key only: the current value is read
 * back from the registry when it is needed, so that a listener that remembers keys (the standby's stream, the dump
 * file's "changed since written" mark) holds one entry per key however often it changes. Called on the SA agent's
 * thread, in the order the changes happen; implementations must not block.
 */
public interface SaStateListener {

    /** A listener that ignores everything. */
    SaStateListener NONE = new SaStateListener() {
        @Override
        public void groupChanged(Gid mgid) {
        }

        @Override
        public void memberChanged(Gid mgid, long portGuid) {
        }

        @Override
        public void serviceChanged(ServiceRid rid) {
        }

        @Override
        public void subscriptionChanged(SubscriptionKey key) {
        }
    };

    /** Group {@code mgid} was created, deleted, or became well known or not. */
    void groupChanged(Gid mgid);

    /** Port {@code portGuid} joined group {@code mgid}, left it, or its JoinState there changed. */
    void memberChanged(Gid mgid, long portGuid);

    /** A ServiceRecord was registered, renewed, deleted or expired. */
    void serviceChanged(ServiceRid rid);

    /** A subscription was added or withdrawn. */
    void subscriptionChanged(SubscriptionKey key);
}
