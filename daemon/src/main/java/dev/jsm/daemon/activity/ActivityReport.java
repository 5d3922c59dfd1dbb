package dev.jsm.daemon.activity;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingResult;
import dev.jsm.sa.codec.Gid;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The activity report (docs/operations.md#the-activity-report): each activity
 * whose subject {@code activity_report_subjects} switches on becomes
 * one line of {@link #FILE_NAME} in the dump directory:
 *
 * <pre>
 * 2024-05-02T10:15:30.123+02:00 4 prtn_create pkey=0x0001 prtn_name=P1
 * 2024-05-02T10:15:30.125+02:00 1 mcm_member mlid=0xc001 mgid=ff12:401b:ffff:0000:0000:0000:ffff:ffff
 *     port_guid=0x0002c90300000001 join_state=1                         (one line in the file)
 * </pre>
 *
 * the local time (ISO 8601, milliseconds, offset), the activity ID and name ({@link Activity}), then the activity's
 * fields as {@code name=value}: GUIDs as {@code 0x} and 16 hex digits, LIDs and P_Keys as {@code 0x} and 4 (as
 * OpenSM prints them; a P_Key with its membership bit where a port's table holds it), MGIDs in GID notation, indexes
 * and codes in decimal. A method called for an activity that is off writes nothing and costs a field test.
 *
 * <p>Thread-safe: the SA's thread reports the multicast members and groups, the SM thread the rest; writing never
 * throws into the caller ({@link ActivityFile}).
 *
 * <p>In detail: docs/design/daemon.md#activityreport.
 */
public final class ActivityReport implements AutoCloseable {

    /** The report's file name in the dump directory. */
    public static final String FILE_NAME = "opensm-activity.dump";

    private static final Logger LOG = LogManager.getLogger(ActivityReport.class);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

    /** Why a partition went ({@link Activity#PRTN_DELETE}'s Delete Reason). */
    public enum DeleteReason {
        /** It has no member any more (its statement lost its ports or left partitions.conf). */
        EMPTY_PRTN,
        /**
         * A duplicate definition of a P_Key was dropped. Never reported by jsm: statements of the same P_Key merge
         * into one partition (partitions module, {@code PartitionResolver}), none is dropped.
         */
        DUPLICATE_PRTN,
        /** The SM is shutting down. */
        SM_SHUTDOWN;

        /** The code in the line: 0, 1, 2. */
        public int code() {
            return ordinal();
        }
    }

    private final ActivityFile file;
    private final Clock clock;
    private volatile ActivitySubjects subjects = ActivitySubjects.NONE;

    /**
     * A report appending to {@code file}, time-stamped from {@code clock}, with no subject on until
     * {@link #configure}.
     */
    ActivityReport(Path file, Clock clock) {
        this.file = new ActivityFile(file);
        this.clock = clock;
    }

    /** The report of {@code options}' {@code activity_report_subjects}, in {@code dumpDir}. */
    public static ActivityReport of(SmOptions options, Path dumpDir) {
        ActivityReport r = new ActivityReport(dumpDir.resolve(FILE_NAME), Clock.systemDefaultZone());
        r.configure(options.get(DebugOptions.ACTIVITY_REPORT_SUBJECTS));
        return r;
    }

    /**
     * Switches the subjects {@code value} names on and the others off (at start, and when a re-read config file
     * changed {@code activity_report_subjects}); logs the items it ignored.
     */
    public void configure(String value) {
        ActivitySubjects s = ActivitySubjects.parse(value);
        s.problems().forEach(p -> LOG.error("DUMP-0711 {}", p));
        if (!s.isNone()) {
            LOG.info("activity report: subjects {} written to {}", s.enabled(), file.path());
        }
        subjects = s;
    }

    /** Whether {@code activity} is reported now (callers that must compute the fields first ask). */
    public boolean reports(Activity activity) {
        return subjects.reports(activity);
    }

    /** {@link Activity#MCM_MEMBER}: {@code portGuid} joined ({@code true}) or left the group {@code mgid}. */
    public void mcmMember(int mlid, Gid mgid, long portGuid, boolean joined) {
        if (reports(Activity.MCM_MEMBER)) {
            write(Activity.MCM_MEMBER, "mlid=" + hex4(mlid) + " mgid=" + mgid + " port_guid=" + Guid.toString(portGuid)
                    + " join_state=" + (joined ? 1 : -1));
        }
    }

    /** {@link Activity#MCG_CHANGE}: the group {@code mgid} was created ({@code true}) or deleted. */
    public void mcgChange(int mlid, Gid mgid, boolean created) {
        if (reports(Activity.MCG_CHANGE)) {
            write(Activity.MCG_CHANGE, "mlid=" + hex4(mlid) + " mgid=" + mgid + " change=" + (created ? 0 : 1));
        }
    }

    /** {@link Activity#PRTN_GUID_ADD}: {@code pKey} (with its membership bit) now at that place of the port's table. */
    public void prtnGuidAdd(long portGuid, int pKey, int block, int index) {
        if (reports(Activity.PRTN_GUID_ADD)) {
            write(Activity.PRTN_GUID_ADD, "port_guid=" + Guid.toString(portGuid) + " pkey=" + hex4(pKey)
                    + " block_index=" + block + " pkey_index=" + index);
        }
    }

    /** {@link Activity#PRTN_CREATE}: the partition {@code pKey} (without membership bit) named {@code name}. */
    public void prtnCreate(int pKey, String name) {
        if (reports(Activity.PRTN_CREATE)) {
            write(Activity.PRTN_CREATE, "pkey=" + hex4(pKey) + " prtn_name=" + name);
        }
    }

    /** {@link Activity#PRTN_DELETE}: the partition {@code pKey} (without membership bit) went. */
    public void prtnDelete(int pKey, DeleteReason reason) {
        if (reports(Activity.PRTN_DELETE)) {
            write(Activity.PRTN_DELETE, "pkey=" + hex4(pKey) + " delete_reason=" + reason.code());
        }
    }

    /** {@link Activity#PORT_VIRT_DISCOVER}: the port's vports were discovered, up to index {@code topIndex}. */
    public void portVirtDiscover(long portGuid, int topIndex) {
        if (reports(Activity.PORT_VIRT_DISCOVER)) {
            write(Activity.PORT_VIRT_DISCOVER, "port_guid=" + Guid.toString(portGuid) + " top_index=" + topIndex);
        }
    }

    /**
     * {@link Activity#VPORT_STATE_CHANGE}: vport {@code vportIndex} of the port is now in {@code state} (1 Down,
     * 2 Init, 3 Armed, 4 Active).
     */
    public void vportStateChange(long portGuid, long vportGuid, int vportIndex, long vnodeGuid, int state) {
        if (reports(Activity.VPORT_STATE_CHANGE)) {
            write(Activity.VPORT_STATE_CHANGE, "port_guid=" + Guid.toString(portGuid) + " vport_guid="
                    + Guid.toString(vportGuid) + " vport_index=" + vportIndex + " vnode_guid="
                    + Guid.toString(vnodeGuid) + " vport_state=" + state);
        }
    }

    /** {@link Activity#MCG_TREE_CALC}: the tree of the group {@code mlid} was computed. */
    public void mcgTreeCalc(int mlid) {
        if (reports(Activity.MCG_TREE_CALC)) {
            write(Activity.MCG_TREE_CALC, "mlid=" + hex4(mlid));
        }
    }

    /**
     * For each engine {@code result} tried, in order (each step's engine in a chain over topologies):
     * {@link Activity#ROUTING_SUCCEED} if it routed (its part), {@link Activity#ROUTING_FAILED} if it declined or
     * failed.
     */
    public void routing(RoutingResult result) {
        for (RoutingResult.Attempt a : result.attempts()) {
            Activity activity = a.outcome() instanceof RouteOutcome.Routed ? Activity.ROUTING_SUCCEED
                    : Activity.ROUTING_FAILED;
            if (reports(activity)) {
                write(activity, "engine=" + a.engine());
            }
        }
    }

    /** {@link Activity#UCAST_CACHE_INVALIDATED}: the routes in force are computed anew for a changed fabric. */
    public void ucastCacheInvalidated() {
        if (reports(Activity.UCAST_CACHE_INVALIDATED)) {
            write(Activity.UCAST_CACHE_INVALIDATED, "");
        }
    }

    /** {@link Activity#UCAST_CACHE_ROUTING_DONE}: the routes in force were repaired for a changed fabric. */
    public void ucastCacheRoutingDone() {
        if (reports(Activity.UCAST_CACHE_ROUTING_DONE)) {
            write(Activity.UCAST_CACHE_ROUTING_DONE, "");
        }
    }

    /** Closes the file; later activities are not written. Idempotent. */
    @Override
    public void close() {
        file.close();
    }

    private void write(Activity activity, String fields) {
        StringBuilder line = new StringBuilder(96).append(TIME.format(ZonedDateTime.now(clock))).append(' ')
                .append(activity.id()).append(' ').append(activity.activityName());
        if (!fields.isEmpty()) {
            line.append(' ').append(fields);
        }
        file.append(line.toString());
    }

    private static String hex4(int v) {
        return String.format("0x%04x", v);
    }
}
