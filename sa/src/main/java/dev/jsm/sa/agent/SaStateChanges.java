package dev.jsm.sa.agent;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.SaStateListener;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.SubscriptionKey;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the registries' changes go: a mark that the state changed since the dump file was last written (OpenSM's
 * "dirty" flag: the file is written again only then), and every stream to a standby.
 *
 * <p>Confined to the SA agent's thread.
 */
final class SaStateChanges implements SaStateListener {

    private final List<SaStateListener> streams = new ArrayList<>();
    private boolean changed;

    /** Tells {@code l} of every change from now on. */
    void add(SaStateListener l) {
        streams.add(l);
    }

    /** Tells {@code l} nothing more. */
    void remove(SaStateListener l) {
        streams.remove(l);
    }

    /** Whether anything changed since the last call, and clears the mark. */
    boolean takeChanged() {
        boolean was = changed;
        changed = false;
        return was;
    }

    @Override
    public void groupChanged(Gid mgid) {
        changed = true;
        for (SaStateListener l : streams) {
            l.groupChanged(mgid);
        }
    }

    @Override
    public void memberChanged(Gid mgid, long portGuid) {
        changed = true;
        for (SaStateListener l : streams) {
            l.memberChanged(mgid, portGuid);
        }
    }

    @Override
    public void serviceChanged(ServiceRid rid) {
        changed = true;
        for (SaStateListener l : streams) {
            l.serviceChanged(rid);
        }
    }

    @Override
    public void subscriptionChanged(SubscriptionKey key) {
        changed = true;
        for (SaStateListener l : streams) {
            l.subscriptionChanged(key);
        }
    }
}
