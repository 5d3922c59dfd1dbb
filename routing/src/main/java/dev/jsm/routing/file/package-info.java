/**
 * The {@code file} routing engine: loads the LFTs of an OpenSM {@code opensm-lfts.dump} ({@code lfts_file},
 * {@code -U}) onto the current fabric, remapping LIDs through the port GUIDs the dump names, and checks them against
 * an optional {@code opensm-lid-matrix.dump} ({@code lid_matrix_dump_file}, {@code -M}).
 *
 * <p>{@link dev.jsm.routing.file.FileEngine} runs the pass; the dump readers are
 * {@link dev.jsm.routing.fileformat.LftDumpFile} and {@link dev.jsm.routing.fileformat.LidMatrixDumpFile};
 * {@code LftLoader} writes the tables with OpenSM's rules, {@code MatrixCheck} compares them with the matrix,
 * {@code FabricGuids} does the GUID lookups and LID remapping, and {@link dev.jsm.routing.file.FileLoadSummary}
 * reports what was skipped.
 */
package dev.jsm.routing.file;
