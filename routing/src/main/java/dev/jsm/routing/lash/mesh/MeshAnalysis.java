package dev.jsm.routing.lash.mesh;

import dev.jsm.routing.lash.mesh.MeshTypes.MeshType;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSM's {@code do_mesh_analysis} for lash (docs/reference/lash-mesh-analysis.md): find out whether the fabric is
 * (mostly) a
 * Cartesian mesh or torus however its cables are plugged, and if so present every switch's links in dimension
 * order so that lash's breadth-first trees give dimension-ordered paths and need the fewest layers.
 *
 * <ol>
 *   <li>Local geometry ({@link SwitchClasses}): per switch the distances between its neighbours avoiding it
 *       ({@link NeighbourDistances}), their characteristic polynomial ({@link CharacteristicPolynomial}), its known
 *       mesh type ({@link MeshTypes}), and the histogram of switches by polynomial. If the largest class is not a
 *       known mesh type, nothing changes.</li>
 *   <li>Global geometry ({@link AxisAssignment}): axes from the first switch of the largest class, spread by the
 *       three rules.</li>
 *   <li>Coordinates and reordering ({@link MeshCoordinates}): coordinates from the seed, dimension order by extent,
 *       each switch's links {@code -+} or {@code +-} by the sign of its coordinate, links without axis last; the
 *       switches in coordinate order.</li>
 * </ol>
 * Cost: one bounded breadth-first search per (switch, neighbour) pair for switches of at most 8 neighbours, then
 * passes over the links until the axes settle.
 *
 * <p>Stateless; thread-safe.
 */
public final class MeshAnalysis {

    private MeshAnalysis() {
    }

    /**
     * Analyses {@code g} (its logical links in their current order); switches with equal coordinates keep their
     * order in {@code baseOrder} (every switch index once).
     */
    public static MeshLayout analyse(SwitchGraph g, int[] baseOrder) {
        List<String> report = new ArrayList<>();
        SwitchClasses classes = new SwitchClasses(g);
        int dominant = classes.dominant();
        if (dominant < 0) {
            report.add("mesh analysis: found no likely mesh switches");
            return MeshLayout.none(report);
        }
        int seed = classes.exemplar.get(dominant);
        MeshType type = classes.type[seed];
        int n = classes.size.size();
        report.add("mesh analysis: " + n + " switch class" + (n == 1 ? "" : "es") + ", the largest has "
                + classes.size.get(dominant) + " of " + g.switchCount() + " switches, polynomial "
                + SwitchClasses.format(classes.poly[seed]) + ": "
                + (type == null ? "unknown geometry" : type.describe() + " mesh"));
        if (type == null) {
            return MeshLayout.none(report);
        }
        int[] axis = AxisAssignment.assign(g, classes.matrix, seed, type.dimension());
        MeshCoordinates coordinates = new MeshCoordinates(g, axis, seed, type.dimension());
        int withAxis = 0;
        for (int a : axis) {
            if (a != 0) {
                withAxis++;
            }
        }
        StringBuilder found = new StringBuilder("mesh analysis: found ");
        for (int i = 0; i < coordinates.dimension; i++) {
            found.append(i == 0 ? "" : " x ").append(coordinates.size[coordinates.dimOrder[i]]);
        }
        report.add(found.append(" mesh; ").append(withAxis).append(" of ").append(g.linkCount())
                .append(" links have an axis").toString());
        return new MeshLayout(true, coordinates.linkOrder(g, axis), coordinates.switchOrder(baseOrder), report);
    }
}
