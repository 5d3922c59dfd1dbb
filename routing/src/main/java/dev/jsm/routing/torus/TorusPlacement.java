package dev.jsm.routing.torus;

import dev.jsm.subnet.Guid;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a torus-2QoS pass placed each switch, read back from the {@code opensm-torus.dump} text a routed outcome
 * carries ({@link TorusSummary#torusDump()}): the radices and each placed switch's {@code x y z}. For readers that
 * hold only the published routing (the web console's map), not the engine.
 *
 * <p>Immutable; safe to share.
 *
 * @param radix the radix of x, y and z
 * @param coordinates each placed switch's node GUID with its {@code {x, y, z}}
 */
public record TorusPlacement(int[] radix, Map<Long, int[]> coordinates) {

    private static final Pattern HEADER = Pattern.compile("# torus-2QoS (\\d+)x(\\d+)x(\\d+) .*");

    /** Copies the map. */
    public TorusPlacement {
        radix = radix.clone();
        coordinates = Map.copyOf(coordinates);
    }

    /** The radices (a copy). */
    @Override
    public int[] radix() {
        return radix.clone();
    }

    /** The switch's {@code {x, y, z}} (do not change it), or {@code null} if the pass did not place it. */
    public int[] of(long nodeGuid) {
        return coordinates.get(nodeGuid);
    }

    /**
     * The placement a dump's text gives.
     *
     * @throws IllegalArgumentException if the text is not such a dump
     */
    public static TorusPlacement parse(String dump) {
        String[] lines = dump.split("\n");
        Matcher h = HEADER.matcher(lines.length == 0 ? "" : lines[0]);
        if (!h.matches()) {
            throw new IllegalArgumentException("not an opensm-torus.dump: the first line is not '# torus-2QoS XxYxZ'");
        }
        int[] radix = {Integer.parseInt(h.group(1)), Integer.parseInt(h.group(2)), Integer.parseInt(h.group(3))};
        Map<Long, int[]> at = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].startsWith("#") || lines[i].isBlank()) {
                continue;
            }
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < 4) {
                throw new IllegalArgumentException("opensm-torus.dump line " + (i + 1) + ": expected 'x y z guid'");
            }
            if (!f[3].equals("-")) {
                at.put(Guid.parseLong(f[3]), new int[] {Integer.parseInt(f[0]), Integer.parseInt(f[1]),
                    Integer.parseInt(f[2])});
            }
        }
        return new TorusPlacement(radix, at);
    }
}
