package dev.jsm.sim.topo;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;

/** Shared helpers for the topology tests: fixtures on the class path, the shared fabrics, graph checks. */
final class TopoFixtures {

    /**
     * The reference fabrics: the directory the system property {@code jsm.referenceFabrics} names (the reference
     * generator's full set, the large fabrics included), else the repository's {@code fabrics} directory (the same
     * generator's files for the small shapes, {@code fabrics/README.md}). Tests skip what the directory lacks.
     */
    static final Path SHARED = referenceFabrics();

    private TopoFixtures() {
    }

    /** Reads {@code fabrics/<name>} from the test class path. */
    static Topology resource(String name) throws IOException {
        try (Reader r = new InputStreamReader(open(name), StandardCharsets.UTF_8)) {
            return TopologyReader.read(r, name);
        }
    }

    /** The text of {@code fabrics/<name>} on the test class path. */
    static String resourceText(String name) throws IOException {
        try (InputStream in = open(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The reference fabrics' directory, {@link #SHARED}. */
    static Path referenceFabrics() {
        String dir = System.getProperty("jsm.referenceFabrics", "");
        return dir.isBlank() ? Path.of("../fabrics").toAbsolutePath().normalize() : Path.of(dir);
    }

    /** Skips the calling test, with one line on stderr, unless the reference fabrics directory exists. */
    static void assumeSharedFabrics() {
        assumePresent(SHARED);
    }

    /** Skips the calling test, with one line on stderr, unless {@code path} (a reference fabric) exists. */
    static void assumePresent(Path path) {
        boolean present = Files.exists(path);
        if (!present) {
            System.err.println("[topo] SKIPPED: " + path + " not present (reference fabrics: -Djsm.referenceFabrics)");
        }
        assumeTrue(present, path + " not present");
    }

    /** Whether every node can reach every other over the cables. */
    static boolean connected(Topology t) {
        if (t.nodeCount() == 0) {
            return true;
        }
        boolean[] seen = new boolean[t.nodeCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        seen[0] = true;
        int reached = 1;
        while (!queue.isEmpty()) {
            int n = queue.poll();
            for (int p = 1; p <= t.node(n).numPorts(); p++) {
                int peer = t.peerNode(n, p);
                if (peer >= 0 && !seen[peer]) {
                    seen[peer] = true;
                    reached++;
                    queue.add(peer);
                }
            }
        }
        return reached == t.nodeCount();
    }

    /** Number of cabled ports of node {@code n}. */
    static int cabledPorts(Topology t, int n) {
        int used = 0;
        for (int p = 1; p <= t.node(n).numPorts(); p++) {
            if (t.peerNode(n, p) >= 0) {
                used++;
            }
        }
        return used;
    }

    private static InputStream open(String name) throws IOException {
        InputStream in = TopoFixtures.class.getResourceAsStream("/fabrics/" + name);
        if (in == null) {
            throw new IOException("test resource fabrics/" + name + " missing");
        }
        return in;
    }
}
