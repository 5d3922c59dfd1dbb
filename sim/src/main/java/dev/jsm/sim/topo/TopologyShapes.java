package dev.jsm.sim.topo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Builds a fabric from a shape string such as {@code fat3:k=36} or {@code torus:dims=6x6x6,links=2,hosts=2}, or reads
 * it from a file: the value of a {@code --sim-topology} option.
 *
 * <p>Generated GUIDs are {@code 0x0002c901xxxxxxxx} for switches and {@code 0x0002c902xxxxxxxx} for hosts, in steps
 * of 0x10 by position, as in the example fabrics. Stateless; thread-safe.
 *
 * <p>In detail: docs/design/sim.md#topologyshapes.
 */
public final class TopologyShapes {

    private static final Set<String> KINDS =
            Set.of("fat2", "fattree2", "fat3", "fattree3", "torus", "mesh", "hypercube", "random", "tree-torus");

    private TopologyShapes() {
    }

    /**
     * A fabric from a file ({@code net} or ibnetdiscover format) if {@code fileOrShape} names an existing file,
     * otherwise from the shape string.
     *
     * @throws TopologyParseException if the file is malformed
     * @throws NoSuchFileException if it is neither an existing file nor a shape
     * @throws IllegalArgumentException if it is a malformed shape
     */
    public static Topology load(String fileOrShape) throws IOException {
        try {
            Path p = Path.of(fileOrShape);
            if (Files.isRegularFile(p)) {
                return TopologyReader.read(p);
            }
        } catch (InvalidPathException e) {
            // not a path; maybe a shape
        }
        if (isShape(fileOrShape)) {
            return parse(fileOrShape);
        }
        throw new NoSuchFileException(fileOrShape, null,
                "neither a topology file nor a shape (fat2:, fat3:, torus:, mesh:, hypercube:, random:)");
    }

    /** Whether {@code s} starts with a known shape kind (followed by ':' or nothing). */
    public static boolean isShape(String s) {
        int colon = s.indexOf(':');
        return KINDS.contains(colon < 0 ? s : s.substring(0, colon));
    }

    /**
     * Generates the fabric {@code shape} describes.
     *
     * @throws IllegalArgumentException naming the shape and the problem, if it is malformed or impossible
     */
    public static Topology parse(String shape) {
        int colon = shape.indexOf(':');
        String kind = colon < 0 ? shape : shape.substring(0, colon);
        ShapeParams p = new ShapeParams(shape, colon < 0 ? "" : shape.substring(colon + 1));
        try {
            Supplier<Topology> generator = switch (kind) {
                case "fat2", "fattree2" -> twoLevel(p)::build;
                case "fat3", "fattree3" -> threeLevel(p)::build;
                case "torus", "mesh" -> new TorusFabric(kind.equals("torus"), p.dims("dims"), p.get("links", 1),
                        p.get("hosts", 1))::build;
                case "hypercube" -> new HypercubeFabric(p.required("dim"), p.get("hosts", 1))::build;
                case "tree-torus" -> treeTorus(p)::build;
                case "random" -> new RandomFabric(p.required("switches"), p.get("radix", 36), p.get("degree", 4),
                        p.get("hosts", 1), p.get("seed", 1))::build;
                default -> throw new IllegalArgumentException("unknown kind '" + kind
                        + "' (known: fat2, fat3, torus, mesh, hypercube, random, tree-torus)");
            };
            int removeSwitches = p.get("remove-switches", 0);
            int removeLinks = p.get("remove-links", 0);
            int degradeSeed = p.get("degrade-seed", 1);
            int twin = p.get("twin", -1);
            int twinOf = p.get("twin-of", -1);
            Integer vports = p.optional("vports");
            String vportLids = p.word("vport-lids");
            int lftCap = p.get("lftcap", 0);
            String speed = p.word("speed");
            String width = p.word("width");
            String hostSpeeds = p.word("host-speeds");
            ShapeOptions options = new ShapeOptions(p.get("routers", 0), p.get("router-aliases", 1),
                    speed == null ? null : LinkSpeed.of(speed), width == null ? null : LinkWidth.of(width),
                    hostSpeeds == null ? List.of() : ShapeOptions.speeds(hostSpeeds));
            p.checkAllUsed();
            Topology t = generator.get();
            if (removeSwitches != 0 || removeLinks != 0) {
                t = TopologyDegrader.degrade(t, removeSwitches, removeLinks, degradeSeed);
            }
            if ((twin < 0) != (twinOf < 0) || Math.max(twin, twinOf) >= t.nodeCount()) {
                throw new IllegalArgumentException("twin and twin-of go together, each a node index below "
                        + t.nodeCount());
            }
            t = twin < 0 ? t : DuplicateGuids.cloneGuids(t, twinOf, twin);
            t = options.apply(t);
            if (vports == null && vportLids != null) {
                throw new IllegalArgumentException("vport-lids needs vports");
            }
            t = lftCap == 0 ? t : t.withLinearFdbCap(lftCap);
            return vports == null ? t : t.withVPorts(new VPortSpec(vports,
                    vportLids == null ? VPortSpec.Lids.ALL : VPortSpec.Lids.of(vportLids)));
        } catch (IllegalArgumentException e) {
            throw e.getMessage() != null && e.getMessage().startsWith("shape '") ? e
                    : new IllegalArgumentException("shape '" + shape + "': " + e.getMessage(), e);
        }
    }

    private static TwoLevelFatTree twoLevel(ShapeParams p) {
        int radix = p.radix();
        int hosts = p.get("hosts", radix / 2);
        Integer links = p.optional("links");
        Integer spines = p.optional("spines");
        int s = spines != null ? spines : (radix - hosts) / (links != null ? links : 1);
        int l = links != null ? links : Math.max(1, (radix - hosts) / Math.max(s, 1));
        return new TwoLevelFatTree(radix, p.get("leaves", radix / l), s, hosts, l);
    }

    private static ThreeLevelFatTree threeLevel(ShapeParams p) {
        int radix = p.radix();
        int half = radix / 2;
        return new ThreeLevelFatTree(radix, p.get("pods", radix), p.get("leaves", half), p.get("mids", half),
                p.get("cores", half), p.get("hosts", half));
    }

    private static TreeTorusFabric treeTorus(ShapeParams p) {
        TorusFabric torus = new TorusFabric(p.get("mesh", 0) == 0, p.dims("dims"), p.get("torus-links", 1),
                p.get("torus-hosts", 1));
        return new TreeTorusFabric(threeLevel(p), torus, p.get("bridges", 1));
    }

    /** The {@code key=value} list of one shape string, tracking which keys were used. */
    private static final class ShapeParams {
        private final String shape;
        private final Map<String, String> values = new LinkedHashMap<>();

        ShapeParams(String shape, String list) {
            this.shape = shape;
            if (list.isEmpty()) {
                return;
            }
            for (String kv : list.split(",", -1)) {
                int eq = kv.indexOf('=');
                if (eq <= 0 || values.putIfAbsent(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip()) != null) {
                    throw fail("expected distinct key=value parameters, found '" + kv + "'");
                }
            }
        }

        int radix() {
            if (values.containsKey("k") && values.containsKey("radix")) {
                throw fail("give either k or radix, not both");
            }
            return values.containsKey("k") ? required("k") : required("radix");
        }

        int required(String key) {
            Integer v = optional(key);
            if (v == null) {
                throw fail("parameter '" + key + "' is required");
            }
            return v;
        }

        int get(String key, int defaultValue) {
            Integer v = optional(key);
            return v == null ? defaultValue : v;
        }

        Integer optional(String key) {
            String v = values.remove(key);
            if (v == null) {
                return null;
            }
            try {
                return Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw fail("expected an integer for '" + key + "', found '" + v + "'");
            }
        }

        /** A word value, or null when the key is absent. */
        String word(String key) {
            return values.remove(key);
        }

        List<Integer> dims(String key) {
            String v = values.remove(key);
            if (v == null || !v.matches("[0-9]{1,6}(x[0-9]{1,6}){0,2}")) {
                throw fail("expected " + key + "=N[xN[xN]], found " + (v == null ? "nothing" : "'" + v + "'"));
            }
            List<Integer> dims = new ArrayList<>();
            for (String d : v.split("x")) {
                dims.add(Integer.parseInt(d));
            }
            return dims;
        }

        void checkAllUsed() {
            if (!values.isEmpty()) {
                throw fail("unknown parameter(s) " + values.keySet());
            }
        }

        private IllegalArgumentException fail(String what) {
            return new IllegalArgumentException("shape '" + shape + "': " + what);
        }
    }
}
