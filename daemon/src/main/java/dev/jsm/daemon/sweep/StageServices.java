package dev.jsm.daemon.sweep;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Node;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The services the stages call, the same in every sweep: the SMP sender, the event queue (a stage asks for another
 * sweep through it), the options in force, the node names for log lines, the dump directory and the activity report
 * in it, and the gate that tells background work whether a sweep runs. A stage that uses them gets them when it is
 * built ({@code dev.jsm.daemon.Sweeps}); what a sweep changes is in {@link SweepState}.
 *
 * <p>Thread-safe: the options are replaced when a heavy sweep reloads the config file and may be read on any thread;
 * the rest never changes (the SMP sender itself is confined to the SM thread but for its counters).
 */
public final class StageServices {

    private final SmpSender smps;
    private final SmEvents events;
    private final NodeNameMap nodeNames;
    private final Path dumpDir;
    private final ActivityReport activity;
    private final SweepGate gate;
    private volatile SmOptions options;

    /**
     * The services of one daemon.
     *
     * @param options the options at start-up
     * @param smps the SMP sender over the daemon's transactions
     * @param events the event queue
     * @param nodeNames the node name map ({@code node_name_map_name}; {@link NodeNameMap#NONE} without one)
     * @param dumpDir where dump files go ({@code dump_files_dir}, {@code OSM_TMP_DIR})
     * @param activity the activity report in {@code dumpDir}
     * @param gate the gate the pipeline holds while a sweep's stages run
     */
    public StageServices(SmOptions options, SmpSender smps, SmEvents events, NodeNameMap nodeNames, Path dumpDir,
                         ActivityReport activity, SweepGate gate) {
        this.options = options;
        this.smps = smps;
        this.events = events;
        this.nodeNames = nodeNames;
        this.dumpDir = dumpDir;
        this.activity = activity;
        this.gate = gate;
    }

    /** Sends SMPs; SM thread. */
    public SmpSender smps() {
        return smps;
    }

    /** The event queue. */
    public SmEvents events() {
        return events;
    }

    /** The options in effect. */
    public SmOptions options() {
        return options;
    }

    /** Replaces the options (a heavy sweep reloaded the config file). */
    public void setOptions(SmOptions newOptions) {
        options = newOptions;
    }

    /** The node name map ({@code node_name_map_name}). */
    public NodeNameMap nodeNames() {
        return nodeNames;
    }

    /** The name people read for {@code node}: the node name map's, else its NodeDescription (OpenSM's print_desc). */
    public String nodeName(Node node) {
        return nodeNames.name(node.nodeGuid(), node.description());
    }

    /** "switch 0x... 'leaf-0'" for log lines, with the node's {@link #nodeName}. */
    public String describe(Node node) {
        String d = nodeName(node);
        return node.kind().name().toLowerCase(Locale.ROOT) + " " + Guid.toString(node.nodeGuid())
                + (d.isEmpty() ? "" : " '" + d + "'");
    }

    /** Where dump files go. */
    public Path dumpDir() {
        return dumpDir;
    }

    /** The activity report ({@code activity_report_subjects}, {@code opensm-activity.dump} in {@link #dumpDir}). */
    public ActivityReport activity() {
        return activity;
    }

    /** Whether a sweep is running, for the background work that steps aside for sweeps. */
    public SweepGate sweepGate() {
        return gate;
    }
}
