package dev.jsm.sa.replica;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A standby's end of the master's {@link ReplicaStream}: applies the DATA frames of the stream in order, each once,
 * and acknowledges the highest applied; a frame out of order is not applied (the master sends it again), a frame
 * seen before is acknowledged again. A snapshot is gathered apart and replaces the SA's state only once its last
 * frame has come, so that a master that dies in the middle of one leaves the standby with its last whole state. A
 * DATA frame of a stream the standby does not know (a new master, or this standby restarted) is answered with a
 * snapshot request, at most once per stream and {@code requestInterval}. Frames with another SM_Key are dropped.
 *
 * <p>Confined to the SA agent's thread; time is the caller's ({@link System#nanoTime()} values).
 *
 * <p>In detail: docs/design/sa.md#replicareceiver.
 */
public final class ReplicaReceiver {

    /** The most entries a snapshot may have. */
    public static final int MAX_SNAPSHOT_ENTRIES = 1 << 22;
    private static final System.Logger LOG = System.getLogger(ReplicaReceiver.class.getName());
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final long smKey;
    private final ReplicaSink sink;
    private final Consumer<ReplicaFrame> out;
    private final long requestIntervalNanos;
    private boolean known;
    private int epoch;
    private long expected;
    private boolean synced;
    private Staging staging;
    private int requestedEpoch;
    private long requestedAt;
    private boolean requested;
    private long frames;
    private long entries;
    private long snapshots;
    private long duplicates;
    private long outOfOrder;
    private long dropped;

    /**
     * A receiver applying to {@code sink} the frames with SM_Key {@code smKey}, answering through {@code out} (the
     * transport to the master; it must not block); a snapshot is asked for at most once per
     * {@code settings.resendTimeout()}.
     */
    public ReplicaReceiver(long smKey, ReplicaSink sink, Consumer<ReplicaFrame> out, ReplicaSettings settings) {
        this.smKey = smKey;
        this.sink = sink;
        this.out = out;
        this.requestIntervalNanos = settings.resendTimeout().toNanos();
    }

    /** Takes one frame from the master. */
    public void onFrame(ReplicaFrame f, long nowNanos) {
        if (f.smKey() != smKey || f.kind() != ReplicaFrame.Kind.DATA) {
            dropped++;
            return;
        }
        if (f.begins() && (!known || f.epoch() != epoch || f.seq() >= expected)) {
            known = true;
            epoch = f.epoch();
            expected = f.seq();
            staging = new Staging();
        }
        if (!known || f.epoch() != epoch) {
            dropped++;
            askForSnapshot(f.epoch(), nowNanos);
            return;
        }
        if (f.seq() != expected) {
            if (f.seq() < expected) {
                duplicates++;
            } else {
                outOfOrder++;
            }
            out.accept(ReplicaFrame.ack(epoch, expected - 1, smKey));
            return;
        }
        if (staging != null) {
            gather(f, nowNanos);
        } else if (synced) {
            for (ReplicaEntry e : f.entries()) {
                sink.apply(e);
            }
            entries += f.entries().size();
        } else {
            askForSnapshot(f.epoch(), nowNanos);
            return;
        }
        frames++;
        expected++;
        out.accept(ReplicaFrame.ack(epoch, f.seq(), smKey));
    }

    /** Whether the standby holds a whole state of the stream it follows (its last snapshot and every change since). */
    public boolean synced() {
        return synced;
    }

    /** The counters (resent: frames seen before; lost: frames out of order). */
    public ReplicaCounters counters() {
        return new ReplicaCounters(frames, entries, snapshots, duplicates, outOfOrder, dropped);
    }

    private void gather(ReplicaFrame f, long nowNanos) {
        if (staging.count + f.entries().size() > MAX_SNAPSHOT_ENTRIES) {
            LOG.log(System.Logger.Level.WARNING, "SA-1304 the master''s SA state has more than {0} entries: "
                    + "snapshot dropped", MAX_SNAPSHOT_ENTRIES);
            staging = null;
            known = false;
            return;
        }
        for (ReplicaEntry e : f.entries()) {
            staging.add(e, nowNanos);
        }
        entries += f.entries().size();
        if (f.ends()) {
            SaState state = staging.build(nowNanos);
            staging = null;
            sink.replaceAll(state);
            synced = true;
            snapshots++;
            LOG.log(System.Logger.Level.INFO, "SA-1305 SA state of the master taken in full: {0} groups with {1} "
                    + "members, {2} ServiceRecords, {3} subscriptions", state.groups().size(), state.memberCount(),
                    state.services().size(), state.subscriptions().size());
        }
    }

    private void askForSnapshot(int frameEpoch, long nowNanos) {
        if (requested && requestedEpoch == frameEpoch && nowNanos - requestedAt < requestIntervalNanos) {
            return;
        }
        requested = true;
        requestedEpoch = frameEpoch;
        requestedAt = nowNanos;
        synced = false;
        out.accept(ReplicaFrame.snapshotRequest(frameEpoch, smKey));
    }

    /**
     * A snapshot being gathered: the entries applied to maps in arrival order; a ServiceRecord's time left counted
     * from when its entry came, so that the state built counts its times left from the moment it is built (its
     * {@link SaState#takenAtMillis()} is not used: the sink counts from its call).
     */
    private static final class Staging {
        final Map<Gid, McastGroupState> groups = new LinkedHashMap<>();
        final Map<Gid, Map<Long, McastMemberState>> members = new LinkedHashMap<>();
        final Map<ServiceRid, ServiceState> services = new LinkedHashMap<>();
        final Map<ServiceRid, Long> servicesCameAt = new LinkedHashMap<>();
        final Map<SubscriptionKey, SubscriptionState> subscriptions = new LinkedHashMap<>();
        int count;

        void add(ReplicaEntry e, long nowNanos) {
            count++;
            if (e instanceof ReplicaEntry.GroupPut g) {
                groups.put(g.group().mgid(), g.group());
                members.computeIfAbsent(g.group().mgid(), k -> new LinkedHashMap<>());
            } else if (e instanceof ReplicaEntry.GroupGone g) {
                groups.remove(g.mgid());
                members.remove(g.mgid());
            } else if (e instanceof ReplicaEntry.MemberPut m) {
                Map<Long, McastMemberState> of = members.get(m.mgid());
                if (of != null) {
                    of.put(m.member().portGuid(), m.member());
                }
            } else if (e instanceof ReplicaEntry.MemberGone m) {
                Map<Long, McastMemberState> of = members.get(m.mgid());
                if (of != null) {
                    of.remove(m.portGuid());
                }
            } else if (e instanceof ReplicaEntry.ServicePut s) {
                services.put(s.service().rid(), s.service());
                servicesCameAt.put(s.service().rid(), nowNanos);
            } else if (e instanceof ReplicaEntry.ServiceGone s) {
                services.remove(s.rid());
                servicesCameAt.remove(s.rid());
            } else if (e instanceof ReplicaEntry.SubscriptionPut s) {
                subscriptions.put(s.subscription().key(), s.subscription());
            } else if (e instanceof ReplicaEntry.SubscriptionGone s) {
                subscriptions.remove(s.key());
            }
        }

        SaState build(long nowNanos) {
            List<McastGroupState> g = new ArrayList<>(groups.size());
            for (McastGroupState st : groups.values()) {
                g.add(new McastGroupState(st.params(), st.wellKnown(), st.creator(),
                        List.copyOf(members.get(st.mgid()).values())));
            }
            List<ServiceState> s = new ArrayList<>(services.size());
            for (ServiceState st : services.values()) {
                long left = st.leftMillis();
                if (left != ServiceState.INFINITE) {
                    left = Math.max(0, left - (nowNanos - servicesCameAt.get(st.rid())) / NANOS_PER_MILLI);
                }
                s.add(new ServiceState(st.record(), left, st.owner()));
            }
            return new SaState(0, g, s, List.copyOf(subscriptions.values()));
        }
    }
}
