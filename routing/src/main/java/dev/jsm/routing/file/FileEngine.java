package dev.jsm.routing.file;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.LftDumpFile;
import dev.jsm.routing.fileformat.LidMatrixDumpFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * OpenSM's {@code file} routing engine: instead of computing routes it loads the LFTs of an earlier
 * {@code opensm-lfts.dump} ({@code lfts_file}, {@code -U}), remapping each LID through the port GUID the dump names,
 * so a dump stays valid when LIDs were reassigned. The files are read on every pass, so an edited dump takes effect
 * at the next heavy sweep. Loading rules are {@link LftLoader}'s; an optional {@code opensm-lid-matrix.dump}
 * ({@code lid_matrix_dump_file}, {@code -M}) is read too and the loaded routes are checked against it
 * ({@link MatrixCheck}).
 *
 * <p>Called by one thread at a time (the sweep thread); {@link #lastSummary()} may be read from any thread.
 *
 * <p>In detail: docs/design/routing.md#fileengine.
 */
public final class FileEngine implements RoutingEngine {

    /** The engine's OpenSM name. */
    public static final String NAME = "file";

    private final Optional<Path> lftsFile;
    private final Optional<Path> lidMatrixFile;
    private volatile FileLoadSummary lastSummary;

    /**
     * An engine loading {@code lftsFile} and checking it against {@code lidMatrixFile}.
     *
     * @param lftsFile the LFT dump, or empty if not configured
     * @param lidMatrixFile the min-hop matrix dump, or empty if not configured
     */
    public FileEngine(Optional<Path> lftsFile, Optional<Path> lidMatrixFile) {
        this.lftsFile = lftsFile;
        this.lidMatrixFile = lidMatrixFile;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** What the last routed pass loaded, or empty before the first one. */
    public Optional<FileLoadSummary> lastSummary() {
        return Optional.ofNullable(lastSummary);
    }

    @Override
    public RouteOutcome route(RoutingInput in, LftTables out) {
        if (lftsFile.isEmpty()) {
            return RouteOutcome.declined(NAME + ": no lfts_file given" + (lidMatrixFile.isPresent()
                    ? " (a lid_matrix_dump_file alone is not used: engines compute their own min-hop tables)" : ""));
        }
        LftDumpFile dump;
        LidMatrixDumpFile matrix = null;
        try {
            dump = LftDumpFile.read(lftsFile.get());
            if (lidMatrixFile.isPresent()) {
                matrix = LidMatrixDumpFile.read(lidMatrixFile.get());
            }
        } catch (RoutingFileException e) {
            return e.line() == 0 ? RouteOutcome.declined(NAME + ": " + e.getMessage())
                    : RouteOutcome.failed(NAME + ": " + e.getMessage());
        }
        FabricGuids guids = new FabricGuids(in);
        NoteTally notes = new NoteTally();
        boolean[] listed = LftLoader.load(dump, in, guids, out, notes);
        int loaded = 0;
        for (boolean l : listed) {
            loaded += l ? 1 : 0;
        }
        if (loaded == 0 && in.switchCount() > 0) {
            return RouteOutcome.declined(NAME + ": " + dump.source() + " lists none of the fabric's "
                    + in.switchCount() + " switches (" + dump.switchCount() + " switch blocks)");
        }
        if (matrix != null) {
            MatrixCheck.check(matrix, in, guids, out, notes);
        }
        lastSummary = new FileLoadSummary(dump.source(), matrix == null ? null : matrix.source(), loaded,
                in.switchCount() - loaded, notes.lines());
        return RouteOutcome.routed();
    }

    /** {@code FileEngine[lfts_file=..., lid_matrix_dump_file=...]}. */
    @Override
    public String toString() {
        return "FileEngine[lfts_file=" + lftsFile.map(Path::toString).orElse("(none)") + ", lid_matrix_dump_file="
                + lidMatrixFile.map(Path::toString).orElse("(none)") + "]";
    }
}
