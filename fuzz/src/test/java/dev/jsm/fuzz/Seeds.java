package dev.jsm.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The seed corpus on the test classpath ({@code seeds/...}, the project's example and golden files). Stateless. */
final class Seeds {

    private Seeds() {
    }

    /** A seed file's text, e.g. {@code fabrics/tree-torus.pgrp.conf}. */
    static String text(String path) {
        try (InputStream in = Seeds.class.getClassLoader().getResourceAsStream("seeds/" + path)) {
            if (in == null) {
                throw new IllegalStateException("no seed file seeds/" + path + " on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
