package dev.jsm.daemon.dump;

import dev.jsm.routing.PathSlProvider;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code opensm-path-sl.dump}: the SL of every path the routing engine placed on an SL of its own, one line per
 * source end port and destination LID, {@code 0x<source node GUID> <destination LID> <SL>} (GUID in lower-case hex,
 * LID and SL in decimal) - the path-SL file ibutils' {@code ibdmchk -c} reads to follow each path on its SL in its
 * credit-loop check (docs/operations.md, "Judged by ibdmchk"). OpenSM 3.3.23 writes no such file; jsm's name follows
 * its dump files. Sources are the end ports with LIDs (CA and router ports, switch port 0) in OpenSM's port GUID
 * order, destinations every LID an end port holds (each LID of an LMC range), the SL the engine's
 * {@link PathSlProvider} gives from the source's base LID.
 *
 * <p>Stateless; thread-safe.
 */
final class PathSlDump {

    /** Characters gathered before they go to the writer. */
    private static final int CHUNK_CHARS = 1 << 16;

    private PathSlDump() {
    }

    /** The number of lines the file has for {@code s}: sources times destination LIDs. */
    static long lines(SubnetSnapshot s) {
        long sources = 0;
        long lids = 0;
        for (EndPortView e : s.endPorts()) {
            if (e.hasLids()) {
                sources++;
                lids += e.lidRange().count();
            }
        }
        return sources * lids;
    }

    /** Writes the file's lines for {@code s} with the SLs of {@code pathSl} to {@code out}, a chunk at a time. */
    static void write(SubnetSnapshot s, PathSlProvider pathSl, Writer out) throws IOException {
        List<EndPortView> sources = DumpOrder.endPortsWithLids(s);
        int[] lids = sources.stream().flatMapToInt(e -> IntStream.rangeClosed(e.lidRange().first(),
                e.lidRange().last())).sorted().toArray();
        StringBuilder sb = new StringBuilder(CHUNK_CHARS + 64);
        StringBuilder guid = new StringBuilder(20);
        for (EndPortView src : sources) {
            guid.setLength(0);
            Hex.lower(guid.append("0x"), s.nodes().get(src.nodeIndex()).nodeGuid(), 16).append(' ');
            int slid = src.lidRange().base();
            for (int dlid : lids) {
                sb.append(guid).append(dlid).append(' ').append(pathSl.pathSl(slid, dlid)).append('\n');
                if (sb.length() >= CHUNK_CHARS) {
                    out.append(sb);
                    sb.setLength(0);
                }
            }
        }
        out.append(sb);
    }
}
