package dev.jsm.routing.file;

import java.util.List;
import java.util.Objects;

/**
 * What the {@code file} engine's last pass loaded, for the log: the dump files, how many of the fabric's switches
 * the LFT dump covered, and one note per kind of line it skipped or changed (with the first {@code file:line}).
 *
 * <p>Immutable; safe to share.
 *
 * @param lftsFile the LFT dump as configured
 * @param lidMatrixFile the min-hop matrix dump as configured, or {@code null} if none
 * @param switchesLoaded switches of the fabric the LFT dump listed
 * @param switchesNotInFile switches of the fabric it did not list (left with no routes, as OpenSM)
 * @param notes one line per kind of skipped or changed entry
 */
public record FileLoadSummary(String lftsFile, String lidMatrixFile, int switchesLoaded, int switchesNotInFile,
                              List<String> notes) {

    /** Copies the notes; checks for nulls. */
    public FileLoadSummary {
        Objects.requireNonNull(lftsFile, "lftsFile");
        notes = List.copyOf(notes);
    }

    /** {@code file: loaded <file>: N switches, M not in the file; <notes>}. */
    @Override
    public String toString() {
        return "file: loaded " + lftsFile + (lidMatrixFile != null ? " (checked against " + lidMatrixFile + ")" : "")
                + ": " + switchesLoaded + " switches" + (switchesNotInFile > 0 ? ", " + switchesNotInFile
                + " not in the file (no routes)" : "") + (notes.isEmpty() ? "" : "; " + String.join("; ", notes));
    }
}
