package dev.jsm.sa.replica;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.SaStateListener;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * The master's stream of the SA's state to one standby (docs/operations.md, "SA state across restarts and
 * failovers"). It starts with a snapshot: everything, exported at once and sent frame by frame. After that it is
 * told every change by key ({@link SaStateListener}) and keeps each changed key once; {@link #poll} sends the keys'
 * values as they are then, groups first (so that their members find them) and gone groups before new ones (so that
 * an MLID given again finds its old group gone).
 *
 * <p>Confined to the SA agent's thread; time is the caller's ({@link System#nanoTime()} values).
 *
 * <p>In detail: docs/design/sa.md#replicastream.
 */
public final class ReplicaStream implements SaStateListener {

    private static final System.Logger LOG = System.getLogger(ReplicaStream.class.getName());
    private static final int MAX_ENTRIES = 255;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final String peer;
    private final ReplicaSettings settings;
    private final ReplicaSource source;
    private final Consumer<ReplicaFrame> out;
    private final int epoch;
    private final long smKey;
    private final LinkedHashSet<ReplicaKey> groupKeys = new LinkedHashSet<>();
    private final LinkedHashSet<ReplicaKey> otherKeys = new LinkedHashSet<>();
    private final ArrayDeque<Sent> window = new ArrayDeque<>();
    private Snapshot snapshot;
    private boolean needSnapshot = true;
    private long nextSeq = 1;
    private int retries;
    private long pausedUntil;
    private boolean paused;
    private long frames;
    private long entries;
    private long snapshots;
    private long resent;
    private long lost;
    private long dropped;

    /**
     * A stream to the standby named {@code peer} (for the log) that starts with a snapshot.
     *
     * @param epoch the stream's number (any value; a new one for each stream, so the standby tells streams apart)
     * @param out where frames go (the transport to the standby); it must not block
     */
    public ReplicaStream(String peer, ReplicaSettings settings, ReplicaSource source, Consumer<ReplicaFrame> out,
                         int epoch, long smKey) {
        this.peer = peer;
        this.settings = settings;
        this.source = source;
        this.out = out;
        this.epoch = epoch;
        this.smKey = smKey;
    }

    @Override
    public void groupChanged(Gid mgid) {
        mark(groupKeys, new ReplicaKey.Group(mgid));
    }

    @Override
    public void memberChanged(Gid mgid, long portGuid) {
        mark(otherKeys, new ReplicaKey.Member(mgid, portGuid));
    }

    @Override
    public void serviceChanged(ServiceRid rid) {
        mark(otherKeys, new ReplicaKey.Service(rid));
    }

    @Override
    public void subscriptionChanged(SubscriptionKey key) {
        mark(otherKeys, new ReplicaKey.Subscription(key));
    }

    /** Resends what waited too long, gives the standby up after its retries, and sends what the window allows. */
    public void poll(long nowNanos) {
        if (paused) {
            if (nowNanos - pausedUntil < 0) {
                return;
            }
            paused = false;
        }
        Sent oldest = window.peekFirst();
        if (oldest != null && nowNanos - oldest.sentAt >= settings.resendTimeout().toNanos()) {
            if (++retries > settings.maxRetries()) {
                giveUp(nowNanos);
                return;
            }
            for (Sent s : window) {
                s.sentAt = nowNanos;
                out.accept(aged(s.frame, nowNanos - s.madeAt));
                resent++;
            }
        }
        while (window.size() < settings.window()) {
            ReplicaFrame f = next(nowNanos);
            if (f == null) {
                break;
            }
            window.addLast(new Sent(f, nowNanos));
            frames++;
            entries += f.entries().size();
            out.accept(f);
        }
    }

    /** The standby's answer: an ACK retires the frames up to its number; a snapshot request starts a snapshot. */
    public void onFrame(ReplicaFrame f, long nowNanos) {
        if (f.smKey() != smKey) {
            dropped++;
            return;
        }
        switch (f.kind()) {
            case ACK:
                acknowledged(f);
                break;
            case SNAPSHOT_REQUEST:
                if (!needSnapshot && snapshot == null && !beginsInWindow()) {
                    LOG.log(System.Logger.Level.INFO, "SA-1301 standby {0} asks for the SA state in full", peer);
                    restart();
                }
                break;
            default:
                dropped++;
        }
    }

    /**
     * Whether the standby has everything: no snapshot or change waits to be sent or acknowledged (the daemon may
     * hand over to the standby without losing a registration).
     */
    public boolean inSync() {
        return !needSnapshot && snapshot == null && window.isEmpty() && groupKeys.isEmpty() && otherKeys.isEmpty();
    }

    /** The stream's number. */
    public int epoch() {
        return epoch;
    }

    /** The counters. */
    public ReplicaCounters counters() {
        return new ReplicaCounters(frames, entries, snapshots, resent, lost, dropped);
    }

    private void mark(LinkedHashSet<ReplicaKey> keys, ReplicaKey key) {
        if (needSnapshot) {
            return;
        }
        keys.add(key);
        if (groupKeys.size() + otherKeys.size() > settings.maxDirtyKeys()) {
            LOG.log(System.Logger.Level.INFO, "SA-1302 more than {0} SA changes wait for standby {1}: it gets the "
                    + "SA state in full instead", settings.maxDirtyKeys(), peer);
            groupKeys.clear();
            otherKeys.clear();
            needSnapshot = true;
        }
    }

    private void acknowledged(ReplicaFrame ack) {
        if (ack.epoch() != epoch) {
            dropped++;
            return;
        }
        boolean progress = false;
        while (!window.isEmpty() && window.peekFirst().frame.seq() <= ack.seq()) {
            window.pollFirst();
            progress = true;
        }
        if (progress) {
            retries = 0;
        }
    }

    private void giveUp(long nowNanos) {
        LOG.log(System.Logger.Level.WARNING, "SA-1303 standby {0} answered none of {1} frames after {2} resends: "
                + "it gets the SA state in full once it answers again", peer, window.size(), settings.maxRetries());
        lost++;
        restart();
        paused = true;
        pausedUntil = nowNanos + settings.lostBackoff().toNanos();
    }

    /** Drops what was being sent: the next frames are a snapshot. */
    private void restart() {
        window.clear();
        groupKeys.clear();
        otherKeys.clear();
        snapshot = null;
        retries = 0;
        needSnapshot = true;
    }

    /** Whether the first frame of a snapshot is sent and not yet acknowledged (the standby will get it). */
    private boolean beginsInWindow() {
        for (Sent s : window) {
            if (s.frame.begins()) {
                return true;
            }
        }
        return false;
    }

    /** The next frame: part of the snapshot being sent, else changed keys; {@code null} when there is nothing. */
    private ReplicaFrame next(long nowNanos) {
        if (needSnapshot) {
            snapshot = new Snapshot(source.export(), nowNanos);
            needSnapshot = false;
            snapshots++;
        }
        List<ReplicaEntry> batch = new ArrayList<>();
        int room = settings.frameBytes() - ReplicaFrame.HEADER_BYTES;
        if (snapshot != null) {
            boolean first = snapshot.sent == 0;
            while (batch.size() < MAX_ENTRIES && snapshot.hasNext(nowNanos)
                    && ReplicaCodec.size(snapshot.peek()) <= room) {
                ReplicaEntry e = snapshot.take();
                room -= ReplicaCodec.size(e);
                batch.add(e);
            }
            boolean last = !snapshot.hasNext(nowNanos);
            if (last) {
                snapshot = null;
            }
            return frame((first ? ReplicaFrame.SNAPSHOT_BEGINS : 0) | (last ? ReplicaFrame.SNAPSHOT_ENDS : 0), batch);
        }
        room = drain(groupKeys, batch, room);
        if (groupKeys.isEmpty()) {
            drain(otherKeys, batch, room);
        }
        return batch.isEmpty() ? null : frame(0, batch);
    }

    /** Moves keys' values into {@code batch} while they fit in {@code room}; returns the room left. */
    private int drain(LinkedHashSet<ReplicaKey> keys, List<ReplicaEntry> batch, int room) {
        for (Iterator<ReplicaKey> it = keys.iterator(); it.hasNext() && batch.size() < MAX_ENTRIES; ) {
            ReplicaEntry e = resolve(it.next());
            if (e != null && ReplicaCodec.size(e) > room) {
                break;
            }
            it.remove();
            if (e != null) {
                batch.add(e);
                room -= ReplicaCodec.size(e);
            }
        }
        return room;
    }

    /** The entry that brings the standby's value of {@code key} to the master's; {@code null} if none is needed. */
    private ReplicaEntry resolve(ReplicaKey key) {
        if (key instanceof ReplicaKey.Group g) {
            McastGroupState st = source.group(g.mgid());
            return st == null ? new ReplicaEntry.GroupGone(g.mgid()) : new ReplicaEntry.GroupPut(st);
        }
        if (key instanceof ReplicaKey.Member m) {
            if (source.group(m.mgid()) == null) {
                return null;
            }
            McastMemberState st = source.member(m.mgid(), m.portGuid());
            return st == null ? new ReplicaEntry.MemberGone(m.mgid(), m.portGuid())
                    : new ReplicaEntry.MemberPut(m.mgid(), st);
        }
        if (key instanceof ReplicaKey.Service s) {
            ServiceState st = source.service(s.rid());
            return st == null ? new ReplicaEntry.ServiceGone(s.rid()) : new ReplicaEntry.ServicePut(st);
        }
        ReplicaKey.Subscription s = (ReplicaKey.Subscription) key;
        SubscriptionState st = source.subscription(s.key());
        return st == null ? new ReplicaEntry.SubscriptionGone(s.key()) : new ReplicaEntry.SubscriptionPut(st);
    }

    private ReplicaFrame frame(int flags, List<ReplicaEntry> batch) {
        return new ReplicaFrame(ReplicaFrame.Kind.DATA, flags, epoch, nextSeq++, smKey, batch);
    }

    /**
     * {@code f} sent again {@code elapsedNanos} after it was made: the time its ServiceRecords' leases have left
     * shortened by as much, so that the standby's leases end when the master's do.
     */
    private static ReplicaFrame aged(ReplicaFrame f, long elapsedNanos) {
        long elapsedMillis = elapsedNanos / NANOS_PER_MILLI;
        List<ReplicaEntry> entries = new ArrayList<>(f.entries().size());
        for (ReplicaEntry e : f.entries()) {
            entries.add(e instanceof ReplicaEntry.ServicePut s ? new ReplicaEntry.ServicePut(older(s.service(),
                    elapsedMillis)) : e);
        }
        return new ReplicaFrame(f.kind(), f.flags(), f.epoch(), f.seq(), f.smKey(), entries);
    }

    /** {@code s} with {@code elapsedMillis} less left (never below 0; a lease without end stays so). */
    private static ServiceState older(ServiceState s, long elapsedMillis) {
        return s.leftMillis() == ServiceState.INFINITE ? s
                : new ServiceState(s.record(), Math.max(0, s.leftMillis() - elapsedMillis), s.owner());
    }

    /** A frame sent and not yet acknowledged, and when it was made. */
    private static final class Sent {
        final ReplicaFrame frame;
        final long madeAt;
        long sentAt;

        Sent(ReplicaFrame frame, long madeAt) {
            this.frame = frame;
            this.madeAt = madeAt;
            this.sentAt = madeAt;
        }
    }

    /**
     * A snapshot being sent: the state exported at its start, as entries (each group with its members, then the
     * ServiceRecords, then the subscriptions); a ServiceRecord's time left is counted down to the moment its entry
     * goes out.
     */
    private static final class Snapshot {
        private final Iterator<ReplicaEntry> entries;
        private final long exportedAt;
        private ReplicaEntry next;
        private long nowNanos;
        int sent;

        Snapshot(SaState state, long exportedAt) {
            List<ReplicaEntry> all = new ArrayList<>();
            for (McastGroupState g : state.groups()) {
                all.add(new ReplicaEntry.GroupPut(g));
                for (McastMemberState m : g.members()) {
                    all.add(new ReplicaEntry.MemberPut(g.mgid(), m));
                }
            }
            state.services().forEach(s -> all.add(new ReplicaEntry.ServicePut(s)));
            state.subscriptions().forEach(s -> all.add(new ReplicaEntry.SubscriptionPut(s)));
            this.entries = all.iterator();
            this.exportedAt = exportedAt;
        }

        boolean hasNext(long now) {
            this.nowNanos = now;
            if (next == null && entries.hasNext()) {
                next = entries.next();
            }
            return next != null;
        }

        ReplicaEntry peek() {
            return next;
        }

        ReplicaEntry take() {
            ReplicaEntry e = next;
            next = null;
            sent++;
            return e instanceof ReplicaEntry.ServicePut s
                    ? new ReplicaEntry.ServicePut(older(s.service(), (nowNanos - exportedAt) / NANOS_PER_MILLI)) : e;
        }
    }
}
