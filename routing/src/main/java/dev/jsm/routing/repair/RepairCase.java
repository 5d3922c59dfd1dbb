package dev.jsm.routing.repair;

/**
 * What changed between two snapshots of a routed fabric, in the terms of the incremental routing design
 * (docs/reference/incremental-routing.md#incremental-routing-after-a-change and #the-validity-table), and what
 * {@link RouteRepair} does about each.
 *
 * <p>Immutable.
 */
public enum RepairCase {
    /**
     * An end port (CA or router) lost its cable or left the fabric: its LIDs are unreachable; no routing change.
     * Its LFT entries are left as they were (they carry no traffic; the next full routing clears them).
     */
    CA_LINK_DOWN("CA link down"),
    /**
     * A switch-to-switch cable failed and another cable still joins the same two switches: the LIDs routed through
     * the failed port move to the remaining parallel ports, least loaded first.
     */
    PARALLEL_LINK_DOWN("switch link down, a parallel link remains"),
    /**
     * A switch-to-switch cable failed and no other cable joins the two switches: every entry that is no longer one of
     * the engine's allowed egress ports is re-chosen, upstream along the tables as far as needed.
     */
    LAST_LINK_DOWN("switch link down, no parallel link"),
    /** A switch left the fabric: its cables count as links down and its LIDs as gone. */
    SWITCH_GONE("switch gone"),
    /** A switch-to-switch cable is new or came back: nothing is moved onto it (balancing does that later). */
    LINK_UP("switch link up"),
    /** A switch joined the fabric: its whole LFT and its LID's column are routed. */
    NEW_SWITCH("new switch"),
    /** A CA or router port joined the fabric: its LIDs' columns are routed in every switch. */
    NEW_END_PORT("new CA"),
    /**
     * A CA or router port that was known but unreachable is reachable again: its LIDs' columns are checked like any
     * other and entries still allowed stay (a cable that comes back where it was usually changes no entry).
     */
    CA_LINK_UP("CA link up"),
    /** An end port's LIDs changed (the validity table: those LIDs' columns are invalid): they are routed anew. */
    LID_CHANGED("LID changed"),
    /** A CA or router port kept its LIDs but hangs off another switch or port: its columns are routed anew. */
    HOST_MOVED("host moved");

    private final String text;

    RepairCase(String text) {
        this.text = text;
    }

    /** A short description for log lines. */
    public String text() {
        return text;
    }
}
