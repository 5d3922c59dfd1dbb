package dev.jsm.sa.agent;

import dev.jsm.sa.replica.ReplicaCodec;
import dev.jsm.sa.replica.ReplicaCounters;
import dev.jsm.sa.replica.ReplicaFrame;
import dev.jsm.sa.replica.ReplicaReceiver;
import dev.jsm.sa.replica.ReplicaSettings;
import dev.jsm.sa.replica.ReplicaStream;
import java.security.SecureRandom;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The SA's side of the standby channel (docs/operations.md, "SA state across restarts and failovers"): as master,
 * one {@link ReplicaStream} per standby, told of every change of the registries; as standby, one
 * {@link ReplicaReceiver} applying the master's stream to the registries. Frames travel as bytes
 * ({@link ReplicaCodec}); the daemon carries them between the SMs' ports. A DATA frame is applied only while this SA
 * follows a master, so that a master never takes another's state.
 *
 * <p>Confined to the SA agent's thread.
 */
final class SaReplication {

    private static final System.Logger LOG = System.getLogger(SaReplication.class.getName());

    private final ReplicaSettings settings;
    private final SaStateAccess state;
    private final SaStateChanges changes;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, ReplicaStream> streams = new TreeMap<>();
    private ReplicaReceiver receiver;
    private long malformed;
    private long notFollowing;

    SaReplication(ReplicaSettings settings, SaStateAccess state, SaStateChanges changes) {
        this.settings = settings;
        this.state = state;
        this.changes = changes;
    }

    /**
     * Streams the state to standby {@code peer} from now on, starting with a snapshot (a stream to it before is
     * dropped); stops following a master.
     */
    void replicateTo(String peer, long smKey, Consumer<byte[]> out) {
        receiver = null;
        stop(peer);
        ReplicaStream s = new ReplicaStream(peer, settings, state, f -> out.accept(ReplicaCodec.encode(f)),
                random.nextInt(), smKey);
        streams.put(peer, s);
        changes.add(s);
        LOG.log(System.Logger.Level.INFO, "SA-1308 streaming the SA state to standby {0}", peer);
    }

    /** Stops streaming to {@code peer}. */
    void stop(String peer) {
        ReplicaStream s = streams.remove(peer);
        if (s != null) {
            changes.remove(s);
        }
    }

    /** Follows a master: applies its stream from now on; stops every stream of its own. */
    void follow(long smKey, Consumer<byte[]> out) {
        for (String peer : streams.keySet().toArray(new String[0])) {
            stop(peer);
        }
        receiver = new ReplicaReceiver(smKey, state, f -> out.accept(ReplicaCodec.encode(f)), settings);
    }

    /** Takes a frame from {@code peer}: a master's DATA frame if following, else a standby's answer to its stream. */
    void onFrame(String peer, byte[] data, int off, int length, long nowNanos) {
        ReplicaFrame f;
        try {
            f = ReplicaCodec.decode(data, off, length);
        } catch (IllegalArgumentException e) {
            malformed++;
            LOG.log(System.Logger.Level.DEBUG, "SA replica frame from {0} dropped: {1}", peer, e.getMessage());
            return;
        }
        if (f.kind() == ReplicaFrame.Kind.DATA) {
            if (receiver == null) {
                notFollowing++;
            } else {
                receiver.onFrame(f, nowNanos);
            }
            return;
        }
        ReplicaStream s = streams.get(peer);
        if (s == null) {
            notFollowing++;
        } else {
            s.onFrame(f, nowNanos);
        }
    }

    /** Resends and sends what the streams have. */
    void poll(long nowNanos) {
        for (ReplicaStream s : streams.values()) {
            s.poll(nowNanos);
        }
    }

    /** Whether every standby has the whole state (nothing to send or acknowledge). */
    boolean standbysInSync() {
        for (ReplicaStream s : streams.values()) {
            if (!s.inSync()) {
                return false;
            }
        }
        return true;
    }

    /** Whether this SA follows a master and holds a whole state of its stream. */
    boolean synced() {
        return receiver != null && receiver.synced();
    }

    /** The counters. */
    ReplicationStats stats() {
        Map<String, ReplicaCounters> out = new TreeMap<>();
        streams.forEach((peer, s) -> out.put(peer, s.counters()));
        return new ReplicationStats(out, receiver == null ? null : receiver.counters(), synced(), malformed,
                notFollowing);
    }
}
