package dev.jsm.daemon.activity;

import java.util.EnumSet;
import java.util.Set;

/**
 * The activities of the activity report with the IDs and names of NVIDIA's OpenSM
 * (docs/operations.md#the-activity-report) and
 * the subjects that switch each on; the fields each line carries are {@link ActivityReport}'s methods.
 *
 * <p>Immutable; safe to share.
 */
public enum Activity {
    /** A port joined (join_state 1) or left (-1) a multicast group. */
    MCM_MEMBER(1, "mcm_member", ActivitySubject.MC),
    /** A multicast group was created (change 0) or deleted (1). */
    MCG_CHANGE(2, "mcg_change", ActivitySubject.MC),
    /** A P_Key was placed in an end port's P_Key table. */
    PRTN_GUID_ADD(3, "prtn_guid_add", ActivitySubject.PRTN),
    /** A partition came into force. */
    PRTN_CREATE(4, "prtn_create", ActivitySubject.PRTN),
    /** A partition went out of force (reason 0 empty, 1 duplicate, 2 SM shutdown). */
    PRTN_DELETE(5, "prtn_delete", ActivitySubject.PRTN),
    /** A port's virtual ports were discovered (port GUID, VPortIndexTop). */
    PORT_VIRT_DISCOVER(6, "port_virt_discover", ActivitySubject.VIRT),
    /** A virtual port changed state (port GUID, vport GUID and index, vnode GUID, new state). */
    VPORT_STATE_CHANGE(7, "vport_state_change", ActivitySubject.VIRT),
    /** The spanning tree of a multicast group was computed. */
    MCG_TREE_CALC(8, "mcg_tree_calc", ActivitySubject.MC, ActivitySubject.ROUTING),
    /** An engine routed the fabric. */
    ROUTING_SUCCEED(9, "routing_succeed", ActivitySubject.ROUTING),
    /** An engine did not route the fabric (it declined or failed). */
    ROUTING_FAILED(10, "routing_failed", ActivitySubject.ROUTING),
    /** The routes in force could not be kept (repaired) for a changed fabric: they are computed anew. */
    UCAST_CACHE_INVALIDATED(11, "ucast_cache_invalidated", ActivitySubject.ROUTING),
    /** The routes in force were kept, repaired for the changed fabric, instead of being computed anew. */
    UCAST_CACHE_ROUTING_DONE(12, "ucast_cache_routing_done", ActivitySubject.ROUTING);

    private final int id;
    private final String activityName;
    private final Set<ActivitySubject> subjects;

    Activity(int id, String activityName, ActivitySubject first, ActivitySubject... more) {
        this.id = id;
        this.activityName = activityName;
        this.subjects = EnumSet.of(first, more);
    }

    /** The activity ID (1 to 12). */
    public int id() {
        return id;
    }

    /** The activity name ({@code mcm_member}, ...). */
    public String activityName() {
        return activityName;
    }

    /** Whether one of {@code enabled} switches this activity on. */
    public boolean isIn(Set<ActivitySubject> enabled) {
        for (ActivitySubject s : subjects) {
            if (enabled.contains(s)) {
                return true;
            }
        }
        return false;
    }
}
