package dev.jsm.routing.lash;

import java.util.List;

/**
 * What a lash pass decided, for the log: the layers it needed and the paths on each (after balancing), the VLs the
 * ports allow, and the mesh analysis' findings when it ran.
 *
 * <p>Immutable; safe to share.
 *
 * @param layers the virtual layers used (SLs {@code startVl .. startVl + layers - 1})
 * @param pathsPerLayer switch-to-switch paths per layer after balancing
 * @param availableLayers layers the VLs allowed ({@link VlBudget})
 * @param startVl {@code lash_start_vl}
 * @param pairsMoved pairs the balancing moved to another layer
 * @param mesh the mesh analysis' report lines, empty when it did not run
 */
public record LashSummary(int layers, List<Integer> pathsPerLayer, int availableLayers, int startVl,
                          int pairsMoved, List<String> mesh) {

    /** Copies the lists. */
    public LashSummary {
        pathsPerLayer = List.copyOf(pathsPerLayer);
        mesh = List.copyOf(mesh);
    }

    /** {@code 2 layers (SL 0-1) of 15 available, paths per layer [..], 12 pairs moved by balancing}. */
    public String describe() {
        return layers + " layer" + (layers == 1 ? "" : "s") + " (SL " + startVl
                + (layers > 1 ? "-" + (startVl + layers - 1) : "") + ") of " + availableLayers
                + " available, paths per layer " + pathsPerLayer + ", " + pairsMoved + " pairs moved by balancing";
    }
}
