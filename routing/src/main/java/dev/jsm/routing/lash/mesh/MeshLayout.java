package dev.jsm.routing.lash.mesh;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of a {@link MeshAnalysis}: whether a mesh was found, and if so the new link order of every switch
 * (for {@link dev.jsm.routing.lash.mesh.SwitchGraph#reordered}) and the order lash processes the switches in; plus
 * report lines for the log either way.
 *
 * <p>Immutable by convention: the arrays are handed over and never written again; safe to share.
 *
 * @param found whether the dominant switch class is a known mesh type (then the orders apply)
 * @param linkOrder per switch, the old local index of each new link position; {@code null} when not found
 * @param switchOrder switch indices in processing order; {@code null} when not found
 * @param report what the analysis saw, for the log
 */
public record MeshLayout(boolean found, int[] linkOrder, int[] switchOrder, List<String> report) {

    /** Checks that the orders are present exactly when a mesh was found. */
    public MeshLayout {
        Objects.requireNonNull(report, "report");
        report = List.copyOf(report);
        if (found != (linkOrder != null) || found != (switchOrder != null)) {
            throw new IllegalArgumentException("link and switch orders must be given exactly when a mesh was found");
        }
    }

    /** No mesh: lash routes on the original link order. */
    static MeshLayout none(List<String> report) {
        return new MeshLayout(false, null, null, report);
    }
}
