package dev.jsm.sa.replica;

import dev.jsm.sa.state.SaState;

/**
 * What a standby's {@link ReplicaReceiver} writes into the SA's registries: one change as the master made it, or
 * everything at once when a snapshot is complete. Called on the SA agent's thread; the times left of ServiceRecords
 * count from the call.
 */
public interface ReplicaSink {

    /** Applies one change. */
    void apply(ReplicaEntry entry);

    /** Makes {@code state} the SA's state, replacing everything. */
    void replaceAll(SaState state);
}
