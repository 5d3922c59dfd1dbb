package dev.jsm.daemon.sa;

import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.subnet.Guid;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Carries the SA's multicast membership changes to the SM's {@link McastGroups}: each join and leave becomes a
 * change run on the SM thread followed by a multicast update request ({@code Daemon.changeMulticast}), which
 * reprograms the MFT blocks of the groups changed, many joins at once. Creating or deleting a group asks for nothing by
 * itself: an empty group forwards nothing, and a deleted group's members have already been reported as leaving.
 * Well-known groups (the partitions' broadcast groups) are remembered so the SM keeps them when their last member
 * leaves. Each group's changes, with its MGID, go to the activity report ({@code mcm_member}, {@code mcg_change}).
 *
 * <p>Thread-safe: called on the SA agent's thread, the changes run on the SM thread.
 */
final class McastChanges implements McastMembershipListener {

    private final BiConsumer<Consumer<McastGroups>, String> changeMulticast;
    private final ActivityReport activity;
    private final Set<Integer> wellKnown = ConcurrentHashMap.newKeySet();

    /**
     * Changes reaching the SM through {@code changeMulticast} (the daemon's {@code changeMulticast}) and reported to
     * {@code activity}.
     */
    McastChanges(BiConsumer<Consumer<McastGroups>, String> changeMulticast, ActivityReport activity) {
        this.changeMulticast = changeMulticast;
        this.activity = activity;
    }

    @Override
    public void groupCreated(Gid mgid, int mlid) {
        activity.mcgChange(mlid, mgid, true);
    }

    @Override
    public void groupDeleted(Gid mgid, int mlid) {
        activity.mcgChange(mlid, mgid, false);
    }

    @Override
    public void memberJoined(Gid mgid, int mlid, long portGuid) {
        activity.mcmMember(mlid, mgid, portGuid, true);
    }

    @Override
    public void memberLeft(Gid mgid, int mlid, long portGuid) {
        activity.mcmMember(mlid, mgid, portGuid, false);
    }

    @Override
    public void groupCreated(int mlid, boolean wellKnownGroup) {
        if (wellKnownGroup) {
            wellKnown.add(mlid);
        }
    }

    @Override
    public void groupDeleted(int mlid) {
        wellKnown.remove(mlid);
    }

    @Override
    public void joined(int mlid, long portGuid) {
        boolean keep = wellKnown.contains(mlid);
        changeMulticast.accept(g -> {
            g.create(mlid, keep);
            g.join(mlid, portGuid);
        }, "SA: " + Guid.toString(portGuid) + " joined MLID 0x" + Integer.toHexString(mlid));
    }

    @Override
    public void left(int mlid, long portGuid) {
        changeMulticast.accept(g -> g.leave(mlid, portGuid),
                "SA: " + Guid.toString(portGuid) + " left MLID 0x" + Integer.toHexString(mlid));
    }
}
