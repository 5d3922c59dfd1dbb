package dev.jsm.routing.ftree;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.subnet.Guid;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What each end port is to ftree: a compute node (CN: routed first, in leaf order, with the balancing counters that
 * make the shift pattern congestion-free), an I/O node ({@code io_guid_file}: routed afterwards and allowed
 * {@code max_reverse_hops}), another non-CN CA or router port, or not an end node of the tree (a switch's port 0, or a
 * port not cabled to a switch). Without {@code cn_guid_file} every CA and router port is a CN unless
 * {@code io_guid_file} names it, as in OpenSM.
 *
 * <p>Immutable after {@link #classify}; confined to the routing thread.
 */
final class EndNodes {

    /** Kind of an end port: a switch's port 0 or not cabled to a switch. */
    static final byte NONE = 0;
    /** Kind of an end port: compute node. */
    static final byte CN = 1;
    /** Kind of an end port: I/O node. */
    static final byte IO = 2;
    /** Kind of an end port: other CA or router port. */
    static final byte OTHER = 3;

    final byte[] kind;
    final int cns;
    final int endPorts;

    private EndNodes(byte[] kind, int cns, int endPorts) {
        this.kind = kind;
        this.cns = cns;
        this.endPorts = endPorts;
    }

    /** Classifies every end port; GUIDs of the files that are not CA or router ports of the fabric become notes. */
    static EndNodes classify(RoutingInput in, GuidListFile cnFile, GuidListFile ioFile, List<String> notes) {
        Set<Long> cn = cnFile == null ? null : guids(cnFile);
        Set<Long> io = ioFile == null ? Set.of() : guids(ioFile);
        int n = in.endPortCount();
        byte[] kind = new byte[n];
        int cns = 0;
        int endPorts = 0;
        Set<Long> seen = new HashSet<>();
        for (int x = 0; x < n; x++) {
            if (in.endPortIsSwitch()[x] || in.endPortSwitch()[x] < 0) {
                continue;
            }
            long guid = in.endPortGuid()[x];
            seen.add(guid);
            endPorts++;
            boolean inCn = cn != null && cn.contains(guid);
            if (cn == null ? !io.contains(guid) : inCn) {
                kind[x] = CN;
                cns++;
            } else {
                kind[x] = io.contains(guid) ? IO : OTHER;
            }
        }
        skipped(cnFile, seen, notes);
        skipped(ioFile, seen, notes);
        return new EndNodes(kind, cns, endPorts);
    }

    private static Set<Long> guids(GuidListFile file) {
        Set<Long> set = new HashSet<>();
        for (long g : file.guids()) {
            set.add(g);
        }
        return set;
    }

    private static void skipped(GuidListFile file, Set<Long> seen, List<String> notes) {
        if (file == null) {
            return;
        }
        for (int i = 0; i < file.size(); i++) {
            if (!seen.contains(file.guid(i))) {
                notes.add(file.where(i) + ": port GUID " + Guid.toString(file.guid(i)) + " is not a CA or router "
                        + "port cabled to a switch, skipped");
            }
        }
    }

    /** Per switch: whether a CN is cabled to it (OpenSM's leaf switches). */
    boolean[] leafSwitches(RoutingInput in) {
        boolean[] leaf = new boolean[in.switchCount()];
        for (int x = 0; x < kind.length; x++) {
            if (kind[x] == CN) {
                leaf[in.endPortSwitch()[x]] = true;
            }
        }
        return leaf;
    }
}
