package dev.jsm.sa.agent;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.event.EventSubscriptions;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.replica.ReplicaEntry;
import dev.jsm.sa.replica.ReplicaSink;
import dev.jsm.sa.replica.ReplicaSource;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The SA's state across its three registries (multicast groups, ServiceRecords, subscriptions), as the dump file
 * and the standby's stream read and write it: everything at once ({@link #export}, {@link #restore}), one key's
 * value ({@link ReplicaSource}), one change as the master made it ({@link ReplicaSink}). Times left of
 * ServiceRecords count from the clocks' now.
 *
 * <p>Confined to the SA agent's thread.
 */
final class SaStateAccess implements ReplicaSource, ReplicaSink {

    private static final System.Logger LOG = System.getLogger(SaStateAccess.class.getName());

    private final McastRegistry mcast;
    private final ServiceRegistry services;
    private final EventSubscriptions subscriptions;
    private final LongSupplier nanoClock;
    private final LongSupplier wallClock;

    /**
     * Access to the registries; {@code nanoClock} is the clock of the ServiceRecords' leases ({@link System#nanoTime}
     * values), {@code wallClock} milliseconds since the epoch.
     */
    SaStateAccess(McastRegistry mcast, ServiceRegistry services, EventSubscriptions subscriptions,
                  LongSupplier nanoClock, LongSupplier wallClock) {
        this.mcast = mcast;
        this.services = services;
        this.subscriptions = subscriptions;
        this.nanoClock = nanoClock;
        this.wallClock = wallClock;
    }

    @Override
    public SaState export() {
        return new SaState(wallClock.getAsLong(), mcast.export(), services.export(nanoClock.getAsLong()),
                subscriptions.export());
    }

    /**
     * Makes {@code state} the SA's, replacing everything.
     *
     * @return one line for each group, member, ServiceRecord or subscription left out, and why
     */
    List<String> restore(SaState state) {
        return restore(state, Math.max(0, wallClock.getAsLong() - state.takenAtMillis()));
    }

    /** {@link #restore} with the ServiceRecords' times left shortened by {@code elapsed} milliseconds. */
    private List<String> restore(SaState state, long elapsed) {
        List<String> problems = new ArrayList<>(mcast.replaceAll(state.groups()));
        List<ServiceState> live = new ArrayList<>(state.services().size());
        for (ServiceState s : state.services()) {
            if (s.leftMillis() == ServiceState.INFINITE || s.leftMillis() > elapsed) {
                live.add(s.leftMillis() == ServiceState.INFINITE ? s
                        : new ServiceState(s.record(), s.leftMillis() - elapsed, s.owner()));
            }
        }
        int expired = state.services().size() - live.size();
        if (expired > 0) {
            problems.add(expired + " ServiceRecords left out: their leases ran out");
        }
        int over = services.replaceAll(live, nanoClock.getAsLong());
        if (over > 0) {
            problems.add(over + " ServiceRecords left out: more than the SA keeps");
        }
        over = subscriptions.replaceAll(state.subscriptions());
        if (over > 0) {
            problems.add(over + " subscriptions left out: more than the SA keeps");
        }
        return problems;
    }

    @Override
    public void replaceAll(SaState state) {
        for (String p : restore(state, 0)) {
            LOG.log(System.Logger.Level.WARNING, "SA-1306 from the master''s SA state: {0}", p);
        }
    }

    @Override
    public void apply(ReplicaEntry e) {
        if (e instanceof ReplicaEntry.GroupPut g) {
            if (!mcast.putGroup(g.group())) {
                LOG.log(System.Logger.Level.WARNING, "SA-1307 from the master''s SA state: group {0} with MLID 0x{1} "
                        + "is not a multicast group; left out", g.group().mgid(),
                        Integer.toHexString(g.group().mlid()));
            }
        } else if (e instanceof ReplicaEntry.GroupGone g) {
            mcast.removeGroup(g.mgid());
        } else if (e instanceof ReplicaEntry.MemberPut m) {
            mcast.putMember(m.mgid(), m.member());
        } else if (e instanceof ReplicaEntry.MemberGone m) {
            mcast.removeMember(m.mgid(), m.portGuid());
        } else if (e instanceof ReplicaEntry.ServicePut s) {
            services.put(s.service(), nanoClock.getAsLong());
        } else if (e instanceof ReplicaEntry.ServiceGone s) {
            services.remove(s.rid());
        } else if (e instanceof ReplicaEntry.SubscriptionPut s) {
            subscriptions.put(s.subscription());
        } else if (e instanceof ReplicaEntry.SubscriptionGone s) {
            subscriptions.remove(s.key());
        }
    }

    @Override
    public McastGroupState group(Gid mgid) {
        return mcast.exportGroup(mgid);
    }

    @Override
    public McastMemberState member(Gid mgid, long portGuid) {
        return mcast.exportMember(mgid, portGuid);
    }

    @Override
    public ServiceState service(ServiceRid rid) {
        return services.export(rid, nanoClock.getAsLong());
    }

    @Override
    public SubscriptionState subscription(SubscriptionKey key) {
        return subscriptions.export(key);
    }
}
