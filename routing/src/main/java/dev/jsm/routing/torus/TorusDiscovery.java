package dev.jsm.routing.torus;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.TorusConfigFile;
import dev.jsm.subnet.Guid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the configured torus in the fabric: tries the seeds of {@code torus-2QoS.conf} in order until one is usable
 * (its switches present, its links up, enough directions given: radix-4 torus dimensions need both), grows the
 * placement from it ({@link PlacementGrid}), turns the seed-relative positions into coordinates (the seed's common
 * switch is the origin, moved by the seed's {@code x/y/z_dateline}; a mesh starts at its edge), and groups every
 * switch's ports by the direction they point in. Switches and links that cannot be placed, and empty positions,
 * become notes (torus-2QoS(8): "unable to place into the torus some switches and/or links").
 *
 * <p>Stateless; one call per routing pass.
 */
final class TorusDiscovery {

    private static final String[] AXES = {"x", "y", "z"};
    /** Most positions a configured torus may have (the discovery grid of a mesh is up to 8 times larger). */
    static final int MAX_POSITIONS = 1 << 18;

    private TorusDiscovery() {
    }

    /**
     * Places the switches of {@code in} as {@code config} describes.
     *
     * @throws TorusRefusal if the torus is larger than {@link #MAX_POSITIONS}, no seed is usable, a mesh spans more
     *     than its radix, or a port group is larger than {@code portgroup_max_ports}
     */
    static TorusTopology discover(RoutingInput in, TorusConfigFile config) throws TorusRefusal {
        int[] radix = {config.radix(0), config.radix(1), config.radix(2)};
        boolean[] torus = {config.isTorus(0), config.isTorus(1), config.isTorus(2)};
        long positions = (long) radix[0] * radix[1] * radix[2];
        if (positions > MAX_POSITIONS) {
            throw TorusRefusal.notATorus(config.source() + ": a torus of " + positions + " positions is larger than "
                    + MAX_POSITIONS + " (radices " + radix[0] + " " + radix[1] + " " + radix[2] + ")");
        }
        int[][] nbr = neighbours(in);
        List<String> problems = new ArrayList<>();
        if (config.seeds().isEmpty()) {
            throw TorusRefusal.notATorus(config.source() + ": no seed (xp_link ... zm_link) configured");
        }
        for (int s = 0; s < config.seeds().size(); s++) {
            TorusConfigFile.Seed seed = config.seeds().get(s);
            PlacementGrid g = new PlacementGrid(radix, torus, nbr);
            String why = plantSeed(in, config, seed, g);
            if (why != null) {
                problems.add("seed " + (s + 1) + " (" + config.source() + ":" + seed.line() + "): " + why);
                continue;
            }
            g.grow();
            return finish(in, config, seed, s, g, radix, torus, problems);
        }
        throw TorusRefusal.notATorus("no usable torus seed: " + String.join("; ", problems));
    }

    private static String plantSeed(RoutingInput in, TorusConfigFile config, TorusConfigFile.Seed seed,
                                    PlacementGrid g) {
        for (int d = 0; d < 3; d++) {
            int r = config.radix(d);
            boolean p = seed.link(2 * d) != 0;
            boolean m = seed.link(2 * d + 1) != 0;
            if (r > 1 && !p && !m) {
                return "insufficient seed configuration: no " + AXES[d] + "p_link or " + AXES[d] + "m_link for "
                        + AXES[d] + " (radix " + r + ")";
            }
            if (r == 4 && config.isTorus(d) && !(p && m)) {
                return "insufficient seed configuration: " + AXES[d] + " is a radix-4 torus dimension and needs "
                        + "both " + AXES[d] + "p_link and " + AXES[d] + "m_link";
            }
            if (r == 1 && (p || m)) {
                return "a link in " + AXES[d] + ", whose radix is 1";
            }
        }
        int from = in.switchIndexOf(seed.from());
        if (from < 0) {
            return "switch " + Guid.toString(seed.from()) + " is not in the fabric";
        }
        int origin = g.origin();
        g.place(from, origin);
        for (int dir = 0; dir < 6; dir++) {
            if (seed.link(dir) == 0) {
                continue;
            }
            int to = in.switchIndexOf(seed.link(dir));
            if (to < 0) {
                return "switch " + Guid.toString(seed.link(dir)) + " is not in the fabric";
            }
            if (!g.adjacent(from, to)) {
                return "no link from " + Guid.toString(seed.from()) + " to " + Guid.toString(seed.link(dir));
            }
            int cell = g.step(origin, dir / 2, dir % 2 == 0 ? 1 : -1);
            if (g.at[cell] >= 0 && g.at[cell] != to || g.cellOf[to] >= 0 && g.cellOf[to] != cell) {
                return TorusConfigFile.LINK_KEYWORDS.get(dir) + " places " + Guid.toString(seed.link(dir))
                        + " where another seed link already placed a switch";
            }
            g.place(to, cell);
        }
        return null;
    }

    private static TorusTopology finish(RoutingInput in, TorusConfigFile config, TorusConfigFile.Seed seed, int s,
                                        PlacementGrid g, int[] radix, boolean[] torus, List<String> notes)
            throws TorusRefusal {
        int n = in.switchCount();
        int[] offset = new int[3];
        for (int d = 0; d < 3; d++) {
            if (radix[d] == 1) {
                continue;
            }
            if (torus[d]) {
                offset[d] = -seed.dateline(d);
                continue;
            }
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int sw = 0; sw < n; sw++) {
                if (g.cellOf[sw] >= 0) {
                    min = Math.min(min, g.coord(g.cellOf[sw], d));
                    max = Math.max(max, g.coord(g.cellOf[sw], d));
                }
            }
            if (max - min >= radix[d]) {
                throw TorusRefusal.notATorus("mesh dimension " + AXES[d] + " spans " + (max - min + 1)
                        + " switches, more than its configured radix " + radix[d]);
            }
            offset[d] = -min;
        }
        int[][] coord = new int[3][n];
        int[] grid = new int[radix[0] * radix[1] * radix[2]];
        Arrays.fill(grid, -1);
        int placed = 0;
        List<String> unplaced = new ArrayList<>();
        for (int sw = 0; sw < n; sw++) {
            int cell = g.cellOf[sw];
            if (cell < 0) {
                coord[0][sw] = coord[1][sw] = coord[2][sw] = -1;
                unplaced.add(Guid.toString(in.switchGuid()[sw]));
                continue;
            }
            for (int d = 0; d < 3; d++) {
                coord[d][sw] = Math.floorMod(g.coord(cell, d) + offset[d], radix[d]);
            }
            grid[coord[0][sw] + radix[0] * (coord[1][sw] + radix[1] * coord[2][sw])] = sw;
            placed++;
        }
        List<String> out = new ArrayList<>(notes);
        if (!unplaced.isEmpty()) {
            out.add(unplaced.size() + " switch(es) could not be placed in the torus (degraded fabric or radix "
                    + "misconfigured): " + String.join(", ", unplaced.subList(0, Math.min(unplaced.size(),
                    config.maxChanges()))));
        }
        boolean[] wrap = new boolean[3];
        for (int d = 0; d < 3; d++) {
            wrap[d] = torus[d] && radix[d] >= 3;
        }
        int empty = grid.length - placed;
        if (empty > 0) {
            List<String> where = new ArrayList<>();
            for (int c = 0; c < grid.length && where.size() < config.maxChanges(); c++) {
                if (grid[c] < 0) {
                    where.add("(" + c % radix[0] + "," + c / radix[0] % radix[1] + "," + c / (radix[0] * radix[1])
                            + ")");
                }
            }
            out.add(empty + " torus position(s) have no switch: " + String.join(" ", where));
        }
        TorusPorts ports = TorusPorts.group(in, coord, radix, wrap, config.portgroupMaxPorts(), out);
        return new TorusTopology(radix, wrap, coord, grid, ports.dirPorts(), ports.portDim(), in.portStart(),
                placed, s, out);
    }

    /** The distinct switch neighbours of every switch (no self-links), from the input's edges. */
    static int[][] neighbours(RoutingInput in) {
        int n = in.switchCount();
        int[][] nbr = new int[n][];
        int[] tmp = new int[256];
        for (int sw = 0; sw < n; sw++) {
            int k = 0;
            for (int e = in.linkStart()[sw]; e < in.linkStart()[sw + 1]; e++) {
                int p = in.peerSwitch()[e];
                boolean dup = p == sw;
                for (int i = 0; i < k && !dup; i++) {
                    dup = tmp[i] == p;
                }
                if (!dup) {
                    tmp[k++] = p;
                }
            }
            nbr[sw] = Arrays.copyOf(tmp, k);
        }
        return nbr;
    }
}
