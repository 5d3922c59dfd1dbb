package dev.jsm.routing.nue;

/**
 * What one nue pass did, for the log and the benchmark.
 *
 * <p>Immutable; safe to share.
 *
 * @param layers the virtual layers the destinations were spread over
 * @param availableVls the VLs the fabric runs ({@code max_op_vls}, the switch cables' VLCap)
 * @param layerLids the destination LIDs routed inside the layers
 * @param backtracked how many of them needed a backtracking step around an impasse
 * @param escaped how many of them took the layer's escape paths
 * @param dependencies the channel dependencies the layers use, summed over the layers
 */
public record NueSummary(int layers, int availableVls, int layerLids, int backtracked, int escaped,
                         long dependencies) {

    /** One line for the log (the daemon prefixes the engine name). */
    public String describe() {
        return layerLids + " destination LIDs in " + layers + " virtual layer" + (layers == 1 ? "" : "s")
                + " (" + availableVls + " VLs available), " + dependencies + " channel dependencies, " + backtracked
                + " routed after backtracking, " + escaped + " on the escape paths";
    }
}
