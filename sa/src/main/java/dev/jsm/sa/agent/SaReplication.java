package dev.jsm.sa.agent;

import dev.jsm.sa.replica.ReplicaCodec;
import dev.jsm.sa.replica.ReplicaCounters;
import dev.jsm.sa.replica.ReplicaFrame;
import dev.jsm.sa.replica.ReplicaReceiver;
import dev.jsm.sa.replica.ReplicaSettings;
import dev.jsm.sa.replica.ReplicaStream;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * The SA's side of the standby channel (docs/operations.md, "SA state across restarts and failovers"). As master
 * ({@link #lead}): one {@link ReplicaStream} per standby SM that asked for the state - each poll is handed the ports
 * that did (by the ServiceRecord they registered) and keeps a stream to each that is a standby SM, starting with a
 * snapshot, and drops the streams of the others. As standby ({@link #follow}): one {@link ReplicaReceiver} applying
 * the master's stream to the registries. A frame is taken only from the port it belongs to: DATA from the master
 * followed, answers from a standby streamed to; so a master never takes another's state. Frames travel as bytes
 * ({@link ReplicaCodec}) through a {@link Transport}.
 *
 * <p>Confined to the SA agent's thread.
 */
final class SaReplication {

    private static final System.Logger LOG = System.getLogger(SaReplication.class.getName());

    /** Where frames go: the port at a LID (the agent puts them in vendor MADs, {@link ReplicaLink}). */
    interface Transport {
        /** Sends {@code frame} to the SM port at {@code lid}; must not block. */
        void send(int lid, byte[] frame);
    }

    private final ReplicaSettings settings;
    private final SaStateAccess state;
    private final SaStateChanges changes;
    private final Transport transport;
    private final SecureRandom random = new SecureRandom();
    /** The streams to standbys, by their port GUID. */
    private final Map<Long, Peer> streams = new TreeMap<>();
    private Role role = Role.NONE;
    private long smKey;
    private LongPredicate isStandbySm = g -> false;
    private ReplicaReceiver receiver;
    private int masterLid;
    private long malformed;
    private long unexpected;

    /** What this SA does on the channel. */
    enum Role {
        /** Nothing: every frame is unexpected. */
        NONE,
        /** Master: streams to the standbys that asked. */
        LEAD,
        /** Standby: follows the master's stream. */
        FOLLOW
    }

    SaReplication(ReplicaSettings settings, SaStateAccess state, SaStateChanges changes, Transport transport) {
        this.settings = settings;
        this.state = state;
        this.changes = changes;
        this.transport = transport;
    }

    /**
     * Leads: from the next {@link #poll} on, streams the state to each port that asked for it and that
     * {@code isStandbySm} says is a standby SM (whose SMInfo carried the same SM_Key); frames carry {@code key}.
     */
    void lead(long key, LongPredicate standbySm) {
        stop();
        role = Role.LEAD;
        smKey = key;
        isStandbySm = standbySm;
    }

    /** Follows the master at {@code lid}: applies its stream from now on, answering it. */
    void follow(long key, int lid) {
        if (role == Role.FOLLOW && smKey == key && masterLid == lid) {
            return;
        }
        stop();
        role = Role.FOLLOW;
        smKey = key;
        masterLid = lid;
        receiver = new ReplicaReceiver(key, state, f -> transport.send(masterLid, ReplicaCodec.encode(f)), settings);
        LOG.log(System.Logger.Level.INFO, "SA-1309 following the SA state of the master at LID {0}", lid);
    }

    /** Neither streams nor follows. */
    void stop() {
        for (Peer p : streams.values()) {
            changes.remove(p.stream);
        }
        streams.clear();
        receiver = null;
        role = Role.NONE;
    }

    /** The role now. */
    Role role() {
        return role;
    }

    /** The LID of the master followed (meaningful while following). */
    int masterLid() {
        return masterLid;
    }

    /**
     * Takes a frame from the port at {@code fromLid}; a standby's answer lets its stream send at once what the
     * window now has room for (a snapshot goes at one window per round trip, not per timer tick).
     */
    void onFrame(int fromLid, byte[] data, int off, int length, long nowNanos) {
        ReplicaFrame f;
        try {
            f = ReplicaCodec.decode(data, off, length);
        } catch (IllegalArgumentException e) {
            malformed++;
            LOG.log(System.Logger.Level.DEBUG, "SA replica frame from LID {0} dropped: {1}", fromLid, e.getMessage());
            return;
        }
        if (f.kind() == ReplicaFrame.Kind.DATA) {
            if (role == Role.FOLLOW && fromLid == masterLid) {
                receiver.onFrame(f, nowNanos);
            } else {
                unexpected++;
            }
            return;
        }
        for (Peer p : streams.values()) {
            if (p.lid == fromLid) {
                p.stream.onFrame(f, nowNanos);
                p.stream.poll(nowNanos);
                return;
            }
        }
        unexpected++;
    }

    /**
     * As master: keeps a stream to each of {@code asked} (port GUID to its LID) that is a standby SM, drops the
     * others' streams, then resends and sends what the streams have. Nothing otherwise.
     */
    void poll(long nowNanos, Map<Long, Integer> asked) {
        if (role != Role.LEAD) {
            return;
        }
        Map<Long, Integer> wanted = new HashMap<>();
        asked.forEach((guid, lid) -> {
            if (isStandbySm.test(guid)) {
                wanted.put(guid, lid);
            }
        });
        for (Long guid : streams.keySet().toArray(new Long[0])) {
            if (!wanted.containsKey(guid)) {
                changes.remove(streams.remove(guid).stream);
                LOG.log(System.Logger.Level.INFO, "SA-1310 no longer streaming the SA state to standby 0x{0}",
                        Long.toHexString(guid));
            }
        }
        wanted.forEach((guid, lid) -> {
            Peer p = streams.get(guid);
            if (p == null) {
                p = new Peer(lid);
                Peer peer = p;
                p.stream = new ReplicaStream(String.format("0x%016x (LID %d)", guid, lid), settings, state,
                        f -> transport.send(peer.lid, ReplicaCodec.encode(f)), random.nextInt(), smKey);
                streams.put(guid, p);
                changes.add(p.stream);
                LOG.log(System.Logger.Level.INFO, "SA-1308 streaming the SA state to standby 0x{0} at LID {1}",
                        Long.toHexString(guid), lid);
            }
            p.lid = lid;
        });
        for (Peer p : streams.values()) {
            p.stream.poll(nowNanos);
        }
    }

    /** Whether a stream to a standby runs (as master). */
    boolean streaming() {
        return !streams.isEmpty();
    }

    /** Whether every standby streamed to has the whole state (nothing to send or acknowledge). */
    boolean standbysInSync() {
        for (Peer p : streams.values()) {
            if (!p.stream.inSync()) {
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
        streams.forEach((guid, p) -> out.put(String.format("0x%016x", guid), p.stream.counters()));
        return new ReplicationStats(out, receiver == null ? null : receiver.counters(), synced(), malformed,
                unexpected);
    }

    /** A standby streamed to: its stream and the LID its frames go to. */
    private static final class Peer {
        ReplicaStream stream;
        int lid;

        Peer(int lid) {
            this.lid = lid;
        }
    }
}
