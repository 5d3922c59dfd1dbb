/**
 * The activity report ({@code activity_report_subjects}, docs/operations.md#the-activity-report): one line
 * per activity of the SM - members
 * joining and leaving multicast groups, groups created and deleted, multicast trees computed, partitions created and
 * deleted, P_Keys placed in ports' tables, routings done, failed or served from the unicast cache - appended to
 * {@code opensm-activity.dump} in the dump directory. {@link dev.jsm.daemon.activity.Activity} lists the activities
 * with their IDs and subjects, {@link dev.jsm.daemon.activity.ActivitySubjects} reads the option,
 * {@link dev.jsm.daemon.activity.ActivityReport} writes the lines the SA and the sweep stages report, through
 * {@link dev.jsm.daemon.activity.ActivityFile}.
 *
 * <p>Message IDs: {@code DUMP-0711} to {@code DUMP-0713}.
 */
package dev.jsm.daemon.activity;
