package dev.jsm.routing.sssp;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.subnet.Guid;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The group of each end port in sssp's and dfsssp's destination order, from {@code cn_guid_file} and
 * {@code io_guid_file}: the compute nodes the first file names are routed first, then the I/O nodes the second names,
 * then every other CA and router port, so that the balancing serves compute-to-compute traffic before anything else
 * (OpenSM's dfsssp does the same). Without files every port is in the first group. A file that lists no GUID counts
 * as not given, with a note, as in OpenSM; a port named by both files is a compute node. The files are read on every
 * routing pass, so an edited file takes effect at the next heavy sweep.
 *
 * <p>Immutable; confined to the routing thread. In detail: docs/design/routing.md#nodegroups.
 */
final class NodeGroups {

    /** Group of a compute node, and of every port when no file is given. */
    static final int CN = 0;
    /** Group of an I/O node. */
    static final int IO = 1;
    /** Group of the other CA and router ports when a file is given. */
    static final int OTHER = 2;
    /** How many groups there are. */
    static final int COUNT = 3;

    private NodeGroups() {
    }

    /**
     * The group of each end port of {@code in} (indexed like {@link RoutingInput#endPortGuid()}); notes for empty
     * files and for GUIDs that are no CA or router port cabled to a switch go to {@code notes}.
     *
     * @throws RoutingFileException if a file cannot be read or has a malformed line
     */
    static int[] of(RoutingInput in, Optional<Path> cnFile, Optional<Path> ioFile, List<String> notes)
            throws RoutingFileException {
        Set<Long> cn = read(cnFile, "cn_guid_file", notes);
        Set<Long> io = read(ioFile, "io_guid_file", notes);
        int[] group = new int[in.endPortCount()];
        if (cn.isEmpty() && io.isEmpty()) {
            return group;
        }
        Set<Long> seen = new HashSet<>();
        for (int ep = 0; ep < group.length; ep++) {
            if (in.endPortIsSwitch()[ep] || in.endPortSwitch()[ep] < 0) {
                continue;
            }
            long guid = in.endPortGuid()[ep];
            seen.add(guid);
            group[ep] = cn.contains(guid) ? CN : io.contains(guid) ? IO : OTHER;
        }
        unknown(cn, seen, "cn_guid_file", notes);
        unknown(io, seen, "io_guid_file", notes);
        return group;
    }

    private static Set<Long> read(Optional<Path> file, String option, List<String> notes) throws RoutingFileException {
        Set<Long> guids = new HashSet<>();
        if (file.isPresent()) {
            GuidListFile list = GuidListFile.read(file.get());
            for (long g : list.guids()) {
                guids.add(g);
            }
            if (guids.isEmpty()) {
                notes.add(option + " " + list.source() + " lists no GUID, ignored");
            }
        }
        return guids;
    }

    private static void unknown(Set<Long> listed, Set<Long> seen, String option, List<String> notes) {
        long missing = listed.stream().filter(g -> !seen.contains(g)).count();
        if (missing > 0) {
            long first = listed.stream().filter(g -> !seen.contains(g)).min(Long::compareUnsigned).orElseThrow();
            notes.add(option + ": " + missing + " GUID" + (missing == 1 ? " is" : "s are") + " not a CA or router port "
                    + "cabled to a switch (first " + Guid.toString(first) + "), skipped");
        }
    }
}
