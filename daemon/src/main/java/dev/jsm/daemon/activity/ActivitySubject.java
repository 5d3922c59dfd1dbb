package dev.jsm.daemon.activity;

/**
 * The subjects of the activity report, each switched on by its name in {@code activity_report_subjects}: which
 * activities a subject covers is {@link Activity}'s table.
 *
 * <p>Immutable; safe to share.
 */
public enum ActivitySubject {
    /** Multicast: members joining and leaving, groups created and deleted, trees computed (IDs 1, 2, 8). */
    MC("mc"),
    /** Partitions: GUIDs added, partitions created and deleted (IDs 3, 4, 5). */
    PRTN("prtn"),
    /** Port virtualization (IDs 6, 7); jsm has none, so these never occur. */
    VIRT("virt"),
    /** Routing: multicast trees, unicast routing done or failed, the unicast cache (IDs 8 to 12). */
    ROUTING("routing");

    private final String optionName;

    ActivitySubject(String optionName) {
        this.optionName = optionName;
    }

    /** The name in {@code activity_report_subjects}. */
    public String optionName() {
        return optionName;
    }
}
