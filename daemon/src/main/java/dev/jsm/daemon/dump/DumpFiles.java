package dev.jsm.daemon.dump;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.routing.PartRouting;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingPart;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.StepFileNames;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Writes OpenSM's dump files into the dump directory at SUBNET UP ({@code osm_dump_all};
 * docs/reference/opensm-behaviour.md#dump-files):
 * {@code opensm-subnet.lst} always; {@code opensm-lid-matrix.dump}, {@code opensm-lfts.dump} and
 * {@code opensm.fdbs} when {@code log_flags} has ROUTING (0x40); {@code opensm-sl2vl.dump} from the QoS manager
 * ({@link #writeSl2Vl}); jsm's {@code opensm-path-sl.dump} ({@link #writePathSl}). They describe the published
 * snapshot, so they show what the switches were programmed with.
 *
 * <p>Stateless; called on the SM thread.
 */
public final class DumpFiles {

    /** The topology list written at every SUBNET UP. */
    public static final String SUBNET_LIST = "opensm-subnet.lst";
    /** Per-switch LFTs (ROUTING). */
    public static final String LFTS = "opensm-lfts.dump";
    /** Per-switch hop matrix (ROUTING). */
    public static final String LID_MATRIX = "opensm-lid-matrix.dump";
    /** Per-switch routes with hop counts (ROUTING). */
    public static final String FDBS = "opensm.fdbs";
    /** Per-switch multicast forwarding (ROUTING). */
    public static final String MCFDBS = "opensm.mcfdbs";
    /** SL2VL tables of every end port and switch port pair (ROUTING, with QoS or an engine with its own SL2VL). */
    public static final String SL2VL = "opensm-sl2vl.dump";
    /** The SL of every path (ROUTING, with an engine that puts paths on SLs of their own); jsm's, for ibdmchk. */
    public static final String PATH_SL = "opensm-path-sl.dump";
    /** The virtual ports, when the fabric has any ({@link VPortsDump}). */
    public static final String VPORTS = "opensm-vports.dump";
    /** The most lines {@link #PATH_SL} may have (about 100 MB); a larger fabric's file is not written. */
    public static final long PATH_SL_MAX_LINES = 1L << 22;

    private static final Logger LOG = LogManager.getLogger(DumpFiles.class);

    private DumpFiles() {
    }

    /** Writes the files for {@code snapshot}; a file that cannot be written is logged and skipped. */
    public static void write(Path dir, SubnetSnapshot snapshot, int logFlags, int lmc, NodeNameMap names) {
        write(dir, SUBNET_LIST, out -> SubnetListDump.write(snapshot, names, out));
        if (!snapshot.vports().isEmpty()) {
            write(dir, VPORTS, VPortsDump.render(snapshot));
        }
        if ((logFlags & LogLevels.ROUTING) == 0) {
            return;
        }
        RoutingInput in = RoutingInput.from(snapshot, lmc);
        HopMatrix hops = new HopMatrix(in);
        write(dir, LID_MATRIX, LidMatrixDump.render(snapshot, in, hops));
        write(dir, LFTS, LftsDump.render(snapshot, names));
        byte[][] lfts = new byte[in.switchCount()][];
        for (int i = 0; i < lfts.length; i++) {
            lfts[i] = snapshot.switches().get(i).lftCopy();
        }
        write(dir, FDBS, FdbsDump.render(in, lfts, hops));
        write(dir, MCFDBS, McfdbsDump.render(snapshot));
    }

    /**
     * Writes one routing chain step's own files (docs/reference/opensm-behaviour.md#routing-chains) when
     * {@code log_flags}
     * has ROUTING: {@code opensm-lid-matrix}, {@code opensm-lfts}, {@code opensm.fdbs} and {@code opensm-subnet} of
     * the step's topology only, from the step's own tables (a step that failed dumps what it had), named with the
     * step's {@code <id>.<engine>} ({@link StepFileNames}). The multicast and SL2VL files stay whole-fabric files.
     *
     * @param dir the dump directory
     * @param snapshot the sweep's snapshot (node descriptions, GUIDs)
     * @param logFlags {@code log_flags}
     * @param step the step
     */
    public static void writeStep(Path dir, SubnetSnapshot snapshot, int logFlags, PartRouting step,
                                 NodeNameMap nodeNames) {
        if ((logFlags & LogLevels.ROUTING) == 0) {
            return;
        }
        RoutingPart part = step.part();
        RoutingInput in = part.input();
        HopMatrix hops = new HopMatrix(in);
        List<String> names = stepFileNames(step.label());
        write(dir, names.get(0), LidMatrixDump.render(snapshot, in, hops));
        write(dir, names.get(1), LftsDump.render(snapshot, nodeNames, sw -> {
            int s = in.switchIndexOf(sw.nodeGuid());
            return s < 0 ? null : lid -> step.tables().port(s, lid);
        }));
        byte[][] lfts = new byte[in.switchCount()][];
        for (int i = 0; i < lfts.length; i++) {
            lfts[i] = step.tables().lft(i);
        }
        write(dir, names.get(2), FdbsDump.render(in, lfts, hops));
        write(dir, names.get(3), out -> SubnetListDump.write(snapshot, nodeNames, node -> node.isSwitch()
                ? in.switchIndexOf(node.nodeGuid()) >= 0 : inPart(snapshot, node, part), out));
    }

    /** The names of the files {@link #writeStep} writes for the step labelled {@code label}. */
    public static List<String> stepFileNames(String label) {
        return List.of(StepFileNames.of(LID_MATRIX, label), StepFileNames.of(LFTS, label),
                StepFileNames.of(FDBS, label), StepFileNames.of(SUBNET_LIST, label));
    }

    /** Whether a CA or router has an end port in {@code part}. */
    private static boolean inPart(SubnetSnapshot s, NodeView node, RoutingPart part) {
        for (PortView p : s.portsOf(node)) {
            EndPortView e = p.endPortIndex() >= 0 ? s.endPorts().get(p.endPortIndex()) : null;
            if (e != null && e.hasLids() && part.hasLid(e.lidRange().base())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes {@code opensm.mcfdbs} for {@code snapshot} when {@code log_flags} has ROUTING: after a multicast update,
     * as OpenSM's multicast manager dumps its routes after each run.
     */
    public static void writeMcfdbs(Path dir, SubnetSnapshot snapshot, int logFlags) {
        if ((logFlags & LogLevels.ROUTING) != 0) {
            write(dir, MCFDBS, McfdbsDump.render(snapshot));
        }
    }

    /**
     * Writes {@code opensm-sl2vl.dump} ({@link Sl2VlDump}) when {@code log_flags} has ROUTING; the QoS manager calls
     * it at the end of its stage, when the tables are programmed. A file that cannot be written is logged.
     */
    public static void writeSl2Vl(Path dir, int logFlags, Subnet subnet, NodeNameMap names) {
        if ((logFlags & LogLevels.ROUTING) != 0) {
            write(dir, SL2VL, Sl2VlDump.render(subnet, names));
        }
    }

    /**
     * Writes {@code opensm-path-sl.dump} ({@link PathSlDump}) when {@code log_flags} has ROUTING and the engine in
     * force puts paths on SLs of their own (lash, dfsssp, torus-2QoS, nue with several layers, a chain with such a
     * step): with every path on SL 0 the file would say nothing {@code ibdmchk} does not assume without it. A fabric
     * whose file would have more than {@value #PATH_SL_MAX_LINES} lines (end ports times LIDs, about 2,000 end
     * ports) gets none, and the log says so ({@code DUMP-0702}).
     *
     * @return whether the file was written
     */
    public static boolean writePathSl(Path dir, SubnetSnapshot snapshot, int logFlags, RoutingResult routing) {
        if ((logFlags & LogLevels.ROUTING) == 0 || routing == null || !routing.isRouted()
                || routing.routed().pathSl() == PathSlProvider.DEFAULT) {
            return false;
        }
        long lines = PathSlDump.lines(snapshot);
        if (lines > PATH_SL_MAX_LINES) {
            LOG.warn("DUMP-0702 {} not written: {} lines (end ports times LIDs) are more than {}", PATH_SL, lines,
                    PATH_SL_MAX_LINES);
            return false;
        }
        return write(dir, PATH_SL, out -> PathSlDump.write(snapshot, routing.routed().pathSl(), out));
    }

    /** Switch indices of {@code in} in OpenSM's table order (byte-reversed GUIDs). */
    static Integer[] switchOrder(RoutingInput in) {
        Integer[] order = new Integer[in.switchCount()];
        Arrays.setAll(order, i -> i);
        long[] g = in.switchGuid();
        Arrays.sort(order, Comparator.comparing((Integer i) -> Long.reverseBytes(g[i]), Long::compareUnsigned));
        return order;
    }

    private static void write(Path dir, String name, String text) {
        write(dir, name, out -> out.write(text));
    }

    /**
     * Writes file {@code name} in {@code dir} as {@code body} streams it; an error is logged and skipped.
     *
     * @return whether the file was written
     */
    private static boolean write(Path dir, String name, Body body) {
        Path file = dir.resolve(name);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            body.writeTo(out);
            return true;
        } catch (IOException e) {
            LOG.error("DUMP-0701 cannot write {}: {}", file, e.toString());
            return false;
        }
    }

    /** A dump file's text, written to a writer. */
    @FunctionalInterface
    private interface Body {
        void writeTo(Writer out) throws IOException;
    }
}
