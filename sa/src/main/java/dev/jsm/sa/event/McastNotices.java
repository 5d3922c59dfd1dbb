package dev.jsm.sa.event;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.query.SaView;
import java.util.function.Supplier;

/**
 * Passes multicast membership changes on to the SM's listener and turns a group's first and last full member into
 * traps 66 and 67 for the event subscribers, checked against the view the agent answers from.
 *
 * <p>Confined to the SA agent's thread (where the registry calls it).
 */
public final class McastNotices implements McastMembershipListener {

    private final McastMembershipListener next;
    private final EventService events;
    private final Supplier<SaView> view;

    /** Passes changes to {@code next}, reports through {@code events} with the view {@code view} gives. */
    public McastNotices(McastMembershipListener next, EventService events, Supplier<SaView> view) {
        this.next = next;
        this.events = events;
        this.view = view;
    }

    @Override
    public void groupCreated(int mlid, boolean wellKnown) {
        next.groupCreated(mlid, wellKnown);
    }

    @Override
    public void groupDeleted(int mlid) {
        next.groupDeleted(mlid);
    }

    @Override
    public void joined(int mlid, long portGuid) {
        next.joined(mlid, portGuid);
    }

    @Override
    public void left(int mlid, long portGuid) {
        next.left(mlid, portGuid);
    }

    @Override
    public void groupCreated(Gid mgid, int mlid) {
        next.groupCreated(mgid, mlid);
    }

    @Override
    public void groupDeleted(Gid mgid, int mlid) {
        next.groupDeleted(mgid, mlid);
    }

    @Override
    public void memberJoined(Gid mgid, int mlid, long portGuid) {
        next.memberJoined(mgid, mlid, portGuid);
    }

    @Override
    public void memberLeft(Gid mgid, int mlid, long portGuid) {
        next.memberLeft(mgid, mlid, portGuid);
    }

    @Override
    public void firstFullMember(Gid mgid, int pKey) {
        next.firstFullMember(mgid, pKey);
        events.groupChanged(view.get(), SmNotices.MCAST_GROUP_CREATED, mgid, pKey);
    }

    @Override
    public void lastFullMemberLeft(Gid mgid, int pKey) {
        next.lastFullMemberLeft(mgid, pKey);
        events.groupChanged(view.get(), SmNotices.MCAST_GROUP_DELETED, mgid, pKey);
    }
}
