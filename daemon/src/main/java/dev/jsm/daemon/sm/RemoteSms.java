package dev.jsm.daemon.sm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The other SMs this SM knows of, by port GUID (OpenSM's {@code sm_guid_tbl}): updated from their SMInfo answers
 * during sweeps and polls, read by the election, the console, /status and /metrics.
 *
 * <p>Thread-safe.
 */
public final class RemoteSms {

    private final Map<Long, RemoteSm> byGuid = new ConcurrentHashMap<>();

    /** Records what {@code sm} last said. */
    void put(RemoteSm sm) {
        byGuid.put(sm.guid(), sm);
    }

    /** The SM with port GUID {@code guid}, or {@code null}. */
    public RemoteSm get(long guid) {
        return byGuid.get(guid);
    }

    /** Marks the SM with port GUID {@code guid} NOTACTIVE (its query went unanswered), if known. */
    void markSilent(long guid) {
        byGuid.computeIfPresent(guid, (g, sm) -> sm.silent());
    }

    /** Forgets the SM with port GUID {@code guid} (its port no longer says IsSM, or it left the fabric). */
    void remove(long guid) {
        byGuid.remove(guid);
    }

    /** Every SM known, by port GUID. */
    public List<RemoteSm> all() {
        List<RemoteSm> out = new ArrayList<>(byGuid.values());
        out.sort(Comparator.comparing(RemoteSm::guid, Long::compareUnsigned));
        return out;
    }
}
