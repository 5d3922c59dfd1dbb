package dev.jsm.daemon;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The routing chain policy files of {@code fabrics/tree-torus.net}, copied for a test: the three policy files, and
 * the torus step's own file with {@code torus_config} made absolute (in {@code fabrics} it is relative to the
 * repository root). Test fixture; stateless.
 */
final class TreeTorusPolicies {

    /** The repository's {@code fabrics} directory. */
    static final Path FABRICS = ReferenceScript.TOP.resolve("fabrics");
    /** The fabric. */
    static final Path NET = FABRICS.resolve("tree-torus.net");

    private TreeTorusPolicies() {
    }

    /**
     * Copies the files into {@code dir}.
     *
     * @return the three policy file options as name/value pairs
     */
    static String[] copyTo(Path dir) throws IOException {
        for (String f : List.of("tree-torus.pgrp.conf", "tree-torus.topo.conf", "tree-torus.rch.conf")) {
            Files.copy(FABRICS.resolve(f), dir.resolve(f));
        }
        Files.writeString(dir.resolve("tree-torus.torus-step.conf"), "torus_config "
                + FABRICS.resolve("tree-torus.torus-2QoS.conf") + "\n");
        return new String[] {"pgrp_policy_file", dir.resolve("tree-torus.pgrp.conf").toString(),
            "topo_policy_file", dir.resolve("tree-torus.topo.conf").toString(),
            "rch_policy_file", dir.resolve("tree-torus.rch.conf").toString()};
    }
}
