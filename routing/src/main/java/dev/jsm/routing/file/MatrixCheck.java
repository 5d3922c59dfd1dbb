package dev.jsm.routing.file;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.LidMatrixDumpFile;
import dev.jsm.subnet.Guid;

/**
 * Compares loaded LFTs with a loaded min-hop matrix ({@code lid_matrix_dump_file}): for every row the matrix has
 * (a switch of the fabric, a destination switch LID remapped through its port GUID), the port the LFT routes that LID
 * through should be one the matrix gives a path, and preferably a least-hop one. OpenSM loads the matrix into its
 * hop tables, where only its own minhop LFT computation and its {@code opensm.fdbs} dump read it; here the engines
 * compute their own hop tables, so the matrix serves as a cross-check of the loaded LFTs, reported in the notes.
 *
 * <p>Stateless.
 */
final class MatrixCheck {

    static final String UNKNOWN_SWITCH = "matrix switch blocks skipped: switch not in the fabric";
    static final String UNKNOWN_DESTINATION = "matrix rows skipped: destination port GUID not in the fabric";
    static final String NO_PATH_PORT = "routes to switch LIDs leave through a port the lid matrix gives no path";
    static final String LONGER_PORT = "routes to switch LIDs leave through a port longer than the matrix's least hops";

    private MatrixCheck() {
    }

    /** Checks {@code lfts} against {@code matrix}, counting disagreements into {@code notes}. */
    static void check(LidMatrixDumpFile matrix, RoutingInput in, FabricGuids guids, LftTables lfts,
                      NoteTally notes) {
        for (int s = 0; s < matrix.switchCount(); s++) {
            int sw = guids.switchIndex(matrix.switchGuid(s));
            if (sw < 0) {
                notes.add(UNKNOWN_SWITCH, matrix.where(matrix.switchLine(s)) + ": "
                        + Guid.toString(matrix.switchGuid(s)));
                continue;
            }
            for (int r = matrix.firstRow(s); r < matrix.firstRow(s + 1); r++) {
                String where = matrix.where(matrix.rowLine(r));
                int lid = matrix.portGuid(r) == 0 ? matrix.lid(r) : guids.remap(matrix.lid(r), matrix.portGuid(r));
                if (lid == FabricGuids.UNKNOWN_PORT || lid > in.maxLid()) {
                    notes.add(UNKNOWN_DESTINATION, where + ": " + Guid.toString(matrix.portGuid(r)));
                    continue;
                }
                int port = lfts.port(sw, lid);
                if (port == LftTables.NO_PATH || port == 0) {
                    continue;
                }
                int hops = matrix.hops(r, port);
                if (hops == LidMatrixDumpFile.NO_PATH) {
                    notes.add(NO_PATH_PORT, where + ": LID " + lid + " via port " + port + " of "
                            + in.describeSwitch(sw));
                } else if (hops > matrix.hops(r, 0)) {
                    notes.add(LONGER_PORT, where + ": LID " + lid + " via port " + port + " (" + hops + " hops, least "
                            + matrix.hops(r, 0) + ")");
                }
            }
        }
    }
}
