package dev.jsm.sa.agent;

import dev.jsm.sa.replica.ReplicaCounters;
import java.util.Map;

/**
 * What the SA's side of the standby channel has done: its streams to standbys, or the master's stream it follows.
 *
 * <p>Immutable; safe to share.
 *
 * @param standbys the stream to each standby, by its name
 * @param master the master's stream followed, or {@code null} when not following one
 * @param synced whether the SA follows a master and holds a whole state of its stream
 * @param malformed frames that were not frames of this version
 * @param unexpected frames for a role this SA does not have now (DATA while not following, answers from a standby
 *     it does not stream to)
 */
public record ReplicationStats(Map<String, ReplicaCounters> standbys, ReplicaCounters master, boolean synced,
                               long malformed, long unexpected) {

    /** Copies the map. */
    public ReplicationStats {
        standbys = Map.copyOf(standbys);
    }
}
